// Households through the API: the personal household sign-up makes, households made, members
// and roles, invitations, the active household a data request acts on (the Moneta-Household
// header, else the default) and the role it needs there.
import type { CreatedInvitation, Household, HouseholdMember } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(
  user: SignedUpUser,
  method: Method,
  url: string,
  payload?: object,
  household?: string,
) {
  return context.app.inject({
    method,
    url,
    headers: { ...user.headers, ...(household ? { 'moneta-household': household } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function households(user: SignedUpUser): Promise<Household[]> {
  const response = await call(user, 'GET', '/api/households');
  expect(response.statusCode).toBe(200);
  return response.json<Household[]>();
}

async function invite(owner: SignedUpUser, householdId: string, body: object) {
  const response = await call(owner, 'POST', `/api/households/${householdId}/invitations`, body);
  expect(response.statusCode).toBe(201);
  return response.json<CreatedInvitation>();
}

async function securityEvents(user: SignedUpUser): Promise<string[]> {
  const response = await call(user, 'GET', '/api/auth/events');
  return response.json<Array<{ type: string }>>().map((event) => event.type);
}

describe('households: making them and inviting', () => {
  it('gives every new user a personal household of their own, owner and default', async () => {
    const user = await signUp(context.app, { setup: true });
    const [personal, ...others] = await households(user);
    expect(others).toEqual([]);
    expect(personal).toMatchObject({
      name: 'Personal',
      role: 'owner',
      memberCount: 1,
      isDefault: true,
    });
    expect(personal!._id).not.toBe(user.id);
    // Its Main account is in it: a request naming the household reads it.
    const accounts = await call(user, 'GET', '/api/accounts', undefined, personal!._id);
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json<Array<{ name: string }>>().map((account) => account.name)).toEqual([
      'Main',
    ]);
  });

  it('makes, renames and deletes a household; never the only one', async () => {
    const user = await signUp(context.app, { setup: true });
    const [personal] = await households(user);
    const made = await call(user, 'POST', '/api/households', {
      name: '  Home  ',
      baseCurrency: 'EUR',
    });
    expect(made.statusCode).toBe(201);
    const home = made.json<Household>();
    expect(home).toMatchObject({
      name: 'Home',
      baseCurrency: 'EUR',
      role: 'owner',
      memberCount: 1,
      isDefault: false,
    });
    const renamed = await call(user, 'PUT', `/api/households/${home._id}`, { name: 'Flat' });
    expect(renamed.json()).toMatchObject({ name: 'Flat', baseCurrency: 'EUR' });
    expect((await households(user)).map((one) => one.name)).toEqual(['Personal', 'Flat']);

    const bad = await call(user, 'POST', '/api/households', { name: '', baseCurrency: 'XXX' });
    expect(bad.statusCode).toBe(400);

    // The default moves; deleting it gives the user their first remaining household again.
    const moved = await call(user, 'PUT', `/api/households/${home._id}/default`);
    expect(moved.json()).toMatchObject({ _id: home._id, isDefault: true });
    const deleted = await call(user, 'DELETE', `/api/households/${home._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await households(user)).toMatchObject([{ _id: personal!._id, isDefault: true }]);
    const only = await call(user, 'DELETE', `/api/households/${personal!._id}`);
    expect(only.statusCode).toBe(409);
    expect(only.json()).toMatchObject({ code: 'ONLY_HOUSEHOLD' });

    // Someone else's household, or no household at all, is not found.
    const stranger = await signUp(context.app, { setup: true });
    for (const id of [personal!._id, 'not-an-id']) {
      const response = await call(stranger, 'GET', `/api/households/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'HOUSEHOLD_NOT_FOUND' });
    }
  });

  it('invites with a one-time code that is shown once, used once and can be revoked', async () => {
    const owner = await signUp(context.app, { setup: true });
    const partner = await signUp(context.app, { setup: true });
    const [home] = await households(owner);
    const invitation = await invite(owner, home!._id, { role: 'editor' });
    expect(invitation.code.length).toBeGreaterThanOrEqual(43);
    expect(invitation.url).toBe(`/join/${invitation.code}`);
    const listed = await call(owner, 'GET', `/api/households/${home!._id}/invitations`);
    expect(listed.body).not.toContain(invitation.code);
    expect(listed.json()).toMatchObject([
      { _id: invitation._id, role: 'editor', acceptedAt: null },
    ]);

    const accepted = await call(partner, 'POST', '/api/invitations/accept', {
      code: invitation.code,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      _id: home!._id,
      role: 'editor',
      memberCount: 2,
      isDefault: false,
    });
    const members = await call(partner, 'GET', `/api/households/${home!._id}/members`);
    expect(members.json<HouseholdMember[]>().map(({ email, role }) => ({ email, role }))).toEqual([
      { email: owner.email, role: 'owner' },
      { email: partner.email, role: 'editor' },
    ]);

    // Used, revoked, unknown: one 404 with one message.
    const used = await call(partner, 'POST', '/api/invitations/accept', { code: invitation.code });
    const revokedInvitation = await invite(owner, home!._id, { role: 'viewer' });
    const revoke = await call(
      owner,
      'DELETE',
      `/api/households/${home!._id}/invitations/${revokedInvitation._id}`,
    );
    expect(revoke.statusCode).toBe(200);
    const third = await signUp(context.app, { setup: true });
    const revoked = await call(third, 'POST', '/api/invitations/accept', {
      code: revokedInvitation.code,
    });
    const unknown = await call(third, 'POST', '/api/invitations/accept', { code: 'x'.repeat(43) });
    for (const response of [used, revoked, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }

    // An invitation for an e-mail is that user's only.
    const forThird = await invite(owner, home!._id, { role: 'viewer', email: third.email });
    const wrongUser = await signUp(context.app, { setup: true });
    const refused = await call(wrongUser, 'POST', '/api/invitations/accept', {
      code: forThird.code,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INVITATION_FOR_ANOTHER' });
    const joined = await call(third, 'POST', '/api/invitations/accept', { code: forThird.code });
    expect(joined.json()).toMatchObject({ role: 'viewer', memberCount: 3 });

    // Only an owner invites.
    const byEditor = await call(partner, 'POST', `/api/households/${home!._id}/invitations`, {
      role: 'viewer',
    });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json()).toMatchObject({ code: 'ROLE_FORBIDS' });
    expect(byEditor.json<{ message: string }>().message).toMatch(/owner/);

    expect(await securityEvents(owner)).toEqual(
      expect.arrayContaining(['invitation-created', 'invitation-revoked']),
    );
    expect(await securityEvents(partner)).toContain('invitation-accepted');
  });
});

describe('households: acting as a member', () => {
  it('acts on the household the header names, with the role the caller has there', async () => {
    const owner = await signUp(context.app, { setup: true });
    const viewer = await signUp(context.app, { setup: true });
    const [home] = await households(owner);
    const invitation = await invite(owner, home!._id, { role: 'viewer' });
    await call(viewer, 'POST', '/api/invitations/accept', { code: invitation.code });

    // A viewer reads and may not write; the message names the role needed.
    const read = await call(viewer, 'GET', '/api/accounts', undefined, home!._id);
    expect(read.statusCode).toBe(200);
    const write = await call(
      viewer,
      'POST',
      '/api/accounts',
      { name: 'Cash', type: 'cash', openingBalance: 0 },
      home!._id,
    );
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'ROLE_FORBIDS' });
    expect(write.json<{ message: string }>().message).toMatch(/editor/);
    // Their own saved searches need no more than viewer.
    const saved = await call(
      viewer,
      'POST',
      '/api/filters',
      { name: 'Big', query: 'amount:>100' },
      home!._id,
    );
    expect(saved.statusCode).toBe(201);

    // Without the header: the viewer's own default household, where they are owner.
    const own = await call(viewer, 'POST', '/api/accounts', {
      name: 'Cash',
      type: 'cash',
      openingBalance: 0,
    });
    expect(own.statusCode).toBe(201);

    // A household one is not a member of, or a header that is no id: 404.
    const stranger = await signUp(context.app, { setup: true });
    for (const header of [home!._id, 'nonsense']) {
      const response = await call(stranger, 'GET', '/api/accounts', undefined, header);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'HOUSEHOLD_NOT_FOUND' });
    }

    // Promoted to editor, the next request may write; removed, the next one is refused.
    const promoted = await call(owner, 'PUT', `/api/households/${home!._id}/members/${viewer.id}`, {
      role: 'editor',
    });
    expect(promoted.statusCode).toBe(200);
    const now = await call(
      viewer,
      'POST',
      '/api/accounts',
      { name: 'Shared', type: 'cash', openingBalance: 0 },
      home!._id,
    );
    expect(now.statusCode).toBe(201);
    const removed = await call(
      owner,
      'DELETE',
      `/api/households/${home!._id}/members/${viewer.id}`,
    );
    expect(removed.statusCode).toBe(200);
    const after = await call(viewer, 'GET', '/api/accounts', undefined, home!._id);
    expect(after.statusCode).toBe(404);
    expect(await securityEvents(viewer)).toEqual(
      expect.arrayContaining(['member-role-changed', 'member-removed']),
    );
  });

  it('lets any member keep their own locale, and only the owner change the household’s settings', async () => {
    const owner = await signUp(context.app, { setup: true });
    const editor = await signUp(context.app, { setup: true });
    const [home] = await households(owner);
    const invitation = await invite(owner, home!._id, { role: 'editor' });
    await call(editor, 'POST', '/api/invitations/accept', { code: invitation.code });
    const settings = await call(owner, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'CHF',
      timeZone: 'Europe/Zurich',
    });
    expect(settings.statusCode).toBe(200);

    // Settings sends the household's settings beside the locale: those unchanged, it is saved.
    const locale = await call(
      editor,
      'PUT',
      '/api/auth/setup',
      { defaultCurrency: 'CHF', timeZone: 'Europe/Zurich', locale: 'de-DE' },
      home!._id,
    );
    expect(locale.statusCode, locale.body).toBe(200);
    expect(locale.json()).toMatchObject({ defaultCurrency: 'CHF', locale: 'de-DE' });

    for (const change of [
      { defaultCurrency: 'EUR', locale: 'fr-FR' },
      { defaultCurrency: 'CHF', timeZone: 'Europe/Paris', locale: 'fr-FR' },
    ]) {
      const refused = await call(editor, 'PUT', '/api/auth/setup', change, home!._id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ROLE_FORBIDS' });
      expect(refused.json().message).toMatch(/\bowner\b/);
    }
    const [shared] = (await households(owner)).filter((one) => one._id === home!._id);
    expect(shared).toMatchObject({ baseCurrency: 'CHF' });
    const me = await call(editor, 'GET', '/api/auth/me', undefined, home!._id);
    expect(me.json()).toMatchObject({ locale: 'de-DE', defaultCurrency: 'CHF' });
  });
});

describe('households: owners and deleted accounts', () => {
  it('keeps an owner in every household, and a household for every user', async () => {
    const owner = await signUp(context.app, { setup: true });
    const member = await signUp(context.app, { setup: true });
    const [home] = await households(owner);
    const invitation = await invite(owner, home!._id, { role: 'editor' });
    await call(member, 'POST', '/api/invitations/accept', { code: invitation.code });

    const demote = await call(owner, 'PUT', `/api/households/${home!._id}/members/${owner.id}`, {
      role: 'editor',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_OWNER' });
    const leaveAsOwner = await call(
      owner,
      'DELETE',
      `/api/households/${home!._id}/members/${owner.id}`,
    );
    expect(leaveAsOwner.json()).toMatchObject({ code: 'LAST_OWNER' });
    // An editor cannot change roles.
    const byEditor = await call(member, 'PUT', `/api/households/${home!._id}/members/${owner.id}`, {
      role: 'viewer',
    });
    expect(byEditor.json()).toMatchObject({ code: 'ROLE_FORBIDS' });

    // The member leaves; they still have their own household, which stays their default.
    const left = await call(member, 'DELETE', `/api/households/${home!._id}/members/${member.id}`);
    expect(left.statusCode).toBe(200);
    expect(await households(member)).toMatchObject([{ name: 'Personal', isDefault: true }]);
    expect(await securityEvents(member)).toContain('member-left');
    const [own] = await households(member);
    const leaveOnly = await call(
      member,
      'DELETE',
      `/api/households/${own!._id}/members/${member.id}`,
    );
    expect(leaveOnly.json()).toMatchObject({ code: 'LAST_OWNER' });
  });

  it('deletes an account with the households it alone belongs to, never a shared one’s last owner', async () => {
    const owner = await signUp(context.app, { setup: true });
    const member = await signUp(context.app, { setup: true });
    const [home] = await households(owner);
    const invitation = await invite(owner, home!._id, { role: 'editor' });
    await call(member, 'POST', '/api/invitations/accept', { code: invitation.code });
    const [memberOwn] = await households(member);
    // What the member entered in the shared household is the household's, not theirs.
    const entered = await call(
      member,
      'POST',
      '/api/transactions',
      { name: 'Paint', category: 'DIY', cost: 12, addedOn: '2026-03-01', isIncome: false },
      home!._id,
    );
    expect(entered.statusCode, entered.body).toBe(201);
    const rule = await call(
      member,
      'POST',
      '/api/rules',
      { value: 'Paint', category: 'DIY' },
      home!._id,
    );
    expect(rule.statusCode, rule.body).toBe(201);

    const refused = await call(owner, 'DELETE', '/api/users/account');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LAST_OWNER' });
    expect(await households(owner)).toHaveLength(1);

    const gone = await call(member, 'DELETE', '/api/users/account');
    expect(gone.statusCode).toBe(200);
    const { rows } = await context.database.pool.query(
      'SELECT count(*)::int AS n FROM households WHERE id = $1',
      [memberOwn!._id],
    );
    expect(rows).toEqual([{ n: 0 }]);
    expect(await households(owner)).toMatchObject([{ _id: home!._id, memberCount: 1 }]);
    const kept = await call(owner, 'GET', '/api/transactions?search=Paint');
    expect(kept.json().transactions).toEqual([
      expect.objectContaining({ _id: entered.json()._id, name: 'Paint', category: 'DIY' }),
    ]);
    expect(kept.json().transactions[0].createdBy ?? null).toBeNull();
    const { rows: authors } = await context.database.pool.query(
      'SELECT created_by, updated_by FROM transactions WHERE id = $1',
      [entered.json()._id],
    );
    expect(authors).toEqual([{ created_by: null, updated_by: null }]);
    const rules = await call(owner, 'GET', '/api/rules');
    expect(rules.json()).toEqual([expect.objectContaining({ _id: rule.json()._id })]);
    const categories = await call(owner, 'GET', '/api/transactions/categories');
    expect(categories.body).toContain('DIY');
  });
});

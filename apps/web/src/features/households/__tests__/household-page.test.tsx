import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME, makeInvitation, makeMember, openApp, PARTNER } from './households-fixtures';

const section = (name: string) => screen.findByRole('region', { name });
const homePath = `/api/households/${HOME._id}`;

describe('household page', () => {
  it('lets the owner rename, change a role, invite with a link shown once, and revoke', async () => {
    const open = makeInvitation({ email: 'grace@moneta.dev' });
    let invitations = [open, makeInvitation({ acceptedAt: '2026-03-02T08:00:00.000Z' })];
    const { calls, user } = openApp(
      '/settings/household',
      {
        [`GET ${homePath}/members`]: { body: [makeMember(), PARTNER] },
        [`PUT ${homePath}`]: ({ body }) => ({ body: { ...HOME, ...(body as object) } }),
        [`PUT ${homePath}/members/${PARTNER.userId}`]: {
          body: [makeMember(), { ...PARTNER, role: 'viewer' }],
        },
        [`GET ${homePath}/invitations`]: () => ({ body: invitations }),
        [`POST ${homePath}/invitations`]: {
          status: 201,
          body: {
            _id: 'new',
            code: 'the-code',
            url: '/join/the-code',
            role: 'viewer',
            email: null,
            expiresAt: '2099-03-08T08:00:00.000Z',
          },
        },
        [`DELETE ${homePath}/invitations/${open._id}`]: () => {
          invitations = invitations.map((one) =>
            one._id === open._id ? { ...one, revokedAt: '2026-03-03T08:00:00.000Z' } : one,
          );
          return { body: { message: 'The invitation has been revoked.' } };
        },
      },
      { activeHousehold: HOME._id },
    );
    const name = await section('Name');
    const field = within(name).getByLabelText('Household name');
    await user.clear(field);
    await user.type(field, 'Our flat');
    await user.click(within(name).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Our flat' }),
    );

    const members = await section('Members');
    await user.selectOptions(
      await within(members).findByLabelText('Role of grace@moneta.dev'),
      'viewer',
    );
    await waitFor(() =>
      expect(calls.some((call) => call.path === `${homePath}/members/${PARTNER.userId}`)).toBe(
        true,
      ),
    );

    const invites = await section('Invitations');
    const list = await within(invites).findByRole('list', { name: 'Invitations' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Accepted');
    await user.selectOptions(within(invites).getByLabelText('Role'), 'viewer');
    await user.click(within(invites).getByRole('button', { name: 'Create invitation' }));
    const link = await within(invites).findByLabelText('Invitation link');
    expect(link).toHaveValue(`${window.location.origin}/join/the-code`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      role: 'viewer',
      email: null,
    });
    await user.click(within(invites).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/join/the-code`);

    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Revoked'),
    );
  });

  it('shows the API’s reason in words when the last owner would go', async () => {
    const { user } = openApp(
      '/settings/household',
      {
        [`GET ${homePath}/members`]: { body: [makeMember(), PARTNER] },
        [`GET ${homePath}/invitations`]: { body: [] },
        [`PUT ${homePath}/members/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`]: {
          status: 409,
          body: {
            code: 'LAST_OWNER',
            message: 'A household needs at least one owner: make another member an owner first.',
          },
        },
      },
      { activeHousehold: HOME._id },
    );
    const members = await section('Members');
    await user.selectOptions(
      await within(members).findByLabelText('Role of ada@moneta.dev'),
      'editor',
    );
    expect(
      await within(members).findByText(
        'A household needs at least one owner: make another member an owner first.',
      ),
    ).toBeInTheDocument();
  });

  it('deletes the household after a confirmation and goes back to the default one', async () => {
    const { calls, user } = openApp(
      '/settings/household',
      {
        [`GET ${homePath}/members`]: { body: [makeMember()] },
        [`GET ${homePath}/invitations`]: { body: [] },
        [`DELETE ${homePath}`]: { body: { message: 'Deleted.' } },
      },
      { activeHousehold: HOME._id },
    );
    const leave = await section('Leave or delete');
    await user.click(within(leave).getByRole('button', { name: 'Delete household' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete household?' });
    expect(dialog).toHaveTextContent('Home and all of its money data are deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Delete household' }));
    await waitFor(() => expect(window.localStorage.getItem('activeHouseholds')).toBe('{}'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === homePath)).toBe(true);
  });

  it('offers a viewer no changes, and says why', async () => {
    openApp(
      '/settings/household',
      {
        'GET /api/households': { body: [{ ...HOME, role: 'viewer', isDefault: true }] },
        [`GET ${homePath}/members`]: {
          body: [makeMember({ role: 'viewer' }), makeMember({ ...PARTNER, role: 'owner' })],
        },
      },
      { activeHousehold: HOME._id },
    );
    const members = await section('Members');
    await within(members).findByText('grace@moneta.dev');
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(members).toHaveTextContent('Only an owner can change roles or remove members.');
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an owner can rename the household.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('You are a viewer in this household');
  });
});

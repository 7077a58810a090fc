import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedReceiptReader } from '../security/user-data';
import { multipartFile, renderReceipt } from '../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

/**
 * What the original client (paisable, docs/api.md, General rules), unchanged and served from
 * another origin, needs beyond the calls it makes: pictures it may show, headers it may read, and
 * fields it does not send left as they are.
 */
let context: TestContext;
let user: SignedUpUser;
const clientOrigin = 'https://allowed.moneta.dev';

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader() });
  user = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

describe('receipt files from another origin', () => {
  it('lets another origin show the file and the picture (the signed URL is the permission)', async () => {
    const png = await renderReceipt(['SHOP', 'TOTAL 1.00']);
    const { payload, headers } = multipartFile('receipt', 'shop.png', 'image/png', png);
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      payload,
      headers: { ...headers, ...user.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { fileUrl, imageUrl } = uploaded.json<{ fileUrl: string; imageUrl: string }>();
    for (const url of [fileUrl, imageUrl]) {
      const file = await context.app.inject({
        method: 'GET',
        url,
        headers: { origin: clientOrigin },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    // Everything else keeps the same-origin policy.
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: user.headers,
    });
    expect(me.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("exposes the export's file name to a configured origin, and to no other", async () => {
    const exported = (origin: string) =>
      context.app.inject({
        method: 'GET',
        url: '/api/transactions/export',
        headers: { ...user.headers, origin },
      });
    const allowed = await exported(clientOrigin);
    expect(allowed.statusCode).toBe(200);
    expect(String(allowed.headers['access-control-expose-headers'])).toMatch(
      /content-disposition/i,
    );
    expect(allowed.headers['access-control-allow-origin']).toBe(clientOrigin);
    // Another origin is not allowed at all, so a browser shows it no header of the answer.
    const other = await exported('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('PUT /transactions/:id without a note', () => {
  const create = async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: user.headers,
      payload: {
        name: 'Groceries',
        category: 'Food',
        cost: 12.5,
        addedOn: '2026-03-01',
        isIncome: false,
        note: 'weekly shop',
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: string }>()._id;
  };
  const update = (id: string, changes: Record<string, unknown>) =>
    context.app.inject({
      method: 'PUT',
      url: `/api/transactions/${id}`,
      headers: user.headers,
      payload: {
        name: 'Groceries and more',
        category: 'Food',
        cost: 14,
        addedOn: '2026-03-02',
        isIncome: false,
        ...changes,
      },
    });

  it('keeps the stored note when the key is absent (the original client sends `notes`)', async () => {
    const id = await create();
    const response = await update(id, { notes: 'ignored, as an unknown field' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Groceries and more',
      cost: 14,
      addedOn: '2026-03-02',
      note: 'weekly shop',
    });
  });

  it.each([null, '', '   '])('clears the note when it is sent as %j', async (note) => {
    const id = await create();
    const response = await update(id, { note });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ note: unknown }>().note).toBeNull();
  });

  it('changes the note when a new one is sent', async () => {
    const id = await create();
    const response = await update(id, { note: ' monthly shop ' });
    expect(response.json<{ note: unknown }>().note).toBe('monthly shop');
  });
});

import type { HouseholdRole } from '@moneta/shared';
import { makeCase, type FuzzCase } from './fuzz-cases';
import type { OperationPlan } from './fuzz-plan';
import { uploadBody } from './fuzzing';
import type { InjectedAnswer } from './inject-stream';
import { operationKey, type Operation } from './openapi-operations';

/**
 * Which role each operation of the OpenAPI description needs in the household a request acts
 * on (DESIGN §7.1, Roles): a read needs viewer, a write editor, unless listed below. A new
 * operation is a household read or write until it is listed here, so that the role matrix
 * tests it the day it appears.
 */

/**
 * About the caller, not a household: sign-in and its security, their own saved searches, the
 * households they belong to, joining one. The Moneta-Household header changes nothing here.
 */
const ABOUT_THE_CALLER = new Set([
  'GET /api/auth/me',
  // The caller's locale; the household's settings beside it are the owner's (the service checks).
  'PUT /api/auth/setup',
  'PUT /api/auth/password',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions',
  'DELETE /api/auth/sessions/{id}',
  'POST /api/auth/logout',
  'GET /api/auth/tokens',
  'POST /api/auth/tokens',
  'DELETE /api/auth/tokens/{id}',
  'GET /api/auth/2fa',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/2fa/disable',
  'POST /api/auth/passkeys/register/options',
  'POST /api/auth/passkeys/register',
  'GET /api/auth/passkeys',
  'DELETE /api/auth/passkeys/{id}',
  'GET /api/auth/events',
  'DELETE /api/users/account',
  'GET /api/filters',
  'POST /api/filters',
  'DELETE /api/filters/{id}',
  'GET /api/households',
  'POST /api/households',
  'GET /api/households/{id}',
  'PUT /api/households/{id}/default',
  'POST /api/invitations/accept',
]);

/**
 * The owner's things: the household's name, base currency and deletion, its members and
 * invitations, restore, bank connections. A member removing someone else (leaving is their own affair).
 */
export const OWNER_OPERATIONS = new Set([
  'PUT /api/households/{id}',
  'DELETE /api/households/{id}',
  'PUT /api/households/{id}/members/{userId}',
  'DELETE /api/households/{id}/members/{userId}',
  'POST /api/households/{id}/invitations',
  'GET /api/households/{id}/invitations',
  'DELETE /api/households/{id}/invitations/{invitationId}',
  'POST /api/export/restore',
  // Bank connections: owners connect, map, renew and disconnect (editors sync and adjust).
  'PUT /api/bank-connections/enablebanking/app',
  'GET /api/bank-connections/enablebanking/banks',
  'POST /api/bank-connections',
  'PUT /api/bank-connections/{id}/accounts/{providerAccountId}',
  'DELETE /api/bank-connections/{id}',
  'POST /api/bank-connections/{id}/renew',
]);

/** Reads that need an editor: the household's whole export ("owners and editors export"). */
const EDITOR_READS = new Set(['GET /api/export']);

/** The least role the operation needs in the household, or null when it is about the caller. */
export function roleNeeded(operation: Operation): HouseholdRole | null {
  const key = operationKey(operation);
  if (ABOUT_THE_CALLER.has(key)) return null;
  if (OWNER_OPERATIONS.has(key)) return 'owner';
  if (EDITOR_READS.has(key)) return 'editor';
  return operation.method === 'GET' ? 'viewer' : 'editor';
}

/** The household's operations a signed-in member calls (not the public ones). */
export function householdOperations(operations: Operation[]): Operation[] {
  return operations.filter((operation) => operation.isProtected && roleNeeded(operation) !== null);
}

/** The plan's own request (what the fuzz suite changes one part of), multipart where it is. */
export function baselineCase(
  operation: Operation,
  plan: OperationPlan,
  pathParams: Record<string, string> = {},
): FuzzCase {
  if (!plan.upload)
    return makeCase(operation, plan, 'baseline', { pathParams }, { mustReject: false });
  const body = uploadBody(plan.upload);
  return makeCase(
    operation,
    plan,
    'baseline',
    { pathParams, body: body.payload, contentType: body.headers['content-type'] },
    { mustReject: false },
  );
}

/** Signed URLs' expiry and signature, which differ by the second they were made in. */
const SIGNED = /expires=\d+&signature=[\w-]+/g;

/** An answer as two members must see it alike: signed URLs' moment taken out. */
export function comparable(response: InjectedAnswer): string {
  return response.body.replaceAll(SIGNED, 'signed');
}

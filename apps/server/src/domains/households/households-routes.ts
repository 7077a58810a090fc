import {
  createdInvitationSchema,
  householdInputSchema,
  householdListSchema,
  householdMemberListSchema,
  householdSchema,
  householdUpdateSchema,
  invitationAcceptSchema,
  invitationInputSchema,
  invitationListSchema,
  memberRoleInputSchema,
  messageSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { clientOf } from '../../http/client-info';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import { boundHousehold, type Authenticators } from '../../plugins/authenticate';
import type { HouseholdsService } from './households-service';
import type { InvitationsService } from './invitations-service';

export interface HouseholdsRoutesOptions {
  households: HouseholdsService;
  invitations: InvitationsService;
  authenticators: Pick<Authenticators, 'authenticateUser'>;
}

const errors = errorAnswers(400, 401, 403, 404);
const memberParams = idParams.extend({ userId: z.string().max(64) });
const invitationParams = idParams.extend({ invitationId: z.string().max(64) });

/**
 * The caller's households, their members and invitations (docs/api.md, Households). Each route
 * acts on the household in its path, whatever the Moneta-Household header says: the service
 * checks the caller's membership and role there.
 */
export async function householdsRoutes(app: App, options: HouseholdsRoutesOptions) {
  const { households, invitations } = options;
  const { tags, security } = signedInArea(
    app,
    options.authenticators.authenticateUser,
    'households',
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'The households the caller belongs to',
        response: { 200: householdListSchema, ...errors },
      },
    },
    async (request) => {
      const list = await households.list(request.user.id);
      const bound = boundHousehold(request);
      return bound ? list.filter((household) => household._id === bound) : list;
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Make a household, the caller its owner, with a Main account',
        body: householdInputSchema,
        response: { 201: householdSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await households.create(request.user, request.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One household',
        params: idParams,
        response: { 200: householdSchema, ...errors },
      },
    },
    async (request) => households.get(request.user.id, request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a household or change its base currency (owner)',
        params: idParams,
        body: householdUpdateSchema,
        response: { 200: householdSchema, ...errors },
      },
    },
    async (request) => households.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a household and all of its data (owner)',
        description: prose`
          Its members whose default it was get the household they joined first of those left.
          The caller's only household: 409 \`ONLY_HOUSEHOLD\`.`,
        params: idParams,
        response: { 200: messageSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      await households.delete(request.user.id, request.params.id);
      return { message: 'The household and all of its data have been deleted.' };
    },
  );

  app.put(
    '/:id/default',
    {
      schema: {
        tags,
        security,
        summary: 'Make a household the one requests without the header act on',
        params: idParams,
        response: { 200: householdSchema, ...errors },
      },
    },
    async (request) => households.setDefault(request.user.id, request.params.id),
  );

  memberRoutes(app, households, { tags, security });
  invitationRoutes(app, invitations, { tags, security });
}

/** What every route of the area shares in its documentation. */
interface AreaDocs {
  tags: string[];
  security: Array<{ bearerAuth: string[] }>;
}

/** A household's members and their roles. */
function memberRoutes(app: App, households: HouseholdsService, { tags, security }: AreaDocs) {
  app.get(
    '/:id/members',
    {
      schema: {
        tags,
        security,
        summary: 'A household’s members and their roles',
        params: idParams,
        response: { 200: householdMemberListSchema, ...errors },
      },
    },
    async (request) => households.members(request.user.id, request.params.id),
  );

  app.put(
    '/:id/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a member’s role (owner)',
        params: memberParams,
        body: memberRoleInputSchema,
        response: { 200: householdMemberListSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) =>
      households.setRole(
        request.user.id,
        request.params.id,
        request.params.userId,
        request.body.role,
        clientOf(request),
      ),
  );

  app.delete(
    '/:id/members/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a member (owner), or leave (oneself)',
        description: prose`
          The only owner cannot go (409 \`LAST_OWNER\`), nor anyone leave their only household
          (409 \`ONLY_HOUSEHOLD\`). A member removed from their only household gets a new
          "Personal" one.`,
        params: memberParams,
        response: { 200: messageSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      await households.removeMember(request.user, id, userId, clientOf(request));
      return {
        message:
          userId === request.user.id
            ? 'You have left the household.'
            : 'The member has been removed from the household.',
      };
    },
  );
}

/** A household's invitations, made and revoked by its owners. */
function invitationRoutes(app: App, invitations: InvitationsService, { tags, security }: AreaDocs) {
  app.post(
    '/:id/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'Invite someone with a one-time code, shown only in this answer (owner)',
        description: prose`
          The code (256 random bits) is kept only as its SHA-256, used once, valid 7 days; with
          \`email\`, only that user may accept it. \`url\` is the web link (\`/join/<code>\`)
          that signs up or signs in, then accepts.`,
        params: idParams,
        body: invitationInputSchema,
        response: { 201: createdInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await invitations.create(
            request.user.id,
            request.params.id,
            request.body,
            clientOf(request),
          ),
        ),
  );

  app.get(
    '/:id/invitations',
    {
      schema: {
        tags,
        security,
        summary: 'A household’s invitations, without their codes (owner)',
        params: idParams,
        response: { 200: invitationListSchema, ...errors },
      },
    },
    async (request) => invitations.list(request.user.id, request.params.id),
  );

  app.delete(
    '/:id/invitations/:invitationId',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an invitation not yet used (owner)',
        params: invitationParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      await invitations.revoke(request.user.id, id, invitationId, clientOf(request));
      return { message: 'The invitation has been revoked.' };
    },
  );
}

/** Accepting an invitation: the caller joins the household its code names. */
export async function invitationsRoutes(app: App, options: HouseholdsRoutesOptions) {
  const { invitations } = options;
  const { tags, security } = signedInArea(
    app,
    options.authenticators.authenticateUser,
    'households',
  );

  app.post(
    '/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Join a household with an invitation’s code',
        description: prose`
          The caller joins with the invitation's role. An unknown, used, revoked or expired code
          is one 404 \`INVITATION_NOT_FOUND\`; tries are counted per user like failed sign-ins
          (429 past the limit).`,
        body: invitationAcceptSchema,
        response: { 200: householdSchema, ...errors, ...errorAnswers(409, 429) },
      },
    },
    async (request) => invitations.accept(request.user, request.body.code, clientOf(request)),
  );
}

import {
  backupCodesSchema,
  messageSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@moneta/shared';
import { clientOf } from '../../http/client-info';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticators } from '../../plugins/authenticate';
import type { TwoFactorService } from './two-factor-service';

export interface TwoFactorRoutesOptions {
  twoFactor: TwoFactorService;
  authenticators: Authenticators;
}

const errors = errorAnswers(400, 401, 403, 409, 429);

export async function twoFactorRoutes(app: App, options: TwoFactorRoutesOptions): Promise<void> {
  const { twoFactor } = options;
  const { tags } = signedInArea(app, options.authenticators.authenticateSession, 'two-factor');
  const security = SESSION_ONLY_SECURITY;

  app.get(
    '/2fa',
    {
      schema: {
        tags,
        security,
        summary: 'Whether two-factor sign-in is on, and how many backup codes are left',
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => twoFactor.status(request.user.id),
  );

  app.post(
    '/2fa/setup',
    {
      schema: {
        tags,
        security,
        summary: 'A new TOTP secret to add to an authenticator app (on once enabled with a code)',
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    async (request) => twoFactor.setup(request.user),
  );

  app.post(
    '/2fa/enable',
    {
      schema: {
        tags,
        security,
        summary: 'Turn two-factor on with a code from the app; answers 10 single-use backup codes',
        body: twoFactorEnableSchema,
        response: { 200: backupCodesSchema, ...errors },
      },
    },
    async (request) => twoFactor.enable(request.user.id, request.body.code, clientOf(request)),
  );

  app.post(
    '/2fa/disable',
    {
      schema: {
        tags,
        security,
        summary: 'Turn two-factor off (the password and a code or backup code)',
        body: twoFactorDisableSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await twoFactor.disable(request.user, request.body, clientOf(request));
      return { message: 'Two-factor sign-in is off.' };
    },
  );
}

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { App } from '../../http/types';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** For load balancers: healthy only when the database answers. */
export async function healthRoutes(app: App, options: { db: Database }): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await options.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}

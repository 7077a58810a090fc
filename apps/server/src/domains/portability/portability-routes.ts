import { apiErrorSchema, MONETA_EXPORT_FILE_NAME, restoreResultSchema } from '@moneta/shared';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import type { HeavyWork } from '../../http/heavy-work';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { ExportService } from './export-service';
import type { RestoreService } from './restore-service';

/**
 * The largest export a restore takes, in MB: 100,000 transactions and 1 GB of receipts make
 * about 1.05 GB; a zip without ZIP64 ends at 4 GB anyway (docs/export-format.md, Limits).
 */
export const RESTORE_MAX_MB = 4000;

export interface PortabilityRoutesOptions {
  exporter: ExportService;
  restorer: RestoreService;
  heavyWork: HeavyWork;
  authenticate: Authenticate;
}

/** Your data, in and out (docs/export-format.md). */
export async function portabilityRoutes(
  app: App,
  options: PortabilityRoutesOptions,
): Promise<void> {
  const { exporter, restorer, heavyWork } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'export');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Download everything of yours as a zip (docs/export-format.md): JSON Lines per entity and the receipt files, streamed',
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      // Heavy work (http/heavy-work.ts) until the zip's last byte is sent.
      const zip = await heavyWork.stream(request, () => exporter.exportAll(request.user));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${MONETA_EXPORT_FILE_NAME}"`)
        .header('Cache-Control', 'no-store')
        .send(zip);
    },
  );

  app.post(
    '/restore',
    {
      schema: {
        tags,
        security,
        summary:
          'Restore a Moneta export (multipart field "file") into an account without transactions or transfers, all or nothing',
        consumes: ['multipart/form-data'],
        response: {
          200: restoreResultSchema,
          ...errorAnswers(400, 401, 409),
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      requireMultipart(request, 'Send the export as multipart/form-data in the field "file".');
      return restorer.restore(
        request.user.id,
        multipartParts(request, { maxMb: RESTORE_MAX_MB, fileField: 'file' }),
        (work) => heavyWork.run(request, work),
      );
    },
  );
}

import { apiErrorSchema, MONETA_EXPORT_FILE_NAME, restoreResultSchema } from '@moneta/shared';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import type { HeavyWork } from '../../http/heavy-work';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
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
      // The household's books leave with it: owners and editors export, viewers only look.
      config: { householdRole: 'editor' },
      schema: {
        tags,
        security,
        summary:
          'Download everything of the active household as a zip (docs/export-format.md): JSON Lines per entity and the receipt files, streamed',
        description: prose`
          The household's accounts, transactions, transfers, categories, budgets, recurring
          transactions, rules, own exchange rates, receipts with their files, and the shops
          receipts taught; your saved searches. Owners and editors export; a viewer gets
          403 \`ROLE_FORBIDS\`.

          Answer \`200\`: \`application/zip\`, as the attachment \`moneta-export.zip\`,
          streamed as it is written (memory stays flat whatever the history's length);
          every file in it shows the same moment (one read-only snapshot). Another
          household's data is never in it. Heavy work (see Fair share and heavy work): while another
          restore, commit or export of the user runs, 409 \`BUSY\`.`,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      // Heavy work (http/heavy-work.ts) until the zip's last byte is sent.
      const zip = await heavyWork.stream(request, () =>
        exporter.exportAll(request.household.id, request.user),
      );
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
      // A restore writes a whole household's books: its owners only.
      config: { householdRole: 'owner' },
      schema: {
        tags,
        security,
        summary:
          'Restore a Moneta export (multipart field "file") into the active household, without transactions or transfers, all or nothing',
        description: prose`
          Body: \`multipart/form-data\` with the zip in the field \`file\` (at most ${RESTORE_MAX_MB} MB).

          Owners only (others: 403 \`ROLE_FORBIDS\`). The household must hold no
          transactions and no transfers (a new account's). Its
          accounts of the same name as an exported one (a new account's empty "Main") take
          that account's settings; the others are created. The export's base currency and
          time zone become the account's, and setup counts as done. Rules are added after
          any the account has; a budget for a category and month it has already keeps its
          own.

          Errors (nothing is restored):
          - 409 \`BUSY\`: another restore, import commit or full export of the user is
            running (heavy work, see Fair share and heavy work); or the server runs two
            already (\`Retry-After: 30\`).
          - 400 \`EXPORT_NOT_MONETA\`: not a zip, or a zip without \`manifest.json\` or
            whose manifest's \`format\` is not Moneta's.
          - 400 \`EXPORT_VERSION_UNSUPPORTED\`: an export of a format version this server
            does not read.
          - 400 \`EXPORT_DAMAGED\`: a manifest that is not valid (naming the field), cut
            short, a checksum wrong, a line over 1 MiB or more lines than the file may
            have, a record the API would not take (naming file, line and field: an unknown
            currency or time zone, an amount over the maximum, a rate out of range, an
            untrimmed category, a recurring rule starting before 2000, a receipt reading
            of another shape, …), a repeated id, more than 20 files on a transaction, more
            rules than a user keeps, a count or a reference that does not match.
          - 400 \`EXPORT_UNSAFE\`: refused unread: too many entries or records, too large
            unpacked, a compression ratio of a zip bomb, a path with \`..\` or an absolute
            one, a name twice, a local header that does not match the directory, two
            entries sharing bytes, ZIP64 or encryption. The limits are in
            docs/export-format.md (Limits).
          - 400 \`NO_FILE\`, \`INVALID_MULTIPART\`; 413 \`FILE_TOO_LARGE\`; 415
            \`NOT_MULTIPART\`.
          - 409 \`RESTORE_TARGET_NOT_EMPTY\`: the account holds transactions or transfers.`,
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
        request.household.id,
        request.user.id,
        multipartParts(request, { maxMb: RESTORE_MAX_MB, fileField: 'file' }),
        (work) => heavyWork.run(request, work),
      );
    },
  );
}

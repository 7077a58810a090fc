/**
 * The name a downloaded export is saved under (the server's Content-Disposition, and the
 * Settings page's link): apart from the export's schemas, which re-export it, so that the page
 * names the file without loading zod.
 */
export const MONETA_EXPORT_FILE_NAME = 'moneta-export.zip';

import type { Import, ImportSummary } from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';

export const FORMAT_LABELS: Record<Import['format'], string> = {
  csv: 'CSV',
  ofx: 'OFX/QFX',
  qif: 'QIF',
  camt053: 'CAMT.053',
  simplefin: 'SimpleFIN',
  enablebanking: 'Enable Banking',
};

/**
 * What the file was read as: another app's export by its header ("Read as a YNAB export",
 * docs/imports-other-apps.md), else its format.
 */
export function readAsLabel(
  item: Pick<ImportSummary, 'format' | 'sourceApp'>,
  t: TFunction<'imports'>,
): string {
  if (!item.sourceApp) return FORMAT_LABELS[item.format];
  // One sentence per app: the article and the word order differ between languages.
  return t(`readAs.${item.sourceApp}`);
}

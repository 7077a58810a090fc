import type {
  ImportMapping,
  ImportMappingReasonCodes,
  ImportMappingReasons,
} from '@moneta/shared/import-schemas';
import { useTranslation } from 'react-i18next';
import { mappingReasonText } from '../utils/import-messages';

/** The mapping Moneta detected and why it chose each column. */
export type DetectedMapping = {
  mapping: ImportMapping;
  reasons: ImportMappingReasons;
  /** The reasons as codes, for the user's language (absent from older previews). */
  reasonCodes?: ImportMappingReasonCodes | undefined;
};

/** Why Moneta chose a field's value, while the user keeps it; else undefined. */
export function useMappingReasons(mapping: ImportMapping, detected: DetectedMapping | undefined) {
  const { t } = useTranslation('imports');
  return (field: keyof ImportMappingReasons): string | undefined => {
    if (!detected || (detected.mapping[field] ?? null) !== (mapping[field] ?? null)) {
      return undefined;
    }
    return mappingReasonText(t, field, detected.reasons, detected.reasonCodes);
  };
}

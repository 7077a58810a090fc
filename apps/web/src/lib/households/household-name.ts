import { PERSONAL_HOUSEHOLD_NAME } from '@moneta/shared/household-names';
import { useTranslation } from 'react-i18next';

/**
 * A household's name as the user reads it: the one sign-up makes is stored under its English
 * name and said in the user's language (as built-in categories are); a name a person chose is
 * shown as they wrote it.
 */
export function useHouseholdName(): (household: { name: string }) => string {
  const { t } = useTranslation('households');
  return (household) =>
    household.name === PERSONAL_HOUSEHOLD_NAME ? t('personalName') : household.name;
}

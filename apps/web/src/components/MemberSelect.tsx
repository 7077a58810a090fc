import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/SelectField';
import { useMemberNames } from '@/lib/households/get-members';

type MemberSelectProps = {
  /** A member's user id, '' for everyone. */
  value: string;
  onChange: (userId: string) => void;
};

/**
 * Narrows a list or a report to what one member entered (`createdBy`). Shown only in a household
 * of more than one member, or while a filter from the address is set.
 */
export function MemberSelect({ value, onChange }: MemberSelectProps) {
  const { t } = useTranslation('households');
  const names = useMemberNames();
  if (!names && !value) return null;
  return (
    <SelectField
      label={t('authors.member')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('authors.allMembers')}</option>
      {/* An address naming someone who has left since still shows what it filters by. */}
      {value && !names?.has(value) ? (
        <option value={value}>{t('authors.formerMember')}</option>
      ) : null}
      {[...(names ?? [])].map(([userId, name]) => (
        <option key={userId} value={userId}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

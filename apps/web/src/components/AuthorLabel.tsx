import { useTranslation } from 'react-i18next';
import type { MemberNames } from '@/lib/households/get-members';

type AuthorLabelProps = {
  /** The row's `createdBy`: null for one the system made or whose author's account is gone. */
  createdBy: string | null | undefined;
  /** The household's members (useMemberNames): undefined in a household of one. */
  memberNames: MemberNames | undefined;
  className?: string;
};

/** "by <member>" under a row another member may have entered; nothing when no one is to name. */
export function AuthorLabel({ createdBy, memberNames, className = '' }: AuthorLabelProps) {
  const { t } = useTranslation('households');
  if (!memberNames || !createdBy) return null;
  const name = memberNames.get(createdBy);
  return (
    <span
      title={name}
      className={`max-w-[16rem] truncate text-xs text-neutral-600 max-sm:max-w-full dark:text-neutral-400 ${className}`}
    >
      {name ? t('authors.enteredBy', { name }) : t('authors.enteredByFormer')}
    </span>
  );
}

import { passwordChecks, passwordStrength, type PasswordChecks } from '@moneta/shared/auth-rules';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CircleIcon } from '@/components/ui/icons';

/** The rules in the order shown; each one's words are `common:password.rules.<key>`. */
const REQUIREMENTS: (keyof PasswordChecks)[] = ['length', 'letter', 'digit', 'symbol'];

const STRENGTH = {
  strong: {
    segment: 'bg-emerald-500',
    text: 'text-emerald-700 dark:text-emerald-300',
  },
  fair: { segment: 'bg-amber-400', text: 'text-amber-800 dark:text-amber-300' },
  weak: { segment: 'bg-red-500', text: 'text-red-700 dark:text-red-300' },
} as const;

/**
 * 4 rules met is strong (green), 3 fair (yellow), fewer weak (red) (the product's fixed rule:
 * docs/architecture.md, Product rules).
 */
function strengthLevel(metCount: number): keyof typeof STRENGTH {
  if (metCount >= 4) return 'strong';
  if (metCount === 3) return 'fair';
  return 'weak';
}

/** The live checklist of password rules and the four-segment strength bar. */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  const checks = passwordChecks(password);
  const metCount = passwordStrength(password);
  const level = strengthLevel(metCount);
  const strength = STRENGTH[level];
  const { t } = useTranslation();
  const levelLabel = t(`password.levels.${level}`);

  return (
    <div id={id} className="mt-3 space-y-3">
      <div>
        <div className="mb-1.5 flex items-center justify-between text-xs">
          <span className="text-neutral-600 dark:text-neutral-400">{t('password.strength')}</span>
          <span aria-hidden="true" className={`font-medium ${strength.text}`}>
            {password ? levelLabel : ''}
          </span>
        </div>
        <div
          role="meter"
          aria-label={t('password.strength')}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={metCount}
          aria-valuetext={t('password.meter', { level: levelLabel, met: metCount })}
          data-strength={level}
          className="grid grid-cols-4 gap-1.5"
        >
          {REQUIREMENTS.map((requirement, index) => (
            <span
              key={requirement}
              data-testid="strength-segment"
              data-filled={index < metCount}
              className={`h-1.5 rounded-full transition-colors ${
                index < metCount ? strength.segment : 'bg-neutral-200 dark:bg-neutral-700'
              }`}
            />
          ))}
        </div>
      </div>
      <ul aria-label={t('password.requirements')} className="grid gap-1.5 text-sm sm:grid-cols-2">
        {REQUIREMENTS.map((key) => {
          const isMet = checks[key];
          return (
            <li
              key={key}
              data-met={isMet}
              className={`flex items-center gap-2 ${
                isMet
                  ? 'text-emerald-700 dark:text-emerald-300'
                  : 'text-neutral-600 dark:text-neutral-400'
              }`}
            >
              {isMet ? (
                <CheckIcon className="size-4 shrink-0" />
              ) : (
                <CircleIcon className="size-4 shrink-0" />
              )}
              <span>{t(`password.rules.${key}`)}</span>
              <span className="sr-only">{isMet ? t('password.met') : t('password.notMet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

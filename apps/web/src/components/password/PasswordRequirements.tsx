import { passwordChecks, passwordStrength, type PasswordChecks } from '@moneta/shared/auth-rules';
import { CheckIcon, CircleIcon } from '@/components/ui/icons';

const REQUIREMENTS: { key: keyof PasswordChecks; label: string }[] = [
  { key: 'length', label: '8-16 characters' },
  { key: 'letter', label: 'At least one letter' },
  { key: 'digit', label: 'At least one number' },
  { key: 'symbol', label: 'At least one symbol' },
];

const STRENGTH = {
  strong: {
    label: 'Strong',
    segment: 'bg-emerald-500',
    text: 'text-emerald-700 dark:text-emerald-300',
  },
  fair: { label: 'Fair', segment: 'bg-amber-400', text: 'text-amber-800 dark:text-amber-300' },
  weak: { label: 'Weak', segment: 'bg-red-500', text: 'text-red-700 dark:text-red-300' },
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

  return (
    <div id={id} className="mt-3 space-y-3">
      <div>
        <div className="mb-1.5 flex items-center justify-between text-xs">
          <span className="text-neutral-600 dark:text-neutral-400">Password strength</span>
          <span aria-hidden="true" className={`font-medium ${strength.text}`}>
            {password ? strength.label : ''}
          </span>
        </div>
        <div
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={metCount}
          aria-valuetext={`${strength.label}, ${metCount} of 4 requirements met`}
          data-strength={level}
          className="grid grid-cols-4 gap-1.5"
        >
          {REQUIREMENTS.map((requirement, index) => (
            <span
              key={requirement.key}
              data-testid="strength-segment"
              data-filled={index < metCount}
              className={`h-1.5 rounded-full transition-colors ${
                index < metCount ? strength.segment : 'bg-neutral-200 dark:bg-neutral-700'
              }`}
            />
          ))}
        </div>
      </div>
      <ul aria-label="Password requirements" className="grid gap-1.5 text-sm sm:grid-cols-2">
        {REQUIREMENTS.map(({ key, label }) => {
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
              <span>{label}</span>
              <span className="sr-only">{isMet ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

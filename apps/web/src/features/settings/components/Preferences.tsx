import { isCatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { isValidTimeZone } from '@moneta/shared/time-zone';
import { useId, useMemo, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { inputClasses, labelClasses } from '@/components/ui/input-styles';
import { CurrencyPicker } from '@/components/CurrencyPicker';
import { useUpdateSetup } from '@/lib/auth/update-setup';
import { useTheme } from '@/hooks/use-theme';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import type { Theme } from '@/lib/theme';

/** Every time zone the browser knows, with the user's own first when it is not among them. */
function timeZones(current: string | undefined): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...known]);
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function TimeZonePicker() {
  const id = useId();
  const { user } = useUser();
  const updateMutation = useUpdateSetup();
  const zones = useMemo(() => timeZones(user?.timeZone), [user?.timeZone]);
  const shown = updateMutation.isPending
    ? (updateMutation.variables?.timeZone ?? user?.timeZone)
    : user?.timeZone;

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const zone = event.target.value;
    const currency = user?.defaultCurrency;
    if (!currency || !isCatalogueCurrency(currency) || !isValidTimeZone(zone)) return;
    updateMutation.mutate(
      { defaultCurrency: currency, timeZone: zone },
      {
        onSuccess: () => toast.success(`Time zone set to ${zone}.`),
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not change the time zone. Please try again.')),
      },
    );
  }

  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        Time zone
      </label>
      <select
        id={id}
        value={shown ?? ''}
        onChange={onChange}
        disabled={!user || updateMutation.isPending}
        aria-busy={updateMutation.isPending}
        aria-describedby={`${id}-hint`}
        className={`${inputClasses} mt-1.5`}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
        Decides what &quot;today&quot; is for new transactions, budgets and recurring ones.
      </p>
    </div>
  );
}

const THEMES: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function ThemeChoice() {
  const { theme, toggleTheme } = useTheme();
  return (
    <fieldset>
      <legend className={labelClasses}>Theme</legend>
      <div className="mt-1.5 flex gap-4">
        {THEMES.map((option) => (
          <label
            key={option.value}
            className="inline-flex items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200"
          >
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => {
                if (theme !== option.value) toggleTheme();
              }}
              className="size-4 accent-emerald-700 dark:accent-emerald-500"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Settings → Preferences: the currency, the time zone and the theme (as the setup note says). */
export function Preferences() {
  return (
    <section
      aria-labelledby="preferences-heading"
      className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2
        id="preferences-heading"
        className="text-lg font-semibold text-neutral-900 dark:text-white"
      >
        Preferences
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <CurrencyPicker showLabel />
        <TimeZonePicker />
        <ThemeChoice />
      </div>
    </section>
  );
}

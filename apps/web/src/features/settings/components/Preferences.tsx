import { isCatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { isValidTimeZone } from '@moneta/shared/time-zone';
import type { SupportedLocale } from '@moneta/shared/locales';
import { useId, useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { inputClasses, labelClasses } from '@/components/ui/input-styles';
import { CurrencyPicker } from '@/components/CurrencyPicker';
import { LocaleSelect } from '@/components/LocaleSelect';
import { currentLocale, switchLocale } from '@/lib/i18n/current';
import { useUpdateSetup } from '@/lib/auth/update-setup';
import { useTheme } from '@/hooks/use-theme';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import type { Theme } from '@/lib/theme';
import { useIsOwner } from '@/lib/households/use-can-write';
import { useListedOnUse } from '@/hooks/use-listed-on-use';

/** Every time zone the browser knows, with the user's own first when it is not among them. */
function timeZones(current: string | undefined): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...known]);
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function TimeZonePicker() {
  const { t } = useTranslation('settings');
  const id = useId();
  const { user } = useUser();
  const updateMutation = useUpdateSetup();
  const isOwner = useIsOwner();
  const shown = updateMutation.isPending
    ? (updateMutation.variables?.timeZone ?? user?.timeZone)
    : user?.timeZone;
  // The 400-odd zones are listed when the picker is first used: as options of the first render
  // they were more than half of the Settings page's elements (docs/decisions.md, WEB-65).
  const { isListed, listeners } = useListedOnUse();
  const zones = useMemo(
    () => (isListed ? timeZones(user?.timeZone) : shown ? [shown] : []),
    [isListed, shown, user?.timeZone],
  );

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const zone = event.target.value;
    const currency = user?.defaultCurrency;
    if (!currency || !isCatalogueCurrency(currency) || !isValidTimeZone(zone)) return;
    updateMutation.mutate(
      { defaultCurrency: currency, timeZone: zone },
      {
        onSuccess: () => toast.success(t('preferences.timeZoneSet', { zone })),
        onError: (error) => toast.error(errorMessage(error, t('preferences.timeZoneFailed'))),
      },
    );
  }

  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {t('preferences.timeZone')}
      </label>
      <select
        id={id}
        value={shown ?? ''}
        onChange={onChange}
        {...listeners}
        disabled={!user || updateMutation.isPending || !isOwner}
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
        {isOwner ? t('preferences.timeZoneHint') : t('preferences.timeZoneOwnerOnly')}
      </p>
    </div>
  );
}

const THEMES: { value: Theme; labelKey: string }[] = [
  { value: 'light', labelKey: 'preferences.light' },
  { value: 'dark', labelKey: 'preferences.dark' },
];

/**
 * The interface language and formats: shown at once, then remembered on the server (the time
 * zone and the currency go with it unchanged). A failure goes back to the saved one.
 */
function LocaleChoice() {
  const { t } = useTranslation('settings');
  const { user } = useUser();
  const updateMutation = useUpdateSetup();
  const shown = updateMutation.isPending
    ? (updateMutation.variables?.locale ?? currentLocale())
    : currentLocale();

  function onChange(locale: SupportedLocale) {
    const before = currentLocale();
    const currency = user?.defaultCurrency;
    if (!currency || !isCatalogueCurrency(currency)) return;
    void switchLocale(locale);
    updateMutation.mutate(
      { defaultCurrency: currency, timeZone: user?.timeZone, locale },
      {
        onError: (error) => {
          void switchLocale(before);
          toast.error(errorMessage(error, t('preferences.localeFailed')));
        },
      },
    );
  }

  return (
    <LocaleSelect value={shown} onChange={onChange} isBusy={!user || updateMutation.isPending} />
  );
}

function ThemeChoice() {
  const { t } = useTranslation('settings');
  const { theme, toggleTheme } = useTheme();
  return (
    <fieldset>
      <legend className={labelClasses}>{t('preferences.theme')}</legend>
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
            {t(option.labelKey)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Settings → Preferences: the currency, the time zone and the theme (as the setup note says). */
export function Preferences() {
  const { t } = useTranslation('settings');
  return (
    <section
      aria-labelledby="preferences-heading"
      className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2
        id="preferences-heading"
        className="text-lg font-semibold text-neutral-900 dark:text-white"
      >
        {t('preferences.title')}
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <CurrencyPicker showLabel />
        <TimeZonePicker />
        <LocaleChoice />
        <ThemeChoice />
      </div>
    </section>
  );
}

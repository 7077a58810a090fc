import { regionCurrencyOf } from '@moneta/shared/locale-currency';
import { DEFAULT_LOCALE } from '@moneta/shared/locales';
import { useTranslation } from 'react-i18next';
import { numberFormatter } from '@/lib/i18n/intl-formatters';
import { useLocale } from '@/lib/i18n/use-locale';

const BARS = [40, 65, 30, 80, 55, 90, 45, 70, 35, 60, 75, 50];

/** The three cards: their words are `preview.<key>`, their figures whole units of the visitor's currency. */
const PREVIEW_CARDS = [
  { key: 'income', value: 5240, tone: 'text-emerald-700 dark:text-emerald-400' },
  { key: 'expenses', value: 3180, tone: 'text-red-700 dark:text-red-400' },
  { key: 'balance', value: 2060, tone: 'text-neutral-900 dark:text-white' },
] as const;

/** A static, decorative glimpse of the dashboard for the landing page's hero. */
export function DashboardPreview() {
  const { t } = useTranslation('landing');
  const locale = useLocale();
  // In the visitor's currency (their country's: euros for Germany, yen for Japan, where a yen is
  // worth about a cent), whole units as a card shows them at a glance; en-US keeps its text
  // without Intl (first load).
  const currency = regionCurrencyOf(locale) ?? 'USD';
  const dollars = (value: number) =>
    locale === DEFAULT_LOCALE
      ? `$${String(value).replace(/\B(?=(\d{3})+$)/g, ',')}`
      : numberFormatter(locale, {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
        }).format(currency === 'JPY' ? value * 100 : value);
  return (
    <div
      aria-hidden="true"
      className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-xl shadow-emerald-900/5 dark:border-neutral-800 dark:bg-neutral-900 dark:shadow-black/30"
    >
      <div className="grid grid-cols-3 gap-3">
        {PREVIEW_CARDS.map((card) => (
          <div
            key={card.key}
            className="rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
          >
            <div className="text-xs text-neutral-600 dark:text-neutral-400">
              {t(`preview.${card.key}`)}
            </div>
            <div className={`mt-1 text-sm font-semibold sm:text-base ${card.tone}`}>
              {dollars(card.value)}
            </div>
          </div>
        ))}
      </div>
      <div className="mt-4 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
        <div className="text-xs text-neutral-600 dark:text-neutral-400">
          {t('preview.dailyActivity')}
        </div>
        <div className="mt-3 flex h-28 items-end gap-1.5">
          {BARS.map((height, index) => (
            <div key={index} className="flex flex-1 flex-col justify-end gap-0.5">
              <div
                className="rounded-sm bg-emerald-500/80"
                style={{ height: `${height * 0.75}px` }}
              />
              <div
                className="rounded-sm bg-indigo-400/70"
                style={{ height: `${(100 - height) * 0.3}px` }}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartIcon, ReceiptIcon, TagIcon } from '@/components/ui/icons';

const FEATURES: { key: string; icon: ReactNode; tone: string }[] = [
  {
    key: 'visualise',
    icon: <ChartIcon className="size-6" />,
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  {
    key: 'receipts',
    icon: <ReceiptIcon className="size-6" />,
    tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  },
  {
    key: 'categories',
    icon: <TagIcon className="size-6" />,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
];

/** The three features the landing page promotes (docs/architecture.md, Product rules). */
export function FeatureCards() {
  const { t } = useTranslation('landing');
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {FEATURES.map((feature) => (
        <li
          key={feature.key}
          className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-neutral-800 dark:bg-neutral-900"
        >
          <div
            className={`inline-flex size-11 items-center justify-center rounded-xl ${feature.tone}`}
          >
            {feature.icon}
          </div>
          <h3 className="mt-4 text-lg font-semibold text-neutral-900 dark:text-white">
            {t(`features.${feature.key}.title`)}
          </h3>
          <p className="mt-2 text-sm leading-6 text-neutral-600 dark:text-neutral-400">
            {t(`features.${feature.key}.text`)}
          </p>
        </li>
      ))}
    </ul>
  );
}

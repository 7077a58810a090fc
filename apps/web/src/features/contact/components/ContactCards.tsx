import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, ClockIcon, MailIcon } from '@/components/ui/icons';

const CARDS: { key: string; body?: ReactNode; icon: ReactNode }[] = [
  {
    key: 'email',
    body: (
      <a
        href="mailto:support@moneta.dev"
        className="font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400"
      >
        support@moneta.dev
      </a>
    ),
    icon: <MailIcon />,
  },
  {
    key: 'replies',
    icon: <ChatIcon />,
  },
  {
    key: 'hours',
    icon: <ClockIcon />,
  },
];

/** The ways to reach support; a card without its own body says its text (`cards.<key>.body`). */
export function ContactCards() {
  const { t } = useTranslation('contact');
  return (
    <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
      {CARDS.map((card) => (
        <li
          key={card.key}
          className="flex items-start gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            {card.icon}
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold text-neutral-900 dark:text-white">
              {t(`cards.${card.key}.title`)}
            </h2>
            <p className="mt-1 text-sm break-words text-neutral-600 dark:text-neutral-400">
              {card.body ?? t(`cards.${card.key}.body`)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

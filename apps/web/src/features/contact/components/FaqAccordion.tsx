import { useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';

/** The questions, in order; each is `faqs.<key>.question` and `.answer` in the messages. */
const FAQS = ['free', 'safe', 'receipts', 'currency', 'deleteAccount'] as const;

function scrollToTop() {
  const prefersReducedMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: prefersReducedMotion ? 'auto' : 'smooth' });
}

/**
 * Frequently asked questions; one answer is open at a time (docs/architecture.md, Product rules).
 */
export function FaqAccordion() {
  const { t } = useTranslation('contact');
  const baseId = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  // The product asks for opening an answer to bring the page back to its top. The scroll starts
  // once the answers have been laid out: started before, the previous answer's collapse (above the
  // clicked one) moved the page under the smooth scroll and Chromium stopped it part way.
  useLayoutEffect(() => {
    if (openIndex !== null) scrollToTop();
  }, [openIndex]);

  function toggle(index: number) {
    setOpenIndex(openIndex === index ? null : index);
  }

  return (
    <div className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
      {FAQS.map((faq, index) => {
        const isOpen = openIndex === index;
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={faq}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-medium text-neutral-900 hover:bg-neutral-50 dark:text-white dark:hover:bg-neutral-800/60"
              >
                {t(`faqs.${faq}.question`)}
                <ChevronDownIcon
                  className={`size-5 shrink-0 text-neutral-500 transition-transform dark:text-neutral-400 ${
                    isOpen ? 'rotate-180' : ''
                  }`}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-sm leading-6 text-neutral-600 dark:text-neutral-400"
            >
              {t(`faqs.${faq}.answer`)}
            </div>
          </div>
        );
      })}
    </div>
  );
}

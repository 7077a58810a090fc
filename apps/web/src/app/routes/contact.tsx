import { useTranslation } from 'react-i18next';
import { ContactCards } from '@/features/contact/components/ContactCards';
import { ContactForm } from '@/features/contact/components/ContactForm';
import { FaqAccordion } from '@/features/contact/components/FaqAccordion';
import { PublicLayout } from '../layouts/PublicLayout';

export function ContactRoute() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <title>{t('pages.contact.title')}</title>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl dark:text-white">
            {t('pages.contact.heading')}
          </h1>
          <p className="mt-3 text-lg text-neutral-600 dark:text-neutral-300">
            {t('pages.contact.intro')}
          </p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <section
            aria-labelledby="contact-form-heading"
            className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <h2
              id="contact-form-heading"
              className="mb-6 text-xl font-semibold text-neutral-900 dark:text-white"
            >
              {t('pages.contact.formHeading')}
            </h2>
            <ContactForm />
          </section>
          <aside aria-label={t('pages.contact.waysToReach')}>
            <ContactCards />
          </aside>
        </div>
        <section aria-labelledby="faq-heading" className="mt-16 max-w-3xl">
          <h2
            id="faq-heading"
            className="mb-6 text-2xl font-bold tracking-tight text-neutral-900 dark:text-white"
          >
            {t('pages.contact.faqHeading')}
          </h2>
          <FaqAccordion />
        </section>
      </div>
    </PublicLayout>
  );
}

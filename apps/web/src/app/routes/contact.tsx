import { ContactCards } from '@/features/contact/components/ContactCards';
import { ContactForm } from '@/features/contact/components/ContactForm';
import { FaqAccordion } from '@/features/contact/components/FaqAccordion';
import { PublicLayout } from '../layouts/PublicLayout';

export function ContactRoute() {
  return (
    <PublicLayout>
      <title>Contact · Moneta</title>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl dark:text-white">
            Contact us
          </h1>
          <p className="mt-3 text-lg text-neutral-600 dark:text-neutral-300">
            Questions, feedback or ideas? Send us a message and we will reply within 24 hours.
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
              Send us a message
            </h2>
            <ContactForm />
          </section>
          <aside aria-label="Ways to reach us">
            <ContactCards />
          </aside>
        </div>
        <section aria-labelledby="faq-heading" className="mt-16 max-w-3xl">
          <h2
            id="faq-heading"
            className="mb-6 text-2xl font-bold tracking-tight text-neutral-900 dark:text-white"
          >
            Frequently asked questions
          </h2>
          <FaqAccordion />
        </section>
      </div>
    </PublicLayout>
  );
}

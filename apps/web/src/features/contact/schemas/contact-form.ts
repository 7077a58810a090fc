import { AUTH_MESSAGES } from '@moneta/shared/auth-rules';
import { MAX_NAME_LENGTH } from '@moneta/shared/limits';
import { z } from '@moneta/shared/zod';

export const inquiryTypeSchema = z.enum([
  'general',
  'technical',
  'billing',
  'feature',
  'partnership',
]);
export type InquiryType = z.infer<typeof inquiryTypeSchema>;

/** The form's messages in English; the form shows them through its keys (`form.errors.*`). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  emailRequired: 'Please enter your email address.',
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter a message.',
} as const;

/**
 * The contact form (docs/architecture.md, Product rules): name, e-mail, subject and message are
 * required. Never sent.
 */
export const contactFormSchema = z.object({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(MAX_NAME_LENGTH),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .pipe(z.email(CONTACT_MESSAGES.invalidEmail)),
  inquiryType: inquiryTypeSchema,
  subject: z.string().trim().min(1, CONTACT_MESSAGES.subjectRequired).max(200),
  message: z.string().trim().min(1, CONTACT_MESSAGES.messageRequired).max(5000),
});

export type ContactFormValues = z.input<typeof contactFormSchema>;

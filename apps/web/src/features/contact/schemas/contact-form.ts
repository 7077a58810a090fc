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

export const INQUIRY_TYPE_LABELS = {
  general: 'General Inquiry',
  technical: 'Technical Support',
  billing: 'Billing',
  feature: 'Feature Request',
  partnership: 'Partnership',
} satisfies Record<InquiryType, string>;

/**
 * The contact form (docs/architecture.md, Product rules): name, e-mail, subject and message are
 * required. Never sent.
 */
export const contactFormSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(MAX_NAME_LENGTH),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .pipe(z.email(AUTH_MESSAGES.invalidEmail)),
  inquiryType: inquiryTypeSchema,
  subject: z.string().trim().min(1, 'Please enter a subject.').max(200),
  message: z.string().trim().min(1, 'Please enter a message.').max(5000),
});

export type ContactFormValues = z.input<typeof contactFormSchema>;

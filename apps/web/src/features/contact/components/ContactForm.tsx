import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_BANNER_MS } from '@moneta/shared/limits';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import {
  contactFormSchema,
  INQUIRY_TYPE_LABELS,
  inquiryTypeSchema,
  type ContactFormValues,
} from '../schemas/contact-form';

const EMPTY_FORM: ContactFormValues = {
  name: '',
  email: '',
  inquiryType: 'general',
  subject: '',
  message: '',
};

/**
 * The support form. Nothing is sent anywhere (docs/architecture.md, Product rules): a success
 * banner shows for five seconds, then the form is cleared.
 */
export function ContactForm() {
  const [isBannerShown, setIsBannerShown] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY_FORM,
  });

  useEffect(() => {
    if (!isBannerShown) return;
    const timer = window.setTimeout(() => {
      setIsBannerShown(false);
      reset(EMPTY_FORM);
    }, CONTACT_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [isBannerShown, reset]);

  const onSubmit = handleSubmit(() => setIsBannerShown(true));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {isBannerShown ? (
        <Alert tone="success">
          <strong className="font-semibold">Thank you for reaching out!</strong> Your message has
          been received and we will reply within 24 hours.
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <SelectField label="Inquiry type" {...register('inquiryType')}>
        {inquiryTypeSchema.options.map((type) => (
          <option key={type} value={type}>
            {INQUIRY_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Subject"
        required
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextAreaField
        label="Message"
        rows={6}
        required
        error={errors.message?.message}
        {...register('message')}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        Send Message
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_BANNER_MS } from '@moneta/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { fieldErrorClasses, inputClasses, labelClasses } from '@/components/ui/input-styles';
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
 * The support form. Nothing is sent anywhere (SPEC §4): a success banner shows for five seconds,
 * then the form is cleared.
 */
export function ContactForm() {
  const ids = { inquiryType: useId(), message: useId() };
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
      <div>
        <label htmlFor={ids.inquiryType} className={labelClasses}>
          Inquiry type
        </label>
        <select
          id={ids.inquiryType}
          className={`${inputClasses} mt-1.5`}
          {...register('inquiryType')}
        >
          {inquiryTypeSchema.options.map((type) => (
            <option key={type} value={type}>
              {INQUIRY_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Subject"
        required
        error={errors.subject?.message}
        {...register('subject')}
      />
      <div>
        <label htmlFor={ids.message} className={labelClasses}>
          Message
        </label>
        <textarea
          id={ids.message}
          rows={6}
          required
          className={`${inputClasses} mt-1.5 resize-y`}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids.message}-error` : undefined}
          {...register('message')}
        />
        {errors.message ? (
          <p id={`${ids.message}-error`} className={fieldErrorClasses}>
            {errors.message.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        Send Message
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_BANNER_MS } from '@moneta/shared/limits';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import {
  CONTACT_MESSAGES,
  contactFormSchema,
  inquiryTypeSchema,
  type ContactFormValues,
} from '../schemas/contact-form';

/** The schema's English messages and their keys (the schema stays the product's English). */
const MESSAGE_KEYS: Record<string, string> = {
  [CONTACT_MESSAGES.nameRequired]: 'form.errors.nameRequired',
  [CONTACT_MESSAGES.emailRequired]: 'form.errors.emailRequired',
  [CONTACT_MESSAGES.invalidEmail]: 'form.errors.invalidEmail',
  [CONTACT_MESSAGES.subjectRequired]: 'form.errors.subjectRequired',
  [CONTACT_MESSAGES.messageRequired]: 'form.errors.messageRequired',
};

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
  const { t } = useTranslation('contact');
  const fieldError = (message: string | undefined) => {
    const key = message === undefined ? undefined : MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
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
          <strong className="font-semibold">{t('form.thanks')}</strong> {t('form.received')}
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('form.name')}
          autoComplete="name"
          required
          error={fieldError(errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={t('form.email')}
          type="email"
          autoComplete="email"
          placeholder={t('form.emailPlaceholder')}
          required
          error={fieldError(errors.email?.message)}
          {...register('email')}
        />
      </div>
      <SelectField label={t('form.inquiryType')} {...register('inquiryType')}>
        {inquiryTypeSchema.options.map((type) => (
          <option key={type} value={type}>
            {t(`form.inquiryTypes.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('form.subject')}
        required
        error={fieldError(errors.subject?.message)}
        {...register('subject')}
      />
      <TextAreaField
        label={t('form.message')}
        rows={6}
        required
        error={fieldError(errors.message?.message)}
        {...register('message')}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        {t('form.send')}
      </Button>
    </form>
  );
}

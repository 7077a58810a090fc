import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './TextField';

type PromptDialogProps = {
  isOpen: boolean;
  title: string;
  /** The text field's label (the question asked). */
  label: string;
  maxLength?: number;
  onSubmit: (value: string) => void;
  onCancel: () => void;
};

/** An in-app replacement for window.prompt. An empty answer counts as cancelling. */
export function PromptDialog({ isOpen, ...props }: PromptDialogProps) {
  // Mounted only while open, so every opening starts with an empty field.
  return isOpen ? <OpenPrompt {...props} /> : null;
}

function OpenPrompt({
  title,
  label,
  maxLength,
  onSubmit,
  onCancel,
}: Omit<PromptDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const answer = value.trim();
    if (answer) onSubmit(answer);
    else onCancel();
  }

  return (
    <Dialog isOpen onClose={onCancel} title={title}>
      <form onSubmit={submit} className="mt-4 space-y-6">
        <TextField
          label={label}
          value={value}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit">{t('dialog.ok')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

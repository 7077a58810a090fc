import { MAX_TAGS } from '@moneta/shared/tag-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/TextField';

type TagsInputProps = {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  label?: string;
  error?: string | undefined;
};

/** Tags split at commas, as typed: "trip, work" → ["trip", "work"]. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * The tags of a transaction as one text field, comma-separated. What is typed stays as typed
 * (a trailing comma included); the list it stands for goes to `onChange` at each keystroke.
 */
export function TagsInput({ value, onChange, label, error }: TagsInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value.join(', '));
  return (
    <TextField
      label={label ?? t('tags.label')}
      value={text}
      autoComplete="off"
      placeholder={t('tags.placeholder')}
      error={error}
      hint={
        <p className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400">
          {t('tags.hint', { max: MAX_TAGS })}
        </p>
      }
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitTags(event.target.value));
      }}
    />
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { CameraIcon } from './receipt-icons';

type TakePhotoButtonProps = {
  hasFile: boolean;
  isDisabled: boolean;
  describedBy?: string;
  onFileChange: (file: File) => void;
};

/**
 * "Take photo" (docs/architecture.md, Web app): a file input that asks the phone for its back
 * camera. It is a real input inside its label, so it is reached with Tab and named by its text like
 * the picker.
 */
export function TakePhotoButton({
  hasFile,
  isDisabled,
  describedBy,
  onFileChange,
}: TakePhotoButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);

  const { t } = useTranslation('receipts');
  // Once the photo is removed or uploaded, another one can be taken.
  useEffect(() => {
    if (!hasFile && inputRef.current) inputRef.current.value = '';
  }, [hasFile]);

  return (
    <label
      className={buttonClasses({
        variant: 'secondary',
        size: 'lg',
        className: `w-full focus-within:ring-2 focus-within:ring-emerald-600 focus-within:ring-offset-2 dark:focus-within:ring-emerald-400 dark:focus-within:ring-offset-neutral-900 ${
          isDisabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
        }`,
      })}
    >
      <CameraIcon />
      {t('takePhoto')}
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={isDisabled}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(event) => {
          const taken = event.target.files?.[0];
          if (taken) onFileChange(taken);
        }}
      />
    </label>
  );
}

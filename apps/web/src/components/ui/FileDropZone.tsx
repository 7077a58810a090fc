import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Trans } from 'react-i18next';

type FileDropZoneProps = {
  /** The form field's name. */
  name: string;
  /** The file types offered by the picker (its `accept`). */
  accept: string;
  /** The words that name the picker, followed by "or drop it here" (e.g. "Choose a receipt"). */
  chooseLabel: string;
  /** The types taken, in words. */
  hint: string;
  icon?: ReactNode;
  hasFile: boolean;
  isDisabled: boolean;
  isInvalid: boolean;
  /** The id of the message describing the field (its error), if any. */
  describedBy?: string;
  onFileChange: (file: File) => void;
};

const hasFiles = (event: DragEvent | globalThis.DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A file picker that also takes a file dropped on it. The picker is a normal, labelled file
 * input, so keyboard and screen-reader users pick a file as anywhere else (Tab, then Enter or
 * Space opens the system's dialog); the zone around it is only the bigger target.
 */
export function FileDropZone({
  name,
  accept,
  chooseLabel,
  hint,
  icon,
  hasFile,
  isDisabled,
  isInvalid,
  describedBy,
  onFileChange,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragOver, setIsDragOver] = useState(false);

  // Once the file is removed or sent, the same file can be picked again.
  useEffect(() => {
    if (!hasFile && inputRef.current) inputRef.current.value = '';
  }, [hasFile]);

  // A file dropped just beside the zone must not make the browser leave the app to open it.
  useEffect(() => {
    const keepPage = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', keepPage);
    window.addEventListener('drop', keepPage);
    return () => {
      window.removeEventListener('dragover', keepPage);
      window.removeEventListener('drop', keepPage);
    };
  }, []);

  function onDragOver(event: DragEvent<HTMLLabelElement>) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = isDisabled ? 'none' : 'copy';
    if (!isDisabled) setIsDragOver(true);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsDragOver(false);
    const dropped = event.dataTransfer.files[0];
    if (!isDisabled && dropped) onFileChange(dropped);
  }

  const tone = isDragOver
    ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/40'
    : isInvalid
      ? 'border-red-400 bg-white dark:border-red-700 dark:bg-neutral-900'
      : 'border-neutral-300 bg-white hover:border-emerald-600 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:border-emerald-500';

  return (
    <label
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setIsDragOver(false)}
      onDrop={onDrop}
      data-drag-over={isDragOver || undefined}
      className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-emerald-600 focus-within:ring-offset-2 dark:focus-within:ring-emerald-400 dark:focus-within:ring-offset-neutral-900 ${tone} ${
        isDisabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
      }`}
    >
      {icon}
      <span className="text-sm text-neutral-800 dark:text-neutral-200">
        <Trans
          i18nKey="fileDrop"
          values={{ choose: chooseLabel }}
          components={{
            choose: <span className="font-semibold text-emerald-700 dark:text-emerald-400" />,
          }}
        />
      </span>
      <span className="text-xs text-neutral-600 dark:text-neutral-400">{hint}</span>
      <input
        ref={inputRef}
        type="file"
        name={name}
        accept={accept}
        disabled={isDisabled}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(event) => {
          // Cancelling the picker keeps the file chosen before; Remove is the way to drop it.
          const picked = event.target.files?.[0];
          if (picked) onFileChange(picked);
        }}
      />
    </label>
  );
}

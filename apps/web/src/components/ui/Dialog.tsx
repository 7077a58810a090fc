import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useModalFocus } from '@/hooks/use-modal-focus';
import { Button } from './Button';

type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Once something was typed or chosen in it, Escape and a click beside it ask before closing
   * (the Cancel button closes at once). On by default for forms (role `dialog`).
   */
  asksBeforeDiscarding?: boolean;
};

/** A modal dialog (see useModalFocus for its keyboard and focus behaviour). */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  children,
  role = 'dialog',
  initialFocusRef,
  asksBeforeDiscarding = role === 'dialog',
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  // Whether anything was typed since the dialog opened (input events bubble up to the panel).
  const [edited, setEdited] = useState<{ isOpen: boolean; isEdited: boolean }>({
    isOpen,
    isEdited: false,
  });
  if (edited.isOpen !== isOpen) setEdited({ isOpen, isEdited: false });
  const [isAskingToDiscard, setIsAskingToDiscard] = useState(false);

  function requestClose() {
    if (asksBeforeDiscarding && edited.isEdited) setIsAskingToDiscard(true);
    else onClose();
  }
  useModalFocus(panelRef, { isOpen, onClose: requestClose, initialFocusRef });

  if (!isOpen) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-neutral-950/60 backdrop-blur-sm"
        onClick={requestClose}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onInput={() => {
          if (!edited.isEdited) setEdited({ isOpen, isEdited: true });
        }}
        className="relative max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-6 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h2 id={titleId} className="text-lg font-semibold text-neutral-900 dark:text-white">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-neutral-600 dark:text-neutral-300">
            {description}
          </div>
        ) : null}
        {children}
      </div>
      {asksBeforeDiscarding ? (
        <Dialog
          isOpen={isAskingToDiscard}
          onClose={() => setIsAskingToDiscard(false)}
          role="alertdialog"
          title={t('dialog.discardTitle')}
          description={t('dialog.discardBody')}
          initialFocusRef={keepEditingRef}
          asksBeforeDiscarding={false}
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              ref={keepEditingRef}
              variant="secondary"
              onClick={() => setIsAskingToDiscard(false)}
            >
              {t('dialog.keepEditing')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setIsAskingToDiscard(false);
                onClose();
              }}
            >
              {t('dialog.discard')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>,
    document.body,
  );
}

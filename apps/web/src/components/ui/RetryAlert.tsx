import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert';
import { Button } from './Button';

type RetryAlertProps = {
  message: string;
  onRetry: () => void;
  /** Other ways out, after Retry. */
  actions?: ReactNode;
  className?: string;
};

/** A failed load: what went wrong, and a Retry button that asks again. */
export function RetryAlert({ message, onRetry, actions, className }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert className={className}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <span>{message}</span>
        <span className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('retry')}
          </Button>
          {actions}
        </span>
      </div>
    </Alert>
  );
}

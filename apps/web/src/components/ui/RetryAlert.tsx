import { Alert } from './Alert';
import { Button } from './Button';

type RetryAlertProps = {
  message: string;
  onRetry: () => void;
  className?: string;
};

/** A failed load: what went wrong, and a Retry button that asks again. */
export function RetryAlert({ message, onRetry, className }: RetryAlertProps) {
  return (
    <Alert className={className}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <span>{message}</span>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryAlert } from './RetryAlert';

type QueryStateProps<Data> = {
  query: UseQueryResult<Data>;
  /** Stands in for the data while it loads, and says so to screen readers (role="status"). */
  loading: ReactNode;
  /** The words of a failed load, shown in an alert with Retry. */
  failureMessage: (error: Error) => string;
  /** Ways out offered beside Retry. */
  failureActions?: ReactNode;
  failureClassName?: string;
  /** Draws the data once it is in and not empty. */
  children: (data: Data) => ReactNode;
} & (
  | { isEmpty?: undefined; empty?: undefined }
  | {
      isEmpty: (data: Data) => boolean;
      /** Shown instead of `children` when `isEmpty` says the data holds nothing. */
      empty: ReactNode;
    }
);

/**
 * The one ladder every list climbs: loading, then a failure with Retry, then empty, then the
 * data. A failure wins over data kept from before, so a list never looks current when it is not.
 */
export function QueryState<Data>(props: QueryStateProps<Data>) {
  const { query } = props;
  if (query.isPending) return props.loading;
  if (query.isError) {
    return (
      <RetryAlert
        className={props.failureClassName}
        message={props.failureMessage(query.error)}
        onRetry={() => void query.refetch()}
        actions={props.failureActions}
      />
    );
  }
  if (props.isEmpty?.(query.data)) return props.empty;
  return props.children(query.data);
}

/** Pieces the compliance panels share: a failed write's alert, and a list's loading, error and empty states. */
import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';

/** The message of the first failed write, or nothing. */
export function WriteError({ errors }: { errors: readonly unknown[] }) {
  const error = errors.find(Boolean);
  if (!error) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{errorMessage(error)}</Alert.Title>
    </Alert.Root>
  );
}

/** Loading, then the error with a retry, `empty` when `count` is 0, else `children()`. */
export function ListBody<T>(props: { query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown }; count: (data: T) => number; empty: ReactNode; children: (data: T) => ReactNode }) {
  const { query } = props;
  if (query.isPending) return <LoadingState />;
  if (query.isError || query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (props.count(query.data) === 0) return <EmptyState>{props.empty}</EmptyState>;
  return <>{props.children(query.data)}</>;
}

/**
 * Loading, error (with retry) and empty states shared by the list screens, the `QueryView` that picks
 * between them, and the desk's `DeskTable`. Loading and empty are the plain ones (components/plain.tsx),
 * so the field route can use them without Chakra.
 */
import { Alert, Box, Button, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';
import { EmptyState, LoadingState } from './plain';

export { EmptyState, LoadingState };

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.load_failed')}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

/** The parts of a TanStack query result `QueryView` reads (any `useQuery`/`useEndpoint` result fits). */
export interface ViewableQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * One list screen's three states and its content: loading while `query` is pending, the error with a
 * retry button when it failed, `empty` when `isEmpty(data)` holds, else `children(data)`. Saves each
 * desk page from writing the same ternary chain (and forgetting the retry).
 */
export function QueryView<T>({ query, isEmpty, empty, children }: { query: ViewableQuery<T>; isEmpty?: (data: T) => boolean; empty?: ReactNode; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingState />;
  if (query.isError || query.data === undefined) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

/** A `DeskTable` header cell: its text, right-aligned (`end`) for amounts and counts. */
export type DeskColumn = ReactNode | { label: ReactNode; end: true };

/**
 * The desk's bordered, horizontally scrolling small table with one header row: `columns` are the
 * header cells (an empty string for an action column), `children` the body rows, `footer` what sits
 * under the table inside the border (a pager).
 */
export function DeskTable({ columns, children, footer, label }: { columns: DeskColumn[]; children: ReactNode; footer?: ReactNode; label?: string }) {
  return (
    <Box bg="bg" borderWidth="1px" rounded="md">
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={label}>
          <Table.Header>
            <Table.Row>
              {columns.map((c, i) =>
                c !== null && typeof c === 'object' && 'end' in c ? (
                  <Table.ColumnHeader key={i} textAlign="end">
                    {c.label}
                  </Table.ColumnHeader>
                ) : (
                  <Table.ColumnHeader key={i}>{c}</Table.ColumnHeader>
                ),
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>{children}</Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {footer && (
        <Box px="3" py="2">
          {footer}
        </Box>
      )}
    </Box>
  );
}

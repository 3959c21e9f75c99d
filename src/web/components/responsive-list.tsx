/**
 * Kernel: one list shown two ways — the desk's bordered table from the md breakpoint up and one card
 * per item on a phone — with the shared Pager under either (inside the table's border on the desk).
 * Both renderings are in the page and CSS picks one, so a resize needs no re-render and tests can
 * reach either by its test id. Used by the payments screens (link batches, a batch's loans,
 * mandates, exceptions, payment exports).
 */
import { Card, Stack, Table, type TableCellProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import { DeskTable } from './query-state';

/** One desk column: its header, its cell per item; `end` right-aligns header and cells (amounts, counts, actions). */
export interface ListColumn<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  end?: boolean;
  /** Extra props of each body cell (e.g. whiteSpace="normal" for a long reason). */
  cellProps?: TableCellProps;
}

/** Page facts for the Pager (pages start at 1); omit for an unpaged list. */
export interface ListPaging {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export interface ResponsiveListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** The accessible name of the table and of the card list. */
  label: string;
  columns: ListColumn<T>[];
  /** A phone card's body content for one item (laid out as a column with `cardGap`). */
  card: (item: T) => ReactNode;
  cardGap?: string;
  paging?: ListPaging;
  rowTestId?: string;
  cardTestId?: string;
}

/** The list as a table on the desk (md and up) and cards on a phone, with the pager under both. */
export function ResponsiveList<T>({ items, itemKey, label, columns, card, cardGap = '2', paging, rowTestId, cardTestId }: ResponsiveListProps<T>) {
  const pager = paging ? <Pager page={paging.page} pageSize={paging.pageSize} total={paging.total} onPage={paging.onPage} /> : undefined;
  return (
    <>
      <Stack display={{ base: 'none', md: 'flex' }}>
        <DeskTable label={label} columns={columns.map((c) => (c.end ? { label: c.header, end: true as const } : c.header))} footer={pager}>
          {items.map((item) => (
            <Table.Row key={itemKey(item)} data-testid={rowTestId}>
              {columns.map((c, i) => (
                <Table.Cell key={i} textAlign={c.end ? 'end' : undefined} {...c.cellProps}>
                  {c.cell(item)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </DeskTable>
      </Stack>
      <Stack gap="3" display={{ base: 'flex', md: 'none' }}>
        <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" aria-label={label}>
          {items.map((item) => (
            <Card.Root as="li" key={itemKey(item)} size="sm" data-testid={cardTestId}>
              <Card.Body gap={cardGap}>{card(item)}</Card.Body>
            </Card.Root>
          ))}
        </Stack>
        {pager}
      </Stack>
    </>
  );
}

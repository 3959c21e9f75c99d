/**
 * The loans table on desks: one row per loan of the selection (`total` rows, even 100 000), drawn
 * virtually (@tanstack/react-virtual) so only the visible rows exist in the page; the pages of
 * `GET /recovery/loans` covering them are fetched as the user scrolls, with placeholder rows
 * until they arrive. Up to 3 pinned columns stay at the left edge (spec 3, spec 9); clicking a
 * header sorts on the server; clicking a row, or the link in its first cell (for keyboards),
 * opens the loan profile.
 */
import { Box, Icon, Link, Skeleton, Table } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, Pin } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Currency } from '../../../domain/common/money';
import type { LoanRecord } from '../../../domain/contracts/portfolio/loans';
import { LOANS_PAGE_SIZE, useLoanPages, type LoansSelection } from './api';
import { cellValue, formatCell, pinnedOffsets, REMARKS_COLUMN, type TableColumn } from './columns';

/** Row height in px; rows are drawn at exactly this height so the virtual offsets stay right. */
const ROW_HEIGHT = 41;

export interface LoansTableProps {
  companyId: string | null;
  selection: LoansSelection;
  total: number;
  columns: TableColumn[];
  currency: Currency;
  onSort: (name: string) => void;
  /** The link of a loan's profile. */
  profileLink: (loan: LoanRecord) => string;
}

const isNumeric = (dataType: string) => dataType === 'amount' || dataType === 'integer' || dataType === 'number';

function SortIcon({ active, order }: { active: boolean; order: 'asc' | 'desc' }) {
  if (!active) return <Icon as={ArrowUpDown} boxSize="3.5" color="fg.subtle" aria-hidden />;
  return <Icon as={order === 'asc' ? ArrowUp : ArrowDown} boxSize="3.5" aria-hidden />;
}

export function LoansTable({ companyId, selection, total, columns, currency, onSort, profileLink }: LoansTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  // A new search, filter, sort or month starts again from the first row.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [selection]);
  const items = virtualizer.getVirtualItems();
  const pageNumbers = [...new Set(items.map((item) => Math.floor(item.index / LOANS_PAGE_SIZE) + 1))];
  const pages = useLoanPages(companyId, selection, pageNumbers);
  const rowAt = (index: number): LoanRecord | undefined => pages.get(Math.floor(index / LOANS_PAGE_SIZE) + 1)?.loans[index % LOANS_PAGE_SIZE];
  const offsets = pinnedOffsets(columns);
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const top = items[0]?.start ?? 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const lastPinned = columns.reduce((last, c, i) => (c.pinned ? i : last), -1);

  const stick = (index: number, header: boolean) => {
    const column = columns[index];
    if (!column.pinned) return header ? { position: 'sticky' as const, top: 0, zIndex: 2 } : {};
    return {
      position: 'sticky' as const,
      left: `${offsets[index]}px`,
      top: header ? 0 : undefined,
      zIndex: header ? 3 : 1,
      bg: header ? 'bg.muted' : 'bg',
      borderRightWidth: index === lastPinned ? '2px' : undefined,
    };
  };

  return (
    <Box
      ref={scrollRef}
      overflow="auto"
      height={{ base: '60vh', md: 'calc(100dvh - 300px)' }}
      minH="80"
      borderWidth="1px"
      rounded="md"
      bg="bg"
      tabIndex={0}
      aria-label={t('loans.table_scroll')}
      data-testid="loans-scroll"
    >
      <Table.Root size="sm" tableLayout="fixed" width={`${width}px`} aria-label={t('loans.table_label')} aria-rowcount={total + 1} interactive>
        <colgroup>
          {columns.map((c) => (
            <col key={c.name} style={{ width: `${c.width}px` }} />
          ))}
        </colgroup>
        <Table.Header>
          <Table.Row aria-rowindex={1}>
            {columns.map((column, index) => {
              const active = selection.sort_by === column.name;
              const sortable = column.name !== REMARKS_COLUMN;
              const numeric = isNumeric(column.dataType);
              return (
                <Table.ColumnHeader
                  key={column.name}
                  bg="bg.muted"
                  aria-sort={active ? (selection.sort_order === 'asc' ? 'ascending' : 'descending') : undefined}
                  {...stick(index, true)}
                  p="0"
                >
                  {sortable ? (
                    <Box
                      as="button"
                      display="flex"
                      alignItems="center"
                      gap="1"
                      width="full"
                      justifyContent={numeric ? 'flex-end' : undefined}
                      px="3"
                      py="2"
                      textAlign="start"
                      fontWeight="semibold"
                      cursor="pointer"
                      _hover={{ bg: 'bg.emphasized' }}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '-2px' }}
                      onClick={() => onSort(column.name)}
                      title={t('loans.sort_by', { name: column.label })}
                    >
                      {column.pinned && <Icon as={Pin} boxSize="3" color="fg.muted" aria-label={t('loans.pinned')} />}
                      <Box as="span" truncate>
                        {column.label}
                      </Box>
                      <SortIcon active={active} order={selection.sort_order} />
                    </Box>
                  ) : (
                    <Box px="3" py="2" truncate>
                      {column.label}
                    </Box>
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {top > 0 && (
            <tr aria-hidden>
              <td colSpan={columns.length} style={{ height: `${top}px`, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const loan = rowAt(item.index);
            if (!loan)
              return (
                <Table.Row key={item.key} height={`${ROW_HEIGHT}px`} aria-rowindex={item.index + 2} aria-busy data-testid="loan-row-placeholder">
                  {columns.map((column, index) => (
                    <Table.Cell key={column.name} {...stick(index, false)}>
                      <Skeleton height="3" width="70%" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            const link = profileLink(loan);
            return (
              <Table.Row
                key={item.key}
                height={`${ROW_HEIGHT}px`}
                aria-rowindex={item.index + 2}
                cursor="pointer"
                onClick={() => navigate(link)}
                data-testid="loan-row"
              >
                {columns.map((column, index) => {
                  const text = formatCell(cellValue(loan, column.name), column.dataType, currency);
                  return (
                    <Table.Cell
                      key={column.name}
                      {...stick(index, false)}
                      whiteSpace="nowrap"
                      overflow="hidden"
                      textOverflow="ellipsis"
                      textAlign={isNumeric(column.dataType) ? 'end' : undefined}
                      title={text}
                    >
                      {index === 0 ? (
                        <Link asChild color="blue.fg" fontWeight="medium" onClick={(e) => e.stopPropagation()}>
                          <RouterLink to={link}>{text}</RouterLink>
                        </Link>
                      ) : (
                        text
                      )}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columns.length} style={{ height: `${bottom}px`, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

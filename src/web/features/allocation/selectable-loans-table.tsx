/**
 * The compact loans table of the portfolio assignment screen (issue 5 "choose loans by selection"):
 * the loans of the current month, search and filters (`total` rows, drawn virtually with
 * @tanstack/react-virtual; the 100-row pages of GET /recovery/loans covering the visible rows are
 * fetched as the user scrolls, shared with the loans screen's cache), each with a checkbox. The
 * header checkbox ticks or unticks the rows loaded around the view. In a filter pick the boxes are
 * hidden: every matching loan is chosen.
 */
import { Box, Checkbox, Skeleton, Table } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../domain/common/money';
import type { LoanRecord } from '../../../domain/contracts/portfolio/loans';
import { LOANS_PAGE_SIZE, cellValue, formatCell, useLoanPages, type LoansSelection } from '../portfolio/public';
import { tickState } from './selection';

/** Row height in px; rows are drawn at exactly this height so the virtual offsets stay right. */
const ROW_HEIGHT = 37;

/** The columns a manager assigns by: who, where, how late, how much. */
const COLUMNS = [
  { name: 'loan_id', labelKey: 'assignment.col.loan_id', dataType: 'string', width: 120 },
  { name: 'applicant_name', labelKey: 'assignment.col.applicant_name', dataType: 'string', width: 150 },
  { name: 'city', labelKey: 'assignment.col.city', dataType: 'string', width: 110 },
  { name: 'pincode', labelKey: 'assignment.col.pincode', dataType: 'string', width: 80 },
  { name: 'dpd', labelKey: 'assignment.col.dpd', dataType: 'integer', width: 56 },
  { name: 'allocation_dpd_value', labelKey: 'assignment.col.bucket', dataType: 'string', width: 64 },
  { name: 'total_claim_amount', labelKey: 'assignment.col.total_claim_amount', dataType: 'amount', width: 120 },
] as const;
const CHECK_WIDTH = 44;

export interface SelectableLoansTableProps {
  companyId: string | null;
  selection: LoansSelection;
  total: number;
  currency: Currency;
  /** Null: no checkboxes (a filter pick chooses every matching loan). */
  selected: ReadonlySet<string> | null;
  onToggle: (ids: readonly string[], on: boolean) => void;
}

export function SelectableLoansTable({ companyId, selection, total, currency, selected, onToggle }: SelectableLoansTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [selection]);
  const items = virtualizer.getVirtualItems();
  const pageNumbers = [...new Set(items.map((item) => Math.floor(item.index / LOANS_PAGE_SIZE) + 1))];
  const pages = useLoanPages(companyId, selection, pageNumbers);
  const rowAt = (index: number): LoanRecord | undefined => pages.get(Math.floor(index / LOANS_PAGE_SIZE) + 1)?.loans[index % LOANS_PAGE_SIZE];
  const loadedIds = useMemo(() => [...pages.values()].flatMap((p) => p.loans.map((l) => l.loan_id)), [pages]);
  const top = items[0]?.start ?? 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const checkable = selected !== null;
  const header = checkable ? tickState(selected, loadedIds) : 'none';
  const width = COLUMNS.reduce((sum, c) => sum + c.width, checkable ? CHECK_WIDTH : 0);
  const span = COLUMNS.length + (checkable ? 1 : 0);

  return (
    <Box
      ref={scrollRef}
      overflow="auto"
      height={{ base: '50vh', md: 'calc(100dvh - 380px)' }}
      minH="72"
      borderWidth="1px"
      rounded="md"
      bg="bg"
      tabIndex={0}
      aria-label={t('assignment.table_scroll')}
      data-testid="assign-loans-scroll"
    >
      <Table.Root size="sm" tableLayout="fixed" width={`${width}px`} minW="full" aria-label={t('assignment.table_label')} aria-rowcount={total + 1}>
        <colgroup>
          {checkable && <col style={{ width: `${CHECK_WIDTH}px` }} />}
          {COLUMNS.map((c) => (
            <col key={c.name} style={{ width: `${c.width}px` }} />
          ))}
        </colgroup>
        <Table.Header>
          <Table.Row aria-rowindex={1}>
            {checkable && (
              <Table.ColumnHeader position="sticky" top="0" zIndex="2" bg="bg.muted">
                <Checkbox.Root
                  size="sm"
                  checked={header === 'all' ? true : header === 'some' ? 'indeterminate' : false}
                  disabled={loadedIds.length === 0}
                  onCheckedChange={() => onToggle(loadedIds, header !== 'all')}
                >
                  <Checkbox.HiddenInput aria-label={t('assignment.select_loaded', { count: loadedIds.length })} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {COLUMNS.map((c) => (
              <Table.ColumnHeader key={c.name} position="sticky" top="0" zIndex="2" bg="bg.muted" textAlign={c.dataType === 'string' ? undefined : 'end'} truncate>
                {t(c.labelKey)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {top > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: `${top}px`, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const loan = rowAt(item.index);
            if (!loan)
              return (
                <Table.Row key={item.key} height={`${ROW_HEIGHT}px`} aria-rowindex={item.index + 2} aria-busy>
                  {Array.from({ length: span }, (_, i) => (
                    <Table.Cell key={i}>
                      <Skeleton height="3" width="70%" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            const ticked = checkable && selected.has(loan.loan_id);
            return (
              <Table.Row
                key={item.key}
                height={`${ROW_HEIGHT}px`}
                aria-rowindex={item.index + 2}
                aria-selected={checkable ? ticked : undefined}
                bg={ticked ? 'blue.subtle' : undefined}
                cursor={checkable ? 'pointer' : undefined}
                onClick={checkable ? () => onToggle([loan.loan_id], !ticked) : undefined}
                data-testid="assign-loan-row"
                data-loan-id={loan.loan_id}
              >
                {checkable && (
                  <Table.Cell onClick={(e) => e.stopPropagation()}>
                    <Checkbox.Root size="sm" checked={ticked} onCheckedChange={(e) => onToggle([loan.loan_id], e.checked === true)}>
                      <Checkbox.HiddenInput aria-label={t('assignment.select_loan', { id: loan.loan_id })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                )}
                {COLUMNS.map((c) => {
                  const text = formatCell(cellValue(loan, c.name), c.dataType, currency);
                  return (
                    <Table.Cell key={c.name} whiteSpace="nowrap" overflow="hidden" textOverflow="ellipsis" textAlign={c.dataType === 'string' ? undefined : 'end'} title={text}>
                      {text}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: `${bottom}px`, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

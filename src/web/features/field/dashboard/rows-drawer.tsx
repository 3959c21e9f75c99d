/**
 * The rows behind one dashboard figure (issue 5 "Every figure drills down to its rows"): a drawer
 * listing `GET /api/fos/dashboard/rows` a page at a time, with the count and the amount that equal
 * the figure, and a link from each row to the loan profile. A table on desks, cards on phones.
 */
import { Badge, Box, Card, CloseButton, Drawer, Flex, HStack, Link, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardRow } from '../../../../domain/contracts/field/dashboard';
import { formatDate } from '../../../../domain/common/dates';
import { formatMinor, type Currency } from '../../../../domain/common/money';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { SCREENS, screenLink } from '../../portfolio/public';
import { ROWS_PAGE_SIZE, useDashboardRows, type DrillDown } from './api';

const PTP_PALETTE = { kept: 'green', broken: 'red', open: 'blue' } as const;

/** What a row says besides who, which loan, when and how much. */
function RowDetail({ row }: { row: DashboardRow }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (row.disposition) parts.push(t(`field.disposition.${row.disposition}`, { defaultValue: row.disposition }));
  if (row.kind === 'allocation') parts.push(t('fos_dashboard.rows.allocated'));
  if (row.kind === 'next_visit') parts.push(t('fos_dashboard.rows.revisit'));
  if (row.ptp_date) parts.push(t('fos_dashboard.rows.ptp_on', { date: formatDate(row.ptp_date) }));
  if (row.receipt_number) parts.push(`${row.receipt_number}${row.payment_mode ? ` · ${row.payment_mode}` : ''}`);
  if (row.age_hours !== null) parts.push(t('fos_dashboard.rows.held', { days: Math.floor(row.age_hours / 24), hours: Math.floor(row.age_hours % 24) }));
  return (
    <HStack gap="2" wrap="wrap">
      <Text as="span">{parts.join(' · ') || '—'}</Text>
      {row.ptp_state && (
        <Badge size="sm" colorPalette={PTP_PALETTE[row.ptp_state]}>
          {t(`fos_dashboard.ptp_state.${row.ptp_state}`)}
        </Badge>
      )}
    </HStack>
  );
}

export interface RowsDrawerProps {
  companyId: string | null;
  prefix: string;
  currency: Currency;
  drill: DrillDown | null;
  /** What the figure is, e.g. 'Visits made · Ganesh Shinde'. */
  title: string;
  onClose: () => void;
}

export function RowsDrawer({ companyId, prefix, currency, drill, title, onClose }: RowsDrawerProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [drill]);
  const rows = useDashboardRows(companyId, drill, page);
  const loanLink = (loanId: string) => screenLink(prefix, SCREENS.loanDetails, companyId, { loan_id: loanId });
  const money = (paise: number | null) => (paise === null ? '—' : formatMinor(paise, currency));
  const when = (row: DashboardRow) => (row.at ? formatDate(row.at, { withTime: true }) : row.date ? formatDate(row.date) : '—');

  let body;
  if (rows.isPending) body = <LoadingState />;
  else if (rows.isError) body = <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />;
  else if (rows.data.rows.length === 0) body = <EmptyState>{t('fos_dashboard.rows.none')}</EmptyState>;
  else if (isPhone)
    body = (
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={title}>
        {rows.data.rows.map((row, i) => (
          <Card.Root as="li" key={`${row.kind}-${row.visit_id ?? row.receipt_number ?? row.loan_id}-${i}`} size="sm" data-testid="drill-row">
            <Card.Body gap="1" p="3">
              <Flex justify="space-between" gap="2">
                <Link asChild color="blue.fg" fontWeight="semibold">
                  <RouterLink to={loanLink(row.loan_id)}>{row.loan_id}</RouterLink>
                </Link>
                <Text fontWeight="semibold">{row.amount_paise === null ? '' : money(row.amount_paise)}</Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {when(row)} · {row.executive_name}
              </Text>
              <Box fontSize="sm">
                <RowDetail row={row} />
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  else
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('fos_dashboard.rows.when')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fos_dashboard.rows.executive')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fos_dashboard.rows.loan')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fos_dashboard.rows.detail')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('fos_dashboard.rows.amount')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.data.rows.map((row, i) => (
              <Table.Row key={`${row.kind}-${row.visit_id ?? row.receipt_number ?? row.loan_id}-${i}`} data-testid="drill-row">
                <Table.Cell whiteSpace="nowrap">{when(row)}</Table.Cell>
                <Table.Cell>
                  {row.executive_name}
                  {row.team && (
                    <Text as="span" color="fg.muted">
                      {' '}
                      · {row.team}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Link asChild color="blue.fg">
                    <RouterLink to={loanLink(row.loan_id)}>{row.loan_id}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <RowDetail row={row} />
                  {row.paid_paise !== null && (
                    <Text fontSize="xs" color="fg.muted">
                      {t('fos_dashboard.rows.paid', { amount: money(row.paid_paise) })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(row.amount_paise)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Drawer.Root open={Boolean(drill)} onOpenChange={(e) => !e.open && onClose()} placement={isPhone ? 'bottom' : 'end'} size={isPhone ? 'full' : 'xl'}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="drill-drawer">
            <Drawer.Header flexDirection="column" alignItems="start" gap="1">
              <Drawer.Title>{title}</Drawer.Title>
              {rows.data && (
                <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="drill-summary" data-total={rows.data.total}>
                  {t('fos_dashboard.rows.summary', { count: rows.data.total })}
                  {rows.data.amount_paise_total > 0 ? ` · ${money(rows.data.amount_paise_total)}` : ''}
                </Text>
              )}
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3" opacity={rows.isPlaceholderData ? 0.6 : 1}>
                {body}
                {rows.data && rows.data.total > ROWS_PAGE_SIZE && <Pager page={page} pageSize={ROWS_PAGE_SIZE} total={rows.data.total} onPage={setPage} />}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

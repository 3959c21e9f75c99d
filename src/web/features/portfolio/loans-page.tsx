/**
 * `/app/customer-loans` (spec 2; spec 3 "Loan table columns", "Saved filter and filter config";
 * spec 7 recovery `/loans`, `/variables`, `/filters/config`, `/saved/filters`, `/exports`): the
 * loans of an allocation month (the `allocation_month` URL parameter, else the latest month),
 * searched by loan id, customer id, name or mobile, filtered through the filters drawer and saved
 * filters, sorted on the server, in a virtualised table with a column chooser and up to 3 pinned
 * columns on desks, or as cards with pages on phones (≤768 px). "Export" queues an export of the
 * current selection, found later under bulk operations › export management; "Send payment links"
 * opens payments' bulk links screen with the current month, search and filters.
 */
import { Badge, Box, Button, Card, Field, Flex, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Columns3, FileDown, ListFilter, Search, Send } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import type { LoanRecord } from '../../../domain/contracts/portfolio/loans';
import { createLinkBatch } from '../../../domain/contracts/payments/link-batches';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useIsPhone } from '../../lib/use-is-phone';
import { useCreateExport } from '../bulk/public';
import { useFilterConfig, useLoansPage, useVariables, type LoansSelection } from './api';
import { cleanPrefs, defaultPrefs, formatCell, loadPrefs, savePrefs, tableColumns, type ColumnPrefs } from './columns';
import { ColumnsDrawer } from './columns-drawer';
import { FilterChips, FiltersDrawer, filterNames } from '../../components/loan-filters-drawer';
import { LoansTable } from './loans-table';
import { SavedFilters } from './saved-filters';
import { SCREENS, screenLink } from './links';
import { MonthSelect } from './profile-parts';

const PHONE_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 350;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function LoanCards({ selection, currency, profileLink }: { selection: LoansSelection; currency: 'INR' | 'IDR'; profileLink: (loan: LoanRecord) => string }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [page, setPage] = useState(1);
  const loans = useLoansPage(companyId, selection, page, PHONE_PAGE_SIZE);
  useEffect(() => setPage(1), [selection]);
  if (loans.isPending) return <LoadingState />;
  if (loans.isError) return <ErrorState error={loans.error} onRetry={() => void loans.refetch()} />;
  return (
    <Stack gap="3">
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('loans.table_label')} opacity={loans.isPlaceholderData ? 0.6 : 1}>
        {loans.data.loans.map((loan) => (
          <Card.Root as="li" key={loan.loan_id} size="sm" data-testid="loan-card">
            <Card.Body gap="1">
              <Flex justify="space-between" gap="2" align="start">
                <Box minW="0">
                  <Link asChild fontWeight="semibold" color="blue.fg">
                    <RouterLink to={profileLink(loan)}>{loan.applicant_name ?? loan.loan_id}</RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {t('loans.loan_id')}: {loan.loan_id}
                  </Text>
                </Box>
                {typeof loan.dpd === 'number' && <Badge colorPalette={loan.dpd > 90 ? 'red' : loan.dpd > 30 ? 'orange' : 'gray'}>{t('loans.dpd_value', { dpd: loan.dpd })}</Badge>}
              </Flex>
              <Text fontSize="sm">
                {formatCell(loan.total_claim_amount, 'amount', currency)}
                {loan.allocation_dpd_value ? ` · ${String(loan.allocation_dpd_value)}` : ''}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatCell(loan.applicant_contact_number, 'mobile', currency)}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      <Pager page={page} pageSize={PHONE_PAGE_SIZE} total={loans.data.total} onPage={setPage} />
    </Stack>
  );
}

export default function LoansPage() {
  const { t } = useTranslation();
  const { companyId, company, prefix, permissions } = useShell();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const currency = company?.country_currency_code ?? 'INR';
  const [params, setParams] = useSearchParams();
  const monthParam = params.get('allocation_month');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<LoanFilter[]>([]);
  const [sort, setSort] = useState<{ by: string | null; order: 'asc' | 'desc' }>({ by: null, order: 'asc' });
  const [drawer, setDrawer] = useState<'filters' | 'columns' | null>(null);
  const [storedPrefs, setStoredPrefs] = useState<ColumnPrefs | null>(() => loadPrefs(companyId));
  const variables = useVariables(companyId);
  const filterConfig = useFilterConfig(companyId);
  const createExport = useCreateExport(companyId);

  const selection = useMemo<LoansSelection>(
    () => ({ allocation_month: monthParam, search, filters, sort_by: sort.by, sort_order: sort.order }),
    [monthParam, search, filters, sort],
  );
  const first = useLoansPage(companyId, selection, 1);
  const month = first.data?.allocation_month ?? monthParam;
  const months = first.data?.allocation_months ?? [];
  const variableList = variables.data?.variables ?? [];
  const prefs = storedPrefs ? cleanPrefs(storedPrefs, variableList) : defaultPrefs(variableList);
  const columns = tableColumns(prefs, variableList, t('loans.activity_timeline'));
  const names = filterNames(filterConfig.data?.groups);

  const changePrefs = (next: ColumnPrefs) => {
    setStoredPrefs(next);
    savePrefs(companyId, next);
  };
  const setMonth = (value: string) =>
    setParams((p) => {
      p.set('allocation_month', value);
      return p;
    });
  const sortBy = (name: string) => setSort((s) => (s.by === name ? { by: name, order: s.order === 'asc' ? 'desc' : 'asc' } : { by: name, order: 'asc' }));
  const profileLink = (loan: LoanRecord) => screenLink(prefix, SCREENS.loanDetails, companyId, { loan_id: loan.loan_id, allocation_month: loan.allocation_month });
  const bulkLink = (tab: string) => screenLink(prefix, SCREENS.bulk, companyId, { tab });
  // Payments' bulk links screen, handed this selection (named here: payments' page reads these parameters).
  const paymentLinksLink = () =>
    screenLink(prefix, SCREENS.paymentLinkBatches, companyId, { allocation_month: month, search: search || null, filters: filters.length > 0 ? JSON.stringify(filters) : null });

  const exportSelection = () => {
    if (!month) return;
    createExport.mutate(
      { allocation_month: month, format: 'xlsx', filters, search: search || undefined },
      {
        onSuccess: () =>
          toaster.create({
            type: 'success',
            title: t('loans.export_queued'),
            description: t('loans.export_where'),
            action: { label: t('loans.open_exports'), onClick: () => navigate(bulkLink('export_management')) },
          }),
        onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
      },
    );
  };

  const narrowed = search !== '' || filters.length > 0;
  let body: React.ReactNode;
  if (first.isPending || variables.isPending) body = <LoadingState />;
  else if (first.isError) body = <ErrorState error={first.error} onRetry={() => void first.refetch()} />;
  else if (variables.isError) body = <ErrorState error={variables.error} onRetry={() => void variables.refetch()} />;
  else if (first.data.total === 0)
    body = narrowed ? (
      <EmptyState>{t('loans.no_match')}</EmptyState>
    ) : (
      <EmptyState>
        {t('loans.empty_month')}{' '}
        <Link asChild color="blue.fg">
          <RouterLink to={bulkLink('import_management')}>{t('loans.import_link')}</RouterLink>
        </Link>
      </EmptyState>
    );
  else if (isPhone) body = <LoanCards selection={selection} currency={currency} profileLink={profileLink} />;
  else
    body = (
      <LoansTable
        companyId={companyId}
        selection={selection}
        total={first.data.total}
        columns={columns}
        currency={currency}
        onSort={sortBy}
        profileLink={profileLink}
      />
    );

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="3" align="baseline">
          <Heading as="h1" size="xl">
            {t('menu.loans')}
          </Heading>
          {first.data && (
            <Text color="fg.muted" aria-live="polite" data-testid="loans-total">
              {t('loans.total', { count: first.data.total, formatted: first.data.total.toLocaleString() })}
            </Text>
          )}
        </HStack>
        <HStack gap="2">
          {can(createLinkBatch, permissions) && (
            <Button size="sm" variant="outline" onClick={() => void navigate(paymentLinksLink())} disabled={!month || !first.data?.total} data-testid="loans-send-links">
              <Send aria-hidden /> {t('loans.send_links')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={exportSelection} loading={createExport.isPending} disabled={!month || !first.data?.total}>
            <FileDown aria-hidden /> {t('loans.export')}
          </Button>
        </HStack>
      </Flex>
      <Box as="section" aria-label={t('loans.search_and_filters')} bg="bg" borderWidth="1px" rounded="md" p="3">
        <Stack gap="3">
          <Flex gap="2" wrap="wrap" align="end">
            <MonthSelect value={month} months={months} onChange={setMonth} />
            <Field.Root flex="1" minW={{ base: 'full', sm: '64' }}>
              <Field.Label fontSize="xs">{t('loans.search')}</Field.Label>
              <Box position="relative" width="full">
                <Input size="sm" type="search" ps="8" value={searchText} onChange={(e) => setSearchText(e.currentTarget.value)} placeholder={t('loans.search_placeholder')} />
                <Box position="absolute" insetStart="2.5" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none">
                  <Search size={14} aria-hidden />
                </Box>
              </Box>
            </Field.Root>
            <Button size="sm" variant="outline" onClick={() => setDrawer('filters')} disabled={!filterConfig.data}>
              <ListFilter aria-hidden /> {t('loans.filters')}
              {filters.length > 0 && <Badge size="sm">{filters.length}</Badge>}
            </Button>
            {!isPhone && (
              <Button size="sm" variant="outline" onClick={() => setDrawer('columns')} disabled={!variables.data}>
                <Columns3 aria-hidden /> {t('loans.columns')}
              </Button>
            )}
            <SavedFilters filters={filters} onApply={setFilters} />
          </Flex>
          <FilterChips filters={filters} names={names} onRemove={(key) => setFilters((f) => f.filter((x) => x.filter_key !== key))} onClear={() => setFilters([])} />
        </Stack>
      </Box>
      <Box aria-busy={first.isFetching}>{body}</Box>
      {drawer === 'filters' && filterConfig.data && (
        <FiltersDrawer open groups={filterConfig.data.groups} applied={filters} onClose={() => setDrawer(null)} onApply={setFilters} />
      )}
      {drawer === 'columns' && <ColumnsDrawer open variables={variableList} prefs={prefs} onChange={changePrefs} onClose={() => setDrawer(null)} />}
    </Stack>
  );
}

/**
 * Choosing the loans of a portfolio assignment (issue 5): the allocation month, search and the
 * loans filters drawer (reused from the loans screen), and how the loans are chosen: ticked in the
 * compact virtualised table, or every loan matching the filters and search (the count shown). The
 * page keeps the pick (LoanPick) so it carries across the assign, suggestion and operations tabs.
 */
import { Badge, Box, Button, Flex, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { ListFilter, X } from 'lucide-react';
import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../lib/shell-context';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { FilterChips, FiltersDrawer, filterNames, MonthSelect, useFilterConfig, useLoansPage, type LoansSelection } from '../portfolio/public';
import { SearchField } from './agent-picker';
import { SelectableLoansTable } from './selectable-loans-table';
import { toggleLoans, type LoanPick, type PickMode } from './selection';
import { useDebounced } from './use-debounced';

const SEARCH_DEBOUNCE_MS = 350;

/** The loans list's query for a pick (no sort: the server's loan order). */
export function pickSelection(pick: LoanPick): LoansSelection {
  return { allocation_month: pick.month, search: pick.search, filters: pick.filters, sort_by: null, sort_order: 'asc' };
}

/**
 * The first page of the pick's loans: the month answered (the pick's, else the latest), the
 * months with loans, and how many loans match. Shares its cache with the table's first page.
 */
export function usePickSummary(pick: LoanPick) {
  const { companyId } = useShell();
  const selection = useMemo(() => pickSelection(pick), [pick]);
  const first = useLoansPage(companyId, selection, 1);
  return {
    selection,
    first,
    month: first.data?.allocation_month ?? pick.month,
    months: first.data?.allocation_months ?? [],
    matching: first.data && !first.isPlaceholderData ? first.data.total : null,
  };
}

export interface LoanPickerProps {
  pick: LoanPick;
  /** The page's state setter: updates are functions of the latest pick (rapid ticks must not overwrite each other). */
  onChange: Dispatch<SetStateAction<LoanPick>>;
  /** Modes offered (the suggestion offers both; a file upload is a third mode handled by the caller). */
  modes?: readonly PickMode[];
  /** Extra modes rendered after the built-in ones (value, label), e.g. 'file'. */
  extraModes?: readonly { value: string; label: string }[];
  /** The current extra mode, when one is chosen instead of `pick.mode`. */
  extraMode?: string | null;
  onExtraMode?: (value: string | null) => void;
  /** Shown instead of the table while an extra mode is chosen. */
  extraContent?: React.ReactNode;
  /** Said instead of the matching count in a filter pick (when the loans list cannot count them, e.g. archived loans). */
  filterNote?: string;
  /** False: no loans table (the loans list cannot show the loans chosen, e.g. archived ones). */
  showTable?: boolean;
}

export function LoanPicker({ pick, onChange, modes = ['selection', 'filter'], extraModes = [], extraMode = null, onExtraMode, extraContent, filterNote, showTable = true }: LoanPickerProps) {
  const { t } = useTranslation();
  const { companyId, company } = useShell();
  const currency = company?.country_currency_code ?? 'INR';
  const [text, setText] = useState(pick.search);
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filterConfig = useFilterConfig(companyId);
  const { selection, first, month, months, matching } = usePickSummary(pick);
  const names = filterNames(filterConfig.data?.groups);

  useEffect(() => {
    if (search !== pick.search) onChange((p) => ({ ...p, search }));
    // Only a settled search moves the pick; the pick itself changing must not re-send it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // The same pick is shown on other tabs: a search settled there shows here too.
  useEffect(() => {
    if (pick.search !== search) setText(pick.search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pick.search]);

  const modeValue = extraMode ?? pick.mode;
  const chooseMode = (value: string) => {
    if ((modes as readonly string[]).includes(value)) {
      onExtraMode?.(null);
      onChange((p) => ({ ...p, mode: value as PickMode }));
    } else onExtraMode?.(value);
  };
  const narrowed = pick.search !== '' || pick.filters.length > 0;

  let body: React.ReactNode;
  if (extraMode) body = extraContent;
  else if (!showTable) body = null;
  else if (first.isPending) body = <LoadingState />;
  else if (first.isError) body = <ErrorState error={first.error} onRetry={() => void first.refetch()} />;
  else if (first.data.total === 0) body = <EmptyState>{narrowed ? t('assignment.no_match') : t('assignment.empty_month')}</EmptyState>;
  else
    body = (
      <SelectableLoansTable
        companyId={companyId}
        selection={selection}
        total={first.data.total}
        currency={currency}
        selected={pick.mode === 'selection' ? pick.selected : null}
        onToggle={(ids, on) => onChange((p) => ({ ...p, selected: toggleLoans(p.selected, ids, on) }))}
      />
    );

  const allModes = [...modes.map((m) => ({ value: m as string, label: t(`assignment.mode.${m}`) })), ...extraModes];
  return (
    <Stack gap="3">
      <RadioGroup.Root size="sm" value={modeValue} onValueChange={(e) => e.value && chooseMode(e.value)} orientation="horizontal" aria-label={t('assignment.mode_label')}>
        <Flex gap="4" wrap="wrap">
          {allModes.map((m) => (
            <RadioGroup.Item key={m.value} value={m.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{m.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
      {!extraMode && (
        <Stack gap="2" as="section" aria-label={t('assignment.search_and_filters')}>
          <Flex gap="2" wrap="wrap" align="end">
            <MonthSelect value={month} months={months} onChange={(m) => onChange((p) => ({ ...p, month: m, selected: new Set() }))} />
            <SearchField label={t('assignment.search')} value={text} onChange={setText} placeholder={t('assignment.search_placeholder')} flex="1" minW={{ base: 'full', sm: '56' }} />
            <Button size="sm" variant="outline" onClick={() => setDrawerOpen(true)} disabled={!filterConfig.data}>
              <ListFilter aria-hidden /> {t('assignment.filters')}
              {pick.filters.length > 0 && <Badge size="sm">{pick.filters.length}</Badge>}
            </Button>
          </Flex>
          <FilterChips
            filters={pick.filters}
            names={names}
            onRemove={(key) => onChange((p) => ({ ...p, filters: p.filters.filter((f) => f.filter_key !== key) }))}
            onClear={() => onChange((p) => ({ ...p, filters: [] }))}
          />
          <HStack gap="3" minH="8" wrap="wrap" aria-live="polite">
            {pick.mode === 'selection' ? (
              <>
                <Text fontSize="sm" data-testid="selected-count">
                  {t('assignment.selected_count', { count: pick.selected.size, formatted: pick.selected.size.toLocaleString() })}
                  {matching !== null && ` · ${t('assignment.matching_count', { count: matching, formatted: matching.toLocaleString() })}`}
                </Text>
                {pick.selected.size > 0 && (
                  <Button size="xs" variant="ghost" onClick={() => onChange((p) => ({ ...p, selected: new Set() }))}>
                    <X aria-hidden /> {t('assignment.clear_selection')}
                  </Button>
                )}
              </>
            ) : (
              <Text fontSize="sm" fontWeight="medium" data-testid="matching-count">
                {filterNote ?? (matching === null ? t('common.loading') : t('assignment.filter_pick', { count: matching, formatted: matching.toLocaleString() }))}
              </Text>
            )}
          </HStack>
        </Stack>
      )}
      <Box aria-busy={first.isFetching}>{body}</Box>
      {drawerOpen && filterConfig.data && (
        <FiltersDrawer open groups={filterConfig.data.groups} applied={pick.filters} onClose={() => setDrawerOpen(false)} onApply={(filters) => onChange((p) => ({ ...p, filters }))} />
      )}
    </Stack>
  );
}

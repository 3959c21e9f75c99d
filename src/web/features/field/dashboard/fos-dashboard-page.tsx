/**
 * `/app/fos-dashboard` (spec 2 label FOS Dashboard; issue 5 "FOS dashboard"): how the field force
 * did in a period (today, this week, this month, or any range of company days): visits made against
 * planned, coverage of the allocation, dispositions, PTPs and kept PTPs, amount collected, cash not
 * yet deposited and its age, in all, per team and per executive of the caller's reports-to scope.
 * KPI tiles, charts (a lazy recharts chunk), sortable executive and team tables. Every figure opens
 * the rows behind it (rows-drawer.tsx), whose count equals the figure. Period, team and executive
 * live in the URL. Money arrives in paise / sen and is shown in the company's currency.
 */
import { Box, Button, Card, Field, Flex, Heading, HStack, Input, Progress, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DashboardFigures } from '../../../../domain/contracts/field/dashboard';
import { countryTimeZone } from '../../../../domain/common/dates';
import { formatMinor, type Currency } from '../../../../domain/common/money';
import { useShell } from '../../../lib/shell-context';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { useFosDashboard, type DashboardScope, type DrillDown } from './api';
import type { Drill } from './fos-dashboard-charts';
import { FIGURE_COLUMNS, nextSort, sortRows, type FigureColumn, type SortState } from './figures';
import { matchPreset, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from './period';
import { FilterSelect } from '../verification/filter-select';
import { RowsDrawer } from './rows-drawer';

const FosDashboardCharts = lazy(() => import('./fos-dashboard-charts'));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readScope(params: URLSearchParams): DashboardScope {
  const from = params.get('from');
  const to = params.get('to');
  return {
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    team: params.get('team') || undefined,
    user_id: params.get('user_id') || undefined,
  };
}

/** A figure as text: counts grouped, coverage with one decimal and %, money in the company's currency. */
function useFigureText(currency: Currency) {
  const { i18n } = useTranslation();
  return (column: Pick<FigureColumn, 'kind'>, value: number) => {
    if (column.kind === 'money') return formatMinor(value, currency);
    if (column.kind === 'percent') return `${value.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}%`;
    return value.toLocaleString(i18n.language);
  };
}

function Tile({ label, value, sub, progress, onClick, testId, figure }: { label: string; value: string; sub?: string; progress?: number; onClick: () => void; testId: string; figure: number }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" asChild _hover={{ borderColor: 'blue.muted', bg: 'bg.subtle' }} cursor="pointer" textAlign="start">
      {/* Named by its visible text (axe label-content-name-mismatch), plus what pressing it does. */}
      <button type="button" onClick={onClick} data-testid={testId} data-figure={figure}>
        <Card.Body gap="1" p="4" width="full">
          <Text fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" lineHeight="short" data-testid="tile-value">
            {value}
          </Text>
          {progress !== undefined && (
            <Progress.Root value={Math.min(100, Math.max(0, progress))} size="xs" colorPalette={progress >= 80 ? 'green' : progress >= 50 ? 'blue' : 'orange'}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {sub && (
            <Text fontSize="xs" color="fg.muted">
              {sub}
            </Text>
          )}
          <Text srOnly>{t('fos_dashboard.tile_action')}</Text>
        </Card.Body>
      </button>
    </Card.Root>
  );
}

type ExecutiveRow = FosDashboardData['executives'][number];
type TeamRow = FosDashboardData['teams'][number];
type FosDashboardData = NonNullable<ReturnType<typeof useFosDashboard>['data']>;
type SortKey = 'name' | 'team' | FigureColumn['key'];

/** A sortable table of executives or teams; every figure cell drills down to its rows. */
function FiguresTable<T extends DashboardFigures & { team: string | null }>({
  rows,
  label,
  nameOf,
  nameKey,
  extra,
  figureText,
  onDrill,
  testId,
}: {
  rows: readonly T[];
  label: string;
  nameOf: (row: T) => string;
  nameKey: 'name' | 'team';
  extra?: { header: string; cell: (row: T) => string };
  figureText: (column: FigureColumn, value: number) => string;
  /** Null when the row cannot be narrowed to (executives without a team, for the teams table). */
  onDrill: (row: T, column: FigureColumn) => (() => void) | null;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<SortState<SortKey>>({ key: 'visits_made', direction: 'desc' });
  const sorted = useMemo(() => sortRows(rows as readonly Record<SortKey, unknown>[], sort, i18n.language) as unknown as T[], [rows, sort, i18n.language]);
  const header = (key: SortKey, text: string, numeric: boolean) => {
    const active = sort.key === key;
    const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
    return (
      <Table.ColumnHeader key={key} textAlign={numeric ? 'end' : 'start'} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} whiteSpace="nowrap">
        <Button size="xs" variant="ghost" px="1" color="fg" onClick={() => setSort((s) => nextSort(s, key, numeric))} fontWeight="semibold">
          {text}
          <Icon aria-hidden size={12} opacity={active ? 1 : 0.4} />
        </Button>
      </Table.ColumnHeader>
    );
  };
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={label} data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {header(nameKey, nameKey === 'name' ? t('fos_dashboard.executive') : t('fos_dashboard.team'), false)}
            {extra && <Table.ColumnHeader>{extra.header}</Table.ColumnHeader>}
            {FIGURE_COLUMNS.map((c) => header(c.key, t(`fos_dashboard.figure.${c.label}`), true))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sorted.map((row) => (
            <Table.Row key={nameOf(row)} data-testid={`${testId}-row`}>
              <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                {nameOf(row)}
              </Table.Cell>
              {extra && <Table.Cell color="fg.muted">{extra.cell(row)}</Table.Cell>}
              {FIGURE_COLUMNS.map((c) => {
                const drill = onDrill(row, c);
                const text = figureText(c, row[c.key] as number);
                return (
                  <Table.Cell key={c.key} textAlign="end" whiteSpace="nowrap">
                    {drill ? (
                      <Button
                        size="xs"
                        variant="plain"
                        color="blue.fg"
                        px="0"
                        textDecoration="underline"
                        textDecorationStyle="dotted"
                        onClick={drill}
                        aria-label={t('fos_dashboard.cell_label', { figure: t(`fos_dashboard.figure.${c.label}`), name: nameOf(row), value: text })}
                        data-metric={c.metric}
                      >
                        {text}
                      </Button>
                    ) : (
                      text
                    )}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export default function FosDashboardPage() {
  const { t } = useTranslation();
  const { companyId, company, prefix } = useShell();
  const [params, setParams] = useSearchParams();
  const scope = useMemo(() => readScope(params), [params]);
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const dashboard = useFosDashboard(companyId, scope);
  // The filters' choices: every team and executive of the period, whatever is chosen now.
  const choices = useFosDashboard(companyId, { from: scope.from, to: scope.to });
  const [drill, setDrill] = useState<{ drill: DrillDown; title: string } | null>(null);
  const figureText = useFigureText(currency);

  const data = dashboard.data;
  // Presets count the company's calendar days (as the API does), whatever the browser's zone.
  const offset = countryTimeZone(company?.country).offsetMinutes;
  const period = data ? { from: data.from, to: data.to } : scope.from && scope.to ? { from: scope.from, to: scope.to } : null;
  const preset: PeriodPreset | null = period ? matchPreset(period, new Date(), offset) : null;

  const update = (changes: Record<string, string | null | undefined>) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(changes)) {
          if (!value) p.delete(key);
          else p.set(key, value);
        }
        return p;
      },
      { replace: true },
    );

  /** Opens the rows of a figure for the dashboard's period and scope (narrowed by `extra`). */
  const open: Drill = (extra, title) => {
    if (!data) return;
    setDrill({ drill: { from: data.from, to: data.to, team: scope.team, user_id: scope.user_id, ...extra }, title });
  };
  const figureTitle = (column: FigureColumn, name?: string) =>
    name ? t('fos_dashboard.drill.of', { figure: t(`fos_dashboard.figure.${column.label}`), name }) : t(`fos_dashboard.figure.${column.label}`);
  const column = (key: FigureColumn['key']) => FIGURE_COLUMNS.find((c) => c.key === key)!;
  const tile = (key: FigureColumn['key'], sub?: string, progress?: number) => {
    if (!data) return null;
    const c = column(key);
    const value = data.totals[key] as number;
    // The tile's figure as the drill-down counts it: rows for counts and coverage (visited loans), receipts for money.
    const figure = c.kind === 'percent' ? data.totals.visited_loans : key === 'amount_collected_paise' ? data.totals.receipts : key === 'cash_undeposited_paise' ? data.totals.cash_undeposited_receipts : value;
    return (
      <Tile
        key={key}
        label={t(`fos_dashboard.figure.${c.label}`)}
        value={figureText(c, value)}
        sub={sub}
        progress={progress}
        figure={figure}
        testId={`tile-${c.label}`}
        onClick={() => open({ metric: c.metric }, figureTitle(c))}
      />
    );
  };

  const teams = choices.data?.teams ?? data?.teams ?? [];
  const executiveChoices = (choices.data?.executives ?? data?.executives ?? []).filter((x) => !scope.team || x.team === scope.team);

  let body;
  if (dashboard.isPending) body = <LoadingState />;
  else if (dashboard.isError) body = <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  else if (data!.executives.length === 0) body = <EmptyState>{t('fos_dashboard.no_executives')}</EmptyState>;
  else {
    const totals = data!.totals;
    body = (
      <Stack gap="6" opacity={dashboard.isPlaceholderData ? 0.6 : 1} aria-busy={dashboard.isFetching}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="section" aria-label={t('fos_dashboard.kpis')}>
          {tile('visits_made', t('fos_dashboard.sub.of_planned', { planned: totals.visits_planned.toLocaleString() }), totals.visits_planned > 0 ? (totals.visits_made / totals.visits_planned) * 100 : 0)}
          {tile('visits_planned', t('fos_dashboard.sub.allocated', { count: totals.allocated_loans }))}
          {tile('coverage_pct', t('fos_dashboard.sub.coverage', { visited: totals.visited_loans.toLocaleString(), allocated: totals.allocated_loans.toLocaleString() }), totals.coverage_pct)}
          {tile('ptps', t('fos_dashboard.sub.ptp_amount', { amount: formatMinor(totals.ptp_amount_paise, currency) }))}
          {tile('ptps_kept', t('fos_dashboard.sub.kept_amount', { amount: formatMinor(totals.ptp_kept_amount_paise, currency), open: totals.ptps_open }), totals.ptps > 0 ? (totals.ptps_kept / totals.ptps) * 100 : undefined)}
          {tile('ptps_broken', t('fos_dashboard.sub.open', { count: totals.ptps_open }))}
          {tile('amount_collected_paise', t('fos_dashboard.sub.receipts', { count: totals.receipts }))}
          {tile('cash_undeposited_paise', t('fos_dashboard.sub.receipts', { count: totals.cash_undeposited_receipts }))}
        </SimpleGrid>

        <Suspense fallback={<LoadingState label={t('fos_dashboard.loading_charts')} />}>
          <FosDashboardCharts data={data!} totals={totals} currency={currency} onDrill={open} />
        </Suspense>

        <Stack gap="2" as="section" aria-labelledby="fos-executives">
          <Heading as="h2" size="md" id="fos-executives">
            {t('fos_dashboard.executives_title')}
          </Heading>
          <FiguresTable<ExecutiveRow>
            rows={data!.executives}
            label={t('fos_dashboard.executives_title')}
            nameOf={(x) => x.name}
            nameKey="name"
            extra={{ header: t('fos_dashboard.team'), cell: (x) => x.team ?? '—' }}
            figureText={figureText}
            onDrill={(x, c) => () => open({ metric: c.metric, user_id: x.user_id }, figureTitle(c, x.name))}
            testId="executives-table"
          />
        </Stack>

        {data!.teams.length > 0 && (
          <Stack gap="2" as="section" aria-labelledby="fos-teams">
            <Heading as="h2" size="md" id="fos-teams">
              {t('fos_dashboard.teams_title')}
            </Heading>
            <FiguresTable<TeamRow>
              rows={data!.teams}
              label={t('fos_dashboard.teams_title')}
              nameOf={(x) => x.team ?? t('fos_dashboard.no_team')}
              nameKey="team"
              extra={{ header: t('fos_dashboard.executives_count'), cell: (x) => x.executives.toLocaleString() }}
              figureText={figureText}
              onDrill={(x, c) => (x.team === null ? null : () => setDrill({ drill: { from: data!.from, to: data!.to, team: x.team!, user_id: scope.user_id, metric: c.metric }, title: figureTitle(c, x.team!) }))}
              testId="teams-table"
            />
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('fos_dashboard.title')}
      </Heading>

      <Flex role="group" aria-label={t('fos_dashboard.filters')} gap="3" wrap="wrap" align="end">
        <Stack gap="1.5">
          <Text fontSize="sm" fontWeight="medium" id="fos-period-label">
            {t('fos_dashboard.period')}
          </Text>
          <HStack gap="1" role="group" aria-labelledby="fos-period-label" wrap="wrap">
            {PERIOD_PRESETS.map((p) => (
              <Button
                key={p}
                size="sm"
                variant={preset === p ? 'solid' : 'outline'}
                aria-pressed={preset === p}
                data-testid={`preset-${p}`}
                onClick={() => {
                  const next = presetPeriod(p, new Date(), offset);
                  update({ from: next.from, to: next.to });
                }}
              >
                {t(`fos_dashboard.preset.${p}`)}
              </Button>
            ))}
          </HStack>
        </Stack>
        <Field.Root width={{ base: 'calc(50% - 0.375rem)', sm: '40' }}>
          <Field.Label>{t('fos_dashboard.from')}</Field.Label>
          <Input size="sm" type="date" value={period?.from ?? ''} max={period?.to} onChange={(e) => e.currentTarget.value && update({ from: e.currentTarget.value, to: period?.to })} />
        </Field.Root>
        <Field.Root width={{ base: 'calc(50% - 0.375rem)', sm: '40' }}>
          <Field.Label>{t('fos_dashboard.to')}</Field.Label>
          <Input size="sm" type="date" value={period?.to ?? ''} min={period?.from} onChange={(e) => e.currentTarget.value && update({ to: e.currentTarget.value, from: period?.from })} />
        </Field.Root>
        {teams.length > 0 && (
          <FilterSelect
            label={t('fos_dashboard.team')}
            value={scope.team ?? ''}
            onChange={(team) => update({ team, user_id: null })}
            anyLabel={t('fos_dashboard.all_teams')}
            options={teams.flatMap((x) => (x.team === null ? [] : [{ value: x.team, label: x.team }]))}
            width={{ base: 'full', sm: '44' }}
          />
        )}
        {executiveChoices.length > 0 && (
          <FilterSelect
            label={t('fos_dashboard.executive')}
            value={scope.user_id ?? ''}
            onChange={(userId) => update({ user_id: userId })}
            anyLabel={t('fos_dashboard.all_executives')}
            options={executiveChoices.map((x) => ({ value: x.user_id, label: x.name }))}
            width={{ base: 'full', sm: '52' }}
          />
        )}
        {data && (
          <Box fontSize="xs" color="fg.muted" pb="2">
            {t('fos_dashboard.period_note', { from: data.from, to: data.to, zone: data.time_zone })}
          </Box>
        )}
      </Flex>

      {body}

      <RowsDrawer companyId={companyId} prefix={prefix} currency={currency} drill={drill?.drill ?? null} title={drill?.title ?? ''} onClose={() => setDrill(null)} />
    </Stack>
  );
}

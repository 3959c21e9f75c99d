/**
 * The FOS dashboard's charts (issue 5 "charts"): dispositions of the visits made, PTP outcomes,
 * the age of cash not yet deposited, and visits made against planned per executive. Recharts, in a
 * lazy chunk of its own so the tiles show before it loads (and it never reaches the field route).
 * A click on a bar or slice drills down to its rows; the buttons under each chart do the same from
 * the keyboard and tell a screen reader the figures.
 */
import { Box, Button, Card, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CashAgeBucket, DashboardFigures, FosDashboard } from '../../../../domain/contracts/field/dashboard';
import { formatMinor, type Currency } from '../../../../domain/common/money';
import { FOS_DISPOSITIONS, type FosDisposition } from '../../../../domain/field/dispositions';
import type { DrillDown } from './api';

/** Chakra's palette as CSS variables, so the charts follow the theme. */
const colour = (name: string) => `var(--chakra-colors-${name.replace('.', '-')})`;
const DISPOSITION_COLOURS: Record<FosDisposition, string> = {
  Paid: colour('green.500'),
  'Partially Paid': colour('green.300'),
  'Promise to Pay': colour('blue.500'),
  'Refused to Pay': colour('red.500'),
  'Customer Not Available': colour('gray.400'),
  'Door Locked': colour('gray.500'),
  'Shifted / Address Not Found': colour('orange.400'),
  'Wrong Address': colour('orange.600'),
  Dispute: colour('purple.500'),
  Deceased: colour('gray.700'),
  'Call Back': colour('yellow.500'),
};
const PTP_COLOURS = { ptps_kept: colour('green.500'), ptps_broken: colour('red.500'), ptps_open: colour('blue.400') } as const;
/** The cash age buckets, youngest first, with their colours (typed as a record so none is missed; the contract's list is a zod module kept out of the browser). */
const AGE_COLOURS: Record<CashAgeBucket, string> = { lt_1d: colour('green.400'), d1_2: colour('yellow.500'), d2_7: colour('orange.500'), gt_7d: colour('red.600') };
const AGE_BUCKETS = Object.keys(AGE_COLOURS) as CashAgeBucket[];

export type Drill = (drill: Omit<DrillDown, 'from' | 'to' | 'team' | 'user_id'> & { user_id?: string }, title: string) => void;

export interface FosDashboardChartsProps {
  data: FosDashboard;
  totals: DashboardFigures;
  currency: Currency;
  onDrill: Drill;
}

function ChartCard({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card.Root size="sm" as="section" aria-label={title}>
      <Card.Header pb="0">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        {/* A picture of the chips below, which carry the figures for everyone: hidden from assistive
            technology, with recharts' keyboard layer off so nothing hidden is focusable (axe aria-hidden-focus). */}
        <Box height="15rem" aria-hidden>
          {children}
        </Box>
        <Flex gap="1.5" wrap="wrap">
          {actions}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function Chip({ label, value, swatch, onClick, testId }: { label: string; value: string; swatch: string; onClick: () => void; testId?: string }) {
  return (
    <Button size="xs" variant="outline" onClick={onClick} data-testid={testId} fontWeight="normal">
      <Box as="span" boxSize="2.5" rounded="sm" bg={swatch} aria-hidden />
      {label}
      <Text as="span" fontWeight="semibold">
        {value}
      </Text>
    </Button>
  );
}

export default function FosDashboardCharts({ data, totals, currency, onDrill }: FosDashboardChartsProps) {
  const { t } = useTranslation();
  const count = (n: number) => n.toLocaleString();

  const dispositions = FOS_DISPOSITIONS.map((d) => ({ key: d, name: t(`field.disposition.${d}`, { defaultValue: d }), value: totals.dispositions[d] ?? 0 })).filter((d) => d.value > 0);
  const drillDisposition = (d: FosDisposition, name: string) => onDrill({ metric: 'visits_made', disposition: d }, t('fos_dashboard.drill.disposition', { name }));

  const ptps = (['ptps_kept', 'ptps_broken', 'ptps_open'] as const).map((key) => ({ key, name: t(`fos_dashboard.figure.${key}`), value: totals[key] }));
  const ages = AGE_BUCKETS.map((bucket) => ({
    key: bucket,
    name: t(`fos_dashboard.age.${bucket}`),
    // Charted in paise: the axis and tooltip format them with formatMinor.
    amount: totals.cash_age[bucket].amount_paise,
    count: totals.cash_age[bucket].count,
    paise: totals.cash_age[bucket].amount_paise,
    fill: AGE_COLOURS[bucket],
  }));
  const executives = [...data.executives]
    .sort((a, b) => b.visits_planned - a.visits_planned || b.visits_made - a.visits_made)
    .slice(0, 12)
    .map((x) => ({ user_id: x.user_id, name: x.name, made: x.visits_made, planned: x.visits_planned }));
  const money = (paise: number) => formatMinor(paise, currency);

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" data-testid="dashboard-charts">
      <ChartCard
        title={t('fos_dashboard.chart.dispositions')}
        actions={
          dispositions.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('fos_dashboard.no_visits')}
            </Text>
          ) : (
            dispositions.map((d) => <Chip key={d.key} label={d.name} value={count(d.value)} swatch={DISPOSITION_COLOURS[d.key]} onClick={() => drillDisposition(d.key, d.name)} testId="disposition-chip" />)
          )
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={dispositions} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 12 }} />
            <Tooltip cursor={{ fillOpacity: 0.1 }} />
            <Bar isAnimationActive={false} dataKey="value" name={t('fos_dashboard.figure.visits_made')} cursor="pointer" onClick={(_d, i) => dispositions[i] && drillDisposition(dispositions[i].key, dispositions[i].name)}>
              {dispositions.map((d) => (
                <Cell key={d.key} fill={DISPOSITION_COLOURS[d.key]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title={t('fos_dashboard.chart.ptps')}
        actions={ptps.map((p) => (
          <Chip key={p.key} label={p.name} value={count(p.value)} swatch={PTP_COLOURS[p.key]} onClick={() => onDrill({ metric: p.key }, p.name)} />
        ))}
      >
        {totals.ptps === 0 ? (
          <Flex height="full" align="center" justify="center">
            <Text color="fg.muted">{t('fos_dashboard.no_ptps')}</Text>
          </Flex>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                rootTabIndex={-1}
                isAnimationActive={false}
                data={ptps}
                dataKey="value"
                nameKey="name"
                innerRadius="55%"
                outerRadius="85%"
                paddingAngle={2}
                cursor="pointer"
                onClick={(_d, i) => ptps[i] && onDrill({ metric: ptps[i].key }, ptps[i].name)}
              >
                {ptps.map((p) => (
                  <Cell key={p.key} fill={PTP_COLOURS[p.key]} />
                ))}
              </Pie>
              <Tooltip />
            </PieChart>
          </ResponsiveContainer>
        )}
      </ChartCard>

      <ChartCard
        title={t('fos_dashboard.chart.cash_age')}
        actions={ages.map((a) => (
          <Chip
            key={a.key}
            label={a.name}
            value={`${count(a.count)} · ${formatMinor(a.paise, currency)}`}
            swatch={a.fill}
            onClick={() => onDrill({ metric: 'cash_undeposited', age_bucket: a.key }, t('fos_dashboard.drill.cash_age', { age: a.name }))}
          />
        ))}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={ages} margin={{ left: 8, right: 16 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={(v: number) => money(v)} width={90} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => money(Number(v))} cursor={{ fillOpacity: 0.1 }} />
            <Bar
              isAnimationActive={false}
              dataKey="amount"
              name={t('fos_dashboard.figure.cash_undeposited')}
              cursor="pointer"
              onClick={(_d, i) => ages[i] && onDrill({ metric: 'cash_undeposited', age_bucket: ages[i].key }, t('fos_dashboard.drill.cash_age', { age: ages[i].name }))}
            >
              {ages.map((a) => (
                <Cell key={a.key} fill={a.fill} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title={t('fos_dashboard.chart.executives')}
        actions={executives.map((x) => (
          <Chip
            key={x.user_id}
            label={x.name}
            value={`${count(x.made)} / ${count(x.planned)}`}
            swatch={colour('blue.500')}
            onClick={() => onDrill({ metric: 'visits_made', user_id: x.user_id }, t('fos_dashboard.drill.of', { figure: t('fos_dashboard.figure.visits_made'), name: x.name }))}
          />
        ))}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={executives} margin={{ left: 8, right: 16 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} angle={-25} textAnchor="end" height={56} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
            <Tooltip cursor={{ fillOpacity: 0.1 }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              isAnimationActive={false}
              dataKey="made"
              name={t('fos_dashboard.figure.visits_made')}
              fill={colour('blue.500')}
              cursor="pointer"
              onClick={(_d, i) =>
                executives[i] && onDrill({ metric: 'visits_made', user_id: executives[i].user_id }, t('fos_dashboard.drill.of', { figure: t('fos_dashboard.figure.visits_made'), name: executives[i].name }))
              }
            />
            <Bar
              isAnimationActive={false}
              dataKey="planned"
              name={t('fos_dashboard.figure.visits_planned')}
              fill={colour('gray.300')}
              cursor="pointer"
              onClick={(_d, i) =>
                executives[i] &&
                onDrill({ metric: 'visits_planned', user_id: executives[i].user_id }, t('fos_dashboard.drill.of', { figure: t('fos_dashboard.figure.visits_planned'), name: executives[i].name }))
              }
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </SimpleGrid>
  );
}

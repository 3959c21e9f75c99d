/**
 * The payments dashboard's charts (issue 15): collections by day, and by source, channel, gateway
 * and DPD bucket. Recharts, in a lazy chunk of its own so the totals show before it loads. Each chart
 * is a picture of the list under it, which carries the figures for everyone (the chart is hidden
 * from assistive technology, recharts' keyboard layer off).
 */
import { Badge, Box, Card, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMinor, type Currency } from '../../../domain/common/money';
import type { PaymentsDashboard } from '../../../domain/contracts/payments/dashboard';

const colour = (name: string) => `var(--chakra-colors-${name.replace('.', '-')})`;
// Tokens the theme defines (the FOS charts use the same ones); an undefined token renders black.
const PALETTE = ['green.500', 'blue.500', 'purple.500', 'orange.500', 'red.500', 'yellow.500', 'gray.500', 'blue.400', 'orange.600', 'green.300'].map(colour);

function ChartCard({ title, children, figures, testId }: { title: string; children: ReactNode; figures: ReactNode; testId: string }) {
  return (
    <Card.Root size="sm" as="section" aria-label={title} data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Box height="14rem" aria-hidden>
          {children}
        </Box>
        <Flex as="ul" gap="1.5" wrap="wrap" listStyleType="none">
          {figures}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

type Slice = PaymentsDashboard['by_source'][number];

function SliceChart({ title, slices, label, currency, testId }: { title: string; slices: Slice[]; label: (key: string) => string; currency: Currency; testId: string }) {
  const { t } = useTranslation();
  const data = slices.map((s, i) => ({ ...s, name: label(s.key), fill: PALETTE[i % PALETTE.length] }));
  const money = (minor: number) => formatMinor(minor, currency);
  return (
    <ChartCard
      title={title}
      testId={testId}
      figures={
        data.length === 0 ? (
          <Text as="li" fontSize="sm" color="fg.muted">
            {t('payments.dashboard.nothing')}
          </Text>
        ) : (
          data.map((d) => (
            <Badge as="li" key={d.key} variant="outline" size="md" data-testid="dashboard-slice" data-key={d.key}>
              <Box as="span" boxSize="2.5" rounded="sm" bg={d.fill} aria-hidden />
              {d.name}: {money(d.amount_minor)} · {t('payments.dashboard.count', { count: d.count })}
            </Badge>
          ))
        )
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" tickFormatter={(v: number) => money(v)} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => money(Number(v))} cursor={{ fillOpacity: 0.1 }} />
          <Bar isAnimationActive={false} dataKey="amount_minor" name={t('payments.dashboard.collected')}>
            {data.map((d) => (
              <Cell key={d.key} fill={d.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export default function PaymentsDashboardCharts({ data, currency }: { data: PaymentsDashboard; currency: Currency }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMinor(minor, currency);
  const best = [...data.by_day].sort((a, b) => b.amount_minor - a.amount_minor)[0];
  return (
    <Flex direction="column" gap="4">
      <ChartCard
        title={t('payments.dashboard.by_day')}
        testId="dashboard-by-day"
        figures={
          <>
            <Text as="li" fontSize="sm">
              {t('payments.dashboard.days', { count: data.by_day.filter((d) => d.count > 0).length, total: data.by_day.length })}
            </Text>
            {best && best.amount_minor > 0 && (
              <Text as="li" fontSize="sm">
                · {t('payments.dashboard.best_day', { day: best.day, amount: money(best.amount_minor) })}
              </Text>
            )}
          </>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data.by_day} margin={{ left: 8, right: 16 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} tick={{ fontSize: 11 }} minTickGap={12} />
            <YAxis tickFormatter={(v: number) => money(v)} width={90} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => money(Number(v))} cursor={{ fillOpacity: 0.1 }} />
            <Bar isAnimationActive={false} dataKey="amount_minor" name={t('payments.dashboard.collected')} fill={colour('blue.500')} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <SliceChart title={t('payments.dashboard.by_source')} slices={data.by_source} label={(k) => t(`payments.exceptions.sources.${k}`, { defaultValue: k })} currency={currency} testId="dashboard-by-source" />
        <SliceChart title={t('payments.dashboard.by_channel')} slices={data.by_channel} label={(k) => k} currency={currency} testId="dashboard-by-channel" />
        <SliceChart title={t('payments.dashboard.by_gateway')} slices={data.by_gateway} label={(k) => (k === 'none' ? t('payments.dashboard.no_gateway') : t(`payments.vendor.${k}`, { defaultValue: k }))} currency={currency} testId="dashboard-by-gateway" />
        <SliceChart title={t('payments.dashboard.by_bucket')} slices={data.by_bucket} label={(k) => (k === 'unknown' ? t('payments.dashboard.no_bucket') : k)} currency={currency} testId="dashboard-by-bucket" />
      </SimpleGrid>
    </Flex>
  );
}

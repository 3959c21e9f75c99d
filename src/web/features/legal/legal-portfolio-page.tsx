/**
 * `/app/legal-portfolio` (spec 2 "legal portfolio"; issue 17 "the legal portfolio (cases by
 * stage, court, advocate, next hearing), a lawyer's calendar of hearings"): counts of the cases by
 * process type and stage, by court and by advocate, the next hearings, and a month's calendar of
 * hearings and statutory deadlines. An advocate sees their own cases only (the server decides).
 */
import { Badge, Box, Button, Flex, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CalendarEntry, CaseRecord } from '../../../domain/contracts/legal/cases';
import { addMonths, daysInMonth } from '../../../domain/common/calendar';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { currentMonth } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { useCalendar, useLegalPortfolio } from './api';

function CountTable({ caption, rows }: { caption: string; rows: { label: string; count: number }[] }) {
  const { t } = useTranslation();
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="3">
      <Table.Root size="sm">
        {/* The column header shows the caption; the caption names the table for screen readers. */}
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{caption}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('legal.cases')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.label}>
              <Table.Cell>{r.label}</Table.Cell>
              <Table.Cell textAlign="end">{r.count}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A case's line in a list: loan, borrower, type and stage, court. */
function CaseLine({ c, prefix }: { c: Pick<CaseRecord, 'case_id' | 'process_type' | 'loan_id' | 'applicant_name' | 'stage' | 'court' | 'case_number' | 'advocate_name'>; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <ChakraLink asChild fontWeight="medium" colorPalette="blue">
        <Link to={`${prefix}/process-tracking/${c.process_type}?case=${c.case_id}`}>{c.loan_id}</Link>
      </ChakraLink>{' '}
      <Text as="span" fontSize="sm" color="fg.muted">
        {[c.applicant_name, `${t(`legal.process.${c.process_type}`)}: ${t(`legal.stage.${c.stage}`)}`, c.court, c.case_number, c.advocate_name].filter(Boolean).join(' · ')}
      </Text>
    </Box>
  );
}

function MonthCalendar({ companyId, prefix }: { companyId: string | null; prefix: string }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(currentMonth);
  const from = `${month}-01`;
  const to = `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;
  const cal = useCalendar(companyId, from, to);
  const days = new Map<string, CalendarEntry[]>();
  for (const e of cal.data?.entries ?? []) days.set(e.date, [...(days.get(e.date) ?? []), e]);
  return (
    <Stack gap="3" as="section" aria-labelledby="legal-calendar">
      <Flex justify="space-between" align="center" gap="2">
        <Heading as="h2" size="md" id="legal-calendar">
          {t('legal.calendar_of', { month })}
        </Heading>
        <HStack gap="1">
          <Button size="sm" variant="outline" onClick={() => setMonth((m) => addMonths(m, -1))} aria-label={t('legal.previous_month')}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMonth((m) => addMonths(m, 1))} aria-label={t('legal.next_month')}>
            <ChevronRight aria-hidden />
          </Button>
        </HStack>
      </Flex>
      {cal.isPending ? (
        <LoadingState />
      ) : cal.isError ? (
        <ErrorState error={cal.error} onRetry={() => void cal.refetch()} />
      ) : days.size === 0 ? (
        <EmptyState>{t('legal.calendar_empty')}</EmptyState>
      ) : (
        <Stack gap="2" as="ol" listStyleType="none" data-testid="legal-calendar">
          {[...days].map(([day, entries]) => (
            <Box as="li" key={day} bg="bg" borderWidth="1px" rounded="md" p="3">
              <Text fontWeight="semibold">{day}</Text>
              <Stack gap="1" mt="1">
                {entries.map((e) => (
                  <HStack key={`${e.case_id}-${e.kind}`} gap="2" align="start" data-testid="calendar-entry">
                    <Badge colorPalette={e.kind === 'hearing' ? 'blue' : e.kind === 'limitation' ? 'red' : 'orange'} flexShrink={0}>
                      {t(`legal.entry.${e.kind}`)}
                    </Badge>
                    <CaseLine c={e} prefix={prefix} />
                  </HStack>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export default function LegalPortfolioPage() {
  const { t } = useTranslation();
  const { companyId, prefix } = useShell();
  const portfolio = useLegalPortfolio(companyId);
  return (
    <Stack gap="6" maxW="7xl">
      <Heading as="h1" size="xl">
        {t('menu.legal_portfolio')}
      </Heading>
      {portfolio.isPending ? (
        <LoadingState />
      ) : portfolio.isError ? (
        <ErrorState error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      ) : portfolio.data.total === 0 ? (
        <EmptyState>{t('legal.no_cases_at_all')}</EmptyState>
      ) : (
        <>
          <Text color="fg.muted">{t('legal.cases_total', { count: portfolio.data.total })}</Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <CountTable caption={t('legal.by_stage')} rows={portfolio.data.by_stage.map((r) => ({ label: `${t(`legal.process.${r.process_type}`)}: ${t(`legal.stage.${r.stage}`)}`, count: r.count }))} />
            <CountTable caption={t('legal.court')} rows={portfolio.data.by_court.map((r) => ({ label: r.court ?? t('legal.no_court'), count: r.count }))} />
            <CountTable caption={t('legal.advocate')} rows={portfolio.data.by_advocate.map((r) => ({ label: r.advocate_name ?? t('legal.unassigned'), count: r.count }))} />
          </SimpleGrid>
          <Stack gap="2" as="section" aria-labelledby="next-hearings">
            <Heading as="h2" size="md" id="next-hearings">
              {t('legal.next_hearings')}
            </Heading>
            {portfolio.data.next_hearings.length === 0 ? (
              <EmptyState>{t('legal.no_next_hearings')}</EmptyState>
            ) : (
              <Stack gap="1" as="ul" listStyleType="none">
                {portfolio.data.next_hearings.map((c) => (
                  <HStack as="li" key={c.case_id} gap="3" align="start">
                    <Text fontWeight="semibold" whiteSpace="nowrap">
                      {c.next_hearing_date}
                    </Text>
                    <CaseLine c={c} prefix={prefix} />
                  </HStack>
                ))}
              </Stack>
            )}
          </Stack>
        </>
      )}
      <MonthCalendar companyId={companyId} prefix={prefix} />
    </Stack>
  );
}

/**
 * `/app/customer/notice-tracking?loan_id=` (spec 2 customer tab; issue 17 "the loan's
 * notice-tracking tab"): the loan's notices, newest first — notice, language, issue date, status,
 * dispatch, the PDF — and its litigation cases of every type with stage, court and next hearing
 * (each opening its history in process tracking).
 */
import { Badge, Box, Heading, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { useEndpoint } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { listCases } from '../../../domain/contracts/legal/cases';
import { loanNotices } from '../../../domain/contracts/legal/notices';
import { NoticePdfButton, NoticeStatus } from './notice-parts';

function Notices({ companyId, loanId }: { companyId: string | null; loanId: string }) {
  const { t } = useTranslation();
  const q = { company_id: companyId ?? undefined };
  const list = useEndpoint(loanNotices, { query: { ...q, loan_id: loanId } }, { enabled: Boolean(companyId) });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.notices.length === 0) return <EmptyState>{t('legal.loan_no_notices')}</EmptyState>;
  return (
    <Box bg="bg" borderWidth="1px" rounded="md">
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={t('legal.loan_notices')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('legal.kind_label')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('legal.issue_date')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('legal.status_label')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('legal.dispatch_label')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('legal.document')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.notices.map((n) => (
              <Table.Row key={n.notice_id} data-testid="loan-notice">
                <Table.Cell>
                  <Text>{t(`legal.kind.${n.kind}`)}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    v{n.version} · {t(`legal.lang.${n.language}`)}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{n.issue_date}</Table.Cell>
                <Table.Cell>
                  <NoticeStatus status={n.status} />
                  {n.reason && (
                    <Text fontSize="xs" color="fg.muted">
                      {n.reason}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {n.dispatch_mode ? (
                    <Text fontSize="sm">
                      {t(`legal.mode.${n.dispatch_mode}`)} · {t(`legal.dispatch.${n.dispatch_status ?? 'dispatched'}`)}
                      {n.tracking_number ? ` · ${n.tracking_number}` : ''}
                    </Text>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {t('legal.not_dispatched')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <NoticePdfButton notice={n} companyId={companyId} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

function Cases({ companyId, loanId }: { companyId: string | null; loanId: string }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const list = useEndpoint(listCases, { query: { company_id: companyId ?? undefined, loan_id: loanId, page_number: 1, page_size: 50 } }, { enabled: Boolean(companyId) });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.cases.length === 0) return <EmptyState>{t('legal.loan_no_cases')}</EmptyState>;
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {list.data.cases.map((c) => (
        <Box as="li" key={c.case_id} bg="bg" borderWidth="1px" rounded="md" p="3" data-testid="loan-case">
          <ChakraLink asChild fontWeight="medium" colorPalette="blue">
            <Link to={`${prefix}/process-tracking/${c.process_type}?case=${c.case_id}`}>{t(`legal.process.${c.process_type}`)}</Link>
          </ChakraLink>{' '}
          <Badge ms="1">{t(`legal.stage.${c.stage}`)}</Badge>
          {c.stage_deadline && (
            <Badge ms="1" colorPalette="orange">
              {t('legal.deadline', { date: c.stage_deadline })}
            </Badge>
          )}
          <Text fontSize="sm" color="fg.muted">
            {[c.court, c.case_number, c.advocate_name, c.next_hearing_date && t('legal.next_hearing_on', { date: c.next_hearing_date })].filter(Boolean).join(' · ')}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

export default function LoanNoticesPage() {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [params] = useSearchParams();
  const loanId = params.get('loan_id');
  return (
    <Stack gap="5" maxW="6xl">
      <Heading as="h1" size="xl">
        {loanId ? t('legal.loan_notice_tracking', { loan: loanId }) : t('legal.loan_notice_tracking_none')}
      </Heading>
      {!loanId ? (
        <EmptyState>{t('legal.choose_loan')}</EmptyState>
      ) : (
        <>
          <Stack gap="2" as="section" aria-labelledby="loan-notices">
            <Heading as="h2" size="md" id="loan-notices">
              {t('legal.loan_notices')}
            </Heading>
            <Notices companyId={companyId} loanId={loanId} />
          </Stack>
          <Stack gap="2" as="section" aria-labelledby="loan-cases">
            <Heading as="h2" size="md" id="loan-cases">
              {t('legal.loan_cases')}
            </Heading>
            <Cases companyId={companyId} loanId={loanId} />
          </Stack>
        </>
      )}
    </Stack>
  );
}

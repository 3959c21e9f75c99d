/**
 * A case's limitation and the acknowledgments that restart it (issue 17; Limitation Act 1963 s.18
 * acknowledgment in writing, s.19 part payment): the last day to bring the case with why it is that
 * day — from the date of default, or restarted by a part payment or an acknowledgment on a day —
 * and, for writers, a form recording an acknowledgment (the day it was signed, remarks, the case
 * document holding it).
 */
import { Badge, type BadgeProps, Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDetail, CaseRecord } from '../../../domain/contracts/legal/cases';
import { FormError } from '../../components/form-dialog';
import { toaster } from '../../lib/toaster';
import { useRecordAcknowledgment } from './api';

/**
 * The limitation badge with its reason ("restarted by part payment on …"), or nothing when no
 * limitation applies; `compact` (a table cell) keeps the reason in the badge's title.
 */
export function LimitationBadge({ record, compact = false, ...rest }: { record: CaseRecord; compact?: boolean } & BadgeProps) {
  const { t } = useTranslation();
  if (!record.limitation_date) return null;
  const by = record.limitation_restarted_by;
  const reason = by ? t(`legal.limitation_restarted.${by.kind}`, { date: by.date }) : t('legal.limitation_from_default', { date: record.date_of_default });
  const label = t('legal.limitation', { date: record.limitation_date });
  return (
    <Badge colorPalette="purple" variant={compact ? 'subtle' : undefined} whiteSpace="normal" title={compact ? `${label} · ${reason}` : t('legal.limitation_help')} data-testid="case-limitation" {...rest}>
      {compact ? label : `${label} · ${reason}`}
    </Badge>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function AcknowledgmentForm({ companyId, record }: { companyId: string | null; record: CaseDetail }) {
  const { t } = useTranslation();
  const save = useRecordAcknowledgment();
  const [on, setOn] = useState(today);
  const [remarks, setRemarks] = useState('');
  const [documentId, setDocumentId] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { params: { case_id: record.case_id }, query: { company_id: companyId ?? undefined }, body: { acknowledged_on: on, remarks: remarks.trim() || null, document_id: documentId || null } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('legal.acknowledgment_recorded') });
          setRemarks('');
          setDocumentId('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('legal.record_acknowledgment')}>
      <Stack gap="2">
        <Flex gap="2" wrap="wrap" align="end">
          <Field.Root width="auto" required>
            <Field.Label>{t('legal.acknowledged_on')}</Field.Label>
            <Input size="sm" type="date" value={on} max={today()} onChange={(e) => setOn(e.currentTarget.value)} data-testid="ack-date" />
          </Field.Root>
          <Field.Root width="auto" flex="1" minW="48">
            <Field.Label>{t('legal.acknowledgment_remarks')}</Field.Label>
            <Input size="sm" maxLength={1000} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} data-testid="ack-remarks" />
          </Field.Root>
          <Field.Root width="auto">
            <Field.Label>{t('legal.acknowledgment_document')}</Field.Label>
            <NativeSelect.Root size="sm" width="56">
              <NativeSelect.Field value={documentId} onChange={(e) => setDocumentId(e.currentTarget.value)} data-testid="ack-document">
                <option value="">{t('legal.no_document')}</option>
                {record.documents.map((d) => (
                  <option key={d.document_id} value={d.document_id}>
                    {d.file_name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button size="sm" type="submit" variant="outline" loading={save.isPending} disabled={!on} data-testid="ack-submit">
            {t('legal.record_acknowledgment')}
          </Button>
        </Flex>
        <FormError error={save.error} />
      </Stack>
    </form>
  );
}

/** The case's acknowledgments (newest first) and, for writers, the form recording one. */
export function Acknowledgments({ companyId, record, canWrite }: { companyId: string | null; record: CaseDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('legal.acknowledgment_help')}
      </Text>
      {record.acknowledgments.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('legal.no_acknowledgments')}
        </Text>
      ) : (
        record.acknowledgments.map((a) => (
          <Text key={a.acknowledgment_id} fontSize="sm" data-testid="ack-row">
            {[a.acknowledged_on, a.remarks, a.document_file_name, a.recorded_by_name].filter(Boolean).join(' · ')}
          </Text>
        ))
      )}
      {canWrite && <AcknowledgmentForm key={`${record.case_id}-${record.acknowledgments.length}`} companyId={companyId} record={record} />}
    </Stack>
  );
}

/**
 * Notice dispatch beyond paper on `/app/notice-tracking` (issue 17 "Dispatch"): send a notice with
 * its PDF by email or WhatsApp (through the communication area's compliance check; a blocked send
 * shows why), send every generated notice of a batch, show an email / WhatsApp dispatch's status,
 * and upload / list the POD (proof of delivery) or tracking report of a speed post / courier
 * dispatch. Writes need notice › notices write.
 */
import { Badge, Button, Flex, HStack, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Mail, MessageCircle, Truck, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPATCH_MODES,
  DISPATCH_STATUSES,
  getBatch,
  listNoticeDocuments,
  NOTICE_DOCUMENT_TYPES,
  NOTICE_SEND_CHANNELS,
  noticeDocumentFile,
  sendBatch,
  sendNotice,
  trackNotice,
  uploadNoticeDocument,
  type NoticeDocumentType,
  type NoticeRecord,
  type NoticeSendChannel,
} from '../../../domain/contracts/legal/notices';
import { errorMessage } from '../../lib/api';
import { callWithMessage, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { toaster } from '../../lib/toaster';
import { useUpdateDispatch } from './api';
import { saveDownload } from '../../lib/save-download';

const ICONS = { email: Mail, whatsapp: MessageCircle } as const;
const STATUS_COLOURS: Record<string, string> = { dispatched: 'blue', delivered: 'green', returned: 'orange', blocked: 'orange', failed: 'red' };

/** Whether a notice went by email or WhatsApp (its dispatch is a message, not a tracking number). */
export const sentAsMessage = (n: NoticeRecord) => n.dispatch_mode === 'email' || n.dispatch_mode === 'whatsapp';

/** An email / WhatsApp dispatch: channel, status and, when blocked or failed, why. */
export function MessageDispatch({ notice }: { notice: NoticeRecord }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1" data-testid="message-dispatch">
      <HStack gap="2">
        <Text>{t(`legal.mode.${notice.dispatch_mode}`)}</Text>
        <Badge colorPalette={STATUS_COLOURS[notice.dispatch_status ?? ''] ?? 'gray'} data-testid="dispatch-status" data-status={notice.dispatch_status}>
          {t(`legal.dispatch.${notice.dispatch_status ?? 'dispatched'}`)}
        </Badge>
      </HStack>
      {notice.dispatch_reason && (
        <Text fontSize="xs" color="fg.warning" data-testid="dispatch-reason">
          {notice.dispatch_reason}
        </Text>
      )}
    </Stack>
  );
}

/** "Email" and "WhatsApp" buttons sending one notice with its PDF. */
export function SendNoticeButtons({ companyId, notice }: { companyId: string | null; notice: NoticeRecord }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<NoticeSendChannel | null>(null);
  const send = async (channel: NoticeSendChannel) => {
    setBusy(channel);
    try {
      const lang = (['en', 'hi', 'id'] as const).find((l) => i18n.language.startsWith(l)) ?? 'en';
      const { message, data } = await callWithMessage(sendNotice, { params: { notice_id: notice.notice_id }, query: { company_id: companyId ?? undefined }, body: { channel, lang } });
      toaster.create({ type: data.dispatch_status === 'blocked' || data.dispatch_status === 'failed' ? 'warning' : 'success', title: message });
      await client.invalidateQueries({ queryKey: [getBatch.operation] });
    } catch (err) {
      toaster.create({ type: 'error', title: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="1">
      {NOTICE_SEND_CHANNELS.map((c) => {
        const Icon = ICONS[c];
        return (
          <Button key={c} size="xs" variant="outline" loading={busy === c} disabled={busy !== null} onClick={() => void send(c)} aria-label={t('legal.send_by', { channel: t(`legal.mode.${c}`), loan: notice.loan_id })} data-testid={`send-${c}`}>
            <Icon aria-hidden /> {t(`legal.mode.${c}`)}
          </Button>
        );
      })}
    </HStack>
  );
}

/** Sends every generated notice of the batch not dispatched yet, by email or WhatsApp. */
export function SendBatchButtons({ companyId, batchId }: { companyId: string | null; batchId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const send = useEndpointMutation(sendBatch, {
    onSuccess: (r) => {
      toaster.create({ type: 'success', title: t('legal.batch_sending', { count: r.queued }) });
      setTimeout(() => void client.invalidateQueries({ queryKey: [getBatch.operation] }), 1500);
    },
    onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
  });
  return (
    <HStack gap="2">
      {NOTICE_SEND_CHANNELS.map((c) => {
        const Icon = ICONS[c];
        return (
          <Button key={c} size="sm" variant="outline" loading={send.isPending && send.variables?.body?.channel === c} onClick={() => send.mutate({ params: { batch_id: batchId }, query: { company_id: companyId ?? undefined }, body: { channel: c } })} data-testid={`send-batch-${c}`}>
            <Icon aria-hidden /> {t('legal.send_all_by', { channel: t(`legal.mode.${c}`) })}
          </Button>
        );
      })}
    </HStack>
  );
}

/** A paper dispatch's documents (POD, tracking report): the list, and for writers an upload. */
export function NoticeDocuments({ companyId, notice, canWrite }: { companyId: string | null; notice: NoticeRecord; canWrite: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const q = { company_id: companyId ?? undefined };
  const input = { params: { notice_id: notice.notice_id }, query: q };
  const docs = useEndpoint(listNoticeDocuments, input);
  const [type, setType] = useState<NoticeDocumentType>('POD');
  const picker = useRef<HTMLInputElement>(null);
  const upload = useEndpointMutation(uploadNoticeDocument, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('legal.document_uploaded', { type }) });
      void client.invalidateQueries({ queryKey: [listNoticeDocuments.operation] });
      void client.invalidateQueries({ queryKey: [getBatch.operation] });
    },
    onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
  });
  // The courier's tracking (the local courier adapter): status, a Tracking Report, the POD once delivered.
  const track = useEndpointMutation(trackNotice, {
    onSuccess: (r) => {
      toaster.create({ type: 'success', title: t(`legal.courier_status.${r.status}`, { by: r.received_by ?? '' }) });
      void client.invalidateQueries({ queryKey: [listNoticeDocuments.operation] });
      void client.invalidateQueries({ queryKey: [getBatch.operation] });
    },
    onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
  });
  const onFile = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set('document_type', type);
    form.set('file', file);
    upload.mutate({ ...input, form });
    if (picker.current) picker.current.value = '';
  };
  return (
    <Flex gap="2" align="center" wrap="wrap" data-testid="notice-documents">
      {docs.data?.documents.map((d) => (
        <Link key={d.document_id} fontSize="xs" colorPalette="blue" onClick={() => void saveDownload(noticeDocumentFile, { params: { document_id: d.document_id }, query: q }, d.file_name)} data-testid="notice-document">
          {d.document_type}: {d.file_name}
        </Link>
      ))}
      {canWrite && (
        <HStack gap="1">
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field value={type} onChange={(e) => setType(e.currentTarget.value as NoticeDocumentType)} aria-label={t('legal.document_type')}>
              {NOTICE_DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <input ref={picker} type="file" accept=".pdf,.jpg,.jpeg,.png,.webp" hidden onChange={(e) => onFile(e.currentTarget.files?.[0])} data-testid="pod-file" aria-label={t('legal.upload_document', { loan: notice.loan_id })} />
          <Button size="xs" variant="outline" loading={upload.isPending} onClick={() => picker.current?.click()}>
            <Upload aria-hidden /> {t('legal.upload')}
          </Button>
          <Button size="xs" variant="outline" loading={track.isPending} onClick={() => track.mutate(input)} aria-label={t('legal.read_tracking_of', { number: notice.tracking_number ?? '' })} data-testid="read-tracking">
            <Truck aria-hidden /> {t('legal.read_tracking')}
          </Button>
        </HStack>
      )}
    </Flex>
  );
}

/** A notice's dispatch: current state, and (for writers) mode, tracking number and status to record. */
export function DispatchEditor({ companyId, notice }: { companyId: string | null; notice: NoticeRecord }) {
  const { t } = useTranslation();
  const save = useUpdateDispatch();
  const paper = notice.dispatch_mode === 'speed_post' || notice.dispatch_mode === 'courier';
  const [mode, setMode] = useState<(typeof DISPATCH_MODES)[number]>(paper && notice.dispatch_mode !== 'email' && notice.dispatch_mode !== 'whatsapp' ? (notice.dispatch_mode ?? 'speed_post') : 'speed_post');
  const [tracking, setTracking] = useState(notice.tracking_number ?? '');
  const [status, setStatus] = useState<(typeof DISPATCH_STATUSES)[number]>(paper && (DISPATCH_STATUSES as readonly string[]).includes(notice.dispatch_status ?? '') ? (notice.dispatch_status as (typeof DISPATCH_STATUSES)[number]) : 'dispatched');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { params: { notice_id: notice.notice_id }, query: { company_id: companyId ?? undefined }, body: { mode, tracking_number: tracking.trim(), status } },
      { onSuccess: () => toaster.create({ type: 'success', title: t('legal.dispatch_saved') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('legal.dispatch_of', { loan: notice.loan_id })}>
      <Flex gap="2" wrap="nowrap" align="center">
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field value={mode} onChange={(e) => setMode(e.currentTarget.value as typeof mode)} aria-label={t('legal.dispatch_mode')}>
            {DISPATCH_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`legal.mode.${m}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input size="xs" width="32" value={tracking} maxLength={40} placeholder={t('legal.tracking_number')} aria-label={t('legal.tracking_number')} onChange={(e) => setTracking(e.currentTarget.value)} />
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)} aria-label={t('legal.dispatch_status')}>
            {DISPATCH_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`legal.dispatch.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="xs" type="submit" loading={save.isPending} disabled={tracking.trim().length < 3}>
          {t('common.save')}
        </Button>
      </Flex>
    </form>
  );
}

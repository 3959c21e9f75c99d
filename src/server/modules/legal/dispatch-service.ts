/**
 * Notice dispatch beyond paper (issue 17 "Dispatch: … email and WhatsApp (through communication);
 * the POD uploaded"): a generated notice goes to the borrower with its PDF attached through the
 * communication area's `sendToBorrower` (compliance check, the company's provider), one notice or
 * every notice of a batch as a durable job (queue 'legal-notice-dispatch'; a notice with a dispatch
 * mode is done, so a resumed job continues with the rest). The POD (proof of delivery) or tracking
 * report of a speed post / courier dispatch is uploaded as a notice document (spec 9 types).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, count } from 'drizzle-orm';
import type { BatchSendRecord, NoticeDocumentRecord, NoticeDocumentType, NoticeSendChannel, SendNoticeBody } from '../../../domain/contracts/legal/notices';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import type { JobQueue } from '../../jobs/queue';
import type { FileStorage } from '../../storage/files';
import type { SecretKeys } from '../../security/secret-box';
import { notSentReasons, sendToBorrower } from '../communication/queries';
import { addLoanEvents } from '../portfolio/queries';
import { batchRow, DISPATCH_OF_MESSAGE, noticeRow } from './batches-service';
import { storeUpload, uploadKey } from './uploads';
import { noticeDocuments, notices, type NoticeDocumentRow, type NoticeRow } from './schema';

export const NOTICE_DISPATCH_QUEUE = 'legal-notice-dispatch';
export const DOCUMENT_NOT_FOUND = 'Notice document not found';
const CHANNEL_LABEL: Record<NoticeSendChannel, string> = { email: 'email', whatsapp: 'WhatsApp' };

/** The job's data on NOTICE_DISPATCH_QUEUE. */
export interface NoticeDispatchJobData {
  companyId: string;
  batchId: string;
  channel: NoticeSendChannel;
  lang: 'en' | 'hi' | 'id';
  actorId: string;
}

/** The cover text of a notice sent by email or WhatsApp (the PDF is the notice). */
export const NOTICE_MESSAGE = {
  name: 'Legal notice',
  subject: 'Notice for loan {{loan_id}}',
  text: 'Dear {{borrower_name}}, please find attached the notice issued to you in respect of loan {{loan_id}}. Please read it and act within the time it gives.',
};

async function bytesOf(files: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Sends one generated notice with its PDF attached, in `tx` (the request's, or the batch job's per
 * notice), and records the dispatch on the notice (mode, status, message, why not sent) and on the
 * loan's timeline. A blocked or failed message is recorded, not thrown.
 * @throws 404 NOTICE_NOT_FOUND; 400 a notice not generated, no email / number on the loan
 */
export async function sendNotice(tx: DbOrTx, keys: SecretKeys, files: FileStorage, companyId: string, actorId: string, noticeId: string, body: SendNoticeBody, now: Date): Promise<NoticeRow> {
  const row = await noticeRow(tx, companyId, noticeId);
  if (row.status !== 'success' || !row.pdfKey) throw badRequest('Only a generated notice can be dispatched');
  const bytes = await bytesOf(files, row.pdfKey);
  const r = await sendToBorrower(
    tx,
    {
      companyId,
      loanId: row.loanId,
      channel: body.channel,
      content: NOTICE_MESSAGE,
      variables: {},
      attachment: { fileName: `notice_${row.loanId}.pdf`.replace(/[^\w.-]/g, '_'), contentType: 'application/pdf', bytes },
      actorId,
      lang: body.lang ?? 'en',
    },
    now,
    { keys },
  );
  const status = DISPATCH_OF_MESSAGE[r.message.status];
  const reason = r.outcome === 'sent' ? null : notSentReasons(r).join('; ');
  const [updated] = await tx
    .update(notices)
    .set({ dispatchMode: body.channel, trackingNumber: null, dispatchStatus: status, dispatchMessageId: r.message.message_id, dispatchReason: reason, dispatchedAt: r.outcome === 'sent' ? now : null, dispatchUpdatedAt: now, dispatchUpdatedBy: actorId })
    .where(eq(notices.noticeId, noticeId))
    .returning();
  await addLoanEvents(tx, [
    {
      companyId,
      loanId: row.loanId,
      allocationMonth: row.allocationMonth,
      kind: 'notice',
      module: 'legal',
      remark: r.outcome === 'sent' ? `Notice sent by ${CHANNEL_LABEL[body.channel]}` : `Notice not sent by ${CHANNEL_LABEL[body.channel]}: ${reason}`,
      details: { notice_id: noticeId, batch_id: row.batchId, event: status, mode: body.channel, message_id: r.message.message_id },
      authorId: actorId,
      createdAt: now,
    },
  ]);
  return updated;
}

/**
 * POST /notice/batches/{id}/send: queues the batch's generated notices not dispatched yet.
 * @throws 404 BATCH_NOT_FOUND; 400 a batch in progress or with nothing left to send
 */
export async function queueBatchSend(db: Db, jobs: JobQueue, companyId: string, actorId: string, batchId: string, body: SendNoticeBody): Promise<BatchSendRecord> {
  const batch = await batchRow(db, companyId, batchId);
  if (batch.status === 'in_progress') throw badRequest('The batch is still being generated');
  const [{ n }] = await db.select({ n: count() }).from(notices).where(and(eq(notices.batchId, batchId), eq(notices.status, 'success'), isNull(notices.dispatchMode)));
  if (n === 0) throw badRequest('Every generated notice of the batch has been dispatched');
  await jobs.send<NoticeDispatchJobData>(NOTICE_DISPATCH_QUEUE, { companyId, batchId, channel: body.channel, lang: body.lang ?? 'en', actorId });
  return { batch_id: batchId, channel: body.channel, queued: n };
}

/**
 * The batch send job: each generated notice without a dispatch mode, in order, in its own
 * transaction; a notice that cannot be sent (no email on the loan) is recorded failed with why.
 */
export async function runBatchSend(db: Db, keys: SecretKeys, files: FileStorage, data: NoticeDispatchJobData, now: () => Date): Promise<void> {
  for (;;) {
    const todo = await db
      .select({ noticeId: notices.noticeId })
      .from(notices)
      .where(and(eq(notices.companyId, data.companyId), eq(notices.batchId, data.batchId), eq(notices.status, 'success'), isNull(notices.dispatchMode)))
      .orderBy(asc(notices.seq))
      .limit(25);
    if (todo.length === 0) return;
    for (const { noticeId } of todo) {
      try {
        await db.transaction((tx) => sendNotice(tx, keys, files, data.companyId, data.actorId, noticeId, { channel: data.channel, lang: data.lang }, now()));
      } catch (err) {
        const reason = err instanceof AppError ? err.message : 'The notice could not be sent';
        await db.update(notices).set({ dispatchMode: data.channel, dispatchStatus: 'failed', dispatchReason: reason, dispatchUpdatedAt: now(), dispatchUpdatedBy: data.actorId }).where(eq(notices.noticeId, noticeId));
      }
    }
  }
}

/** A 'notice' event on the notice's loan timeline (module legal), its details naming the notice and batch. */
export function noticeEvent(tx: DbOrTx, notice: NoticeRow, authorId: string | null, now: Date, remark: string, details: Record<string, unknown>): Promise<unknown> {
  return addLoanEvents(tx, [
    { companyId: notice.companyId, loanId: notice.loanId, allocationMonth: notice.allocationMonth, kind: 'notice', module: 'legal', remark, details: { notice_id: notice.noticeId, batch_id: notice.batchId, ...details }, authorId, createdAt: now },
  ]);
}

function toDocumentRecord(r: NoticeDocumentRow): NoticeDocumentRecord {
  return {
    document_id: r.documentId,
    notice_id: r.noticeId,
    document_type: r.documentType,
    file_name: r.fileName,
    content_type: r.contentType,
    size_bytes: r.sizeBytes,
    uploaded_by: r.uploadedBy,
    uploaded_at: r.uploadedAt.toISOString(),
  };
}

/**
 * POST /notice/notices/{id}/documents: stores a POD or tracking report of a notice sent by speed
 * post or courier; a POD marks a dispatched notice delivered, both go on the loan's timeline.
 * @throws 404 NOTICE_NOT_FOUND; 400 a POD of a notice not sent by post or courier
 */
export async function uploadNoticeDocument(db: Db, files: FileStorage, companyId: string, userId: string, noticeId: string, documentType: NoticeDocumentType, file: FormFile, now: Date): Promise<NoticeDocumentRecord> {
  const notice = await noticeRow(db, companyId, noticeId);
  if (notice.dispatchMode !== 'speed_post' && notice.dispatchMode !== 'courier') throw badRequest('Record the speed post or courier dispatch of this notice first');
  const documentId = randomUUID();
  const key = uploadKey(`notices/${companyId}/${notice.batchId}/documents`, documentId, file.filename);
  return storeUpload(db, files, key, file, async (tx, size) => {
    const [row] = await tx
      .insert(noticeDocuments)
      .values({ documentId, companyId, noticeId, documentType, fileKey: key, fileName: file.filename.slice(0, 200), contentType: file.mimetype || 'application/octet-stream', sizeBytes: size, uploadedBy: userId, uploadedAt: now })
      .returning();
    if (documentType === 'POD' && notice.dispatchStatus === 'dispatched') await tx.update(notices).set({ dispatchStatus: 'delivered', dispatchUpdatedAt: now, dispatchUpdatedBy: userId }).where(eq(notices.noticeId, noticeId));
    await noticeEvent(tx, notice, userId, now, `${documentType} uploaded (${notice.dispatchMode === 'speed_post' ? 'speed post' : 'courier'} ${notice.trackingNumber ?? ''})`.replace(' )', ')'), {
      event: documentType === 'POD' ? 'pod_uploaded' : 'tracking_report_uploaded',
      document_id: documentId,
    });
    return toDocumentRecord(row);
  });
}

/** GET /notice/notices/{id}/documents: newest first. @throws 404 NOTICE_NOT_FOUND */
export async function listNoticeDocuments(db: Db, companyId: string, noticeId: string): Promise<NoticeDocumentRecord[]> {
  await noticeRow(db, companyId, noticeId);
  const rows = await db.select().from(noticeDocuments).where(and(eq(noticeDocuments.companyId, companyId), eq(noticeDocuments.noticeId, noticeId))).orderBy(desc(noticeDocuments.uploadedAt));
  return rows.map(toDocumentRecord);
}

/** The company's document. @throws 404 DOCUMENT_NOT_FOUND */
export async function noticeDocument(db: Db, companyId: string, documentId: string): Promise<NoticeDocumentRow> {
  const [row] = await db.select().from(noticeDocuments).where(and(eq(noticeDocuments.companyId, companyId), eq(noticeDocuments.documentId, documentId)));
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}

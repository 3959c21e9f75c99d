/**
 * A notice's delivery read from the courier's tracking (issue 17 "the POD … read from the
 * courier's tracking"): the adapter (courier/port.ts; 'local' stands in for India Post and
 * couriers) says where the article is; the notice's dispatch status follows (delivered, returned),
 * the events are kept as its Tracking Report document (the read before replaced), and a delivered
 * article's POD from the courier becomes its POD document (once). The loan's timeline gets a
 * status change.
 */
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, eq, inArray, isNotNull, like } from 'drizzle-orm';
import type { CourierTrackingRecord } from '../../../domain/contracts/legal/notices';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { FileStorage } from '../../storage/files';
import { portfolioView } from '../portfolio/queries';
import { noticeRow, toNoticeRecords } from './batches-service';
import type { CourierTracker } from './courier/port';
import { listNoticeDocuments, noticeEvent } from './dispatch-service';
import { noticeDocuments, notices } from './schema';

/** Names of the Tracking Report documents a courier read stores (so the next read replaces them, not an upload). */
const READ_PREFIX = 'courier_tracking_';

/**
 * POST /notice/notices/{id}/tracking (see the module comment); `caller.userId` null when the
 * courier sweep reads it (no author on the timeline and documents).
 * @throws 404 NOTICE_NOT_FOUND; 400 a notice not sent by speed post or courier, or a number the courier does not know
 */
export async function trackNotice(db: Db, files: FileStorage, tracker: CourierTracker, caller: { companyId: string; userId: string | null; unmasked: boolean }, noticeId: string, now: Date): Promise<CourierTrackingRecord> {
  const { companyId, userId } = caller;
  const notice = await noticeRow(db, companyId, noticeId);
  if ((notice.dispatchMode !== 'speed_post' && notice.dispatchMode !== 'courier') || !notice.trackingNumber) throw badRequest('Record the speed post or courier dispatch of this notice first');
  const mode = notice.dispatchMode;
  const trackingNumber = notice.trackingNumber;
  const result = await tracker.track({ trackingNumber, mode, dispatchedAt: notice.dispatchedAt ?? now, now });
  if (!result) throw badRequest(`The courier does not know tracking number ${trackingNumber}`);

  const report = Buffer.from(stringify([['Date', 'Place', 'Event'], ...result.events.map((e) => [e.at, e.place, e.text])]));
  const reportKey = `notices/${companyId}/${notice.batchId}/documents/${randomUUID()}.csv`;
  const [{ n: hasPod }] = await db.select({ n: count() }).from(noticeDocuments).where(and(eq(noticeDocuments.noticeId, noticeId), eq(noticeDocuments.documentType, 'POD')));
  const pod = result.status === 'delivered' && result.delivered?.pod && hasPod === 0 ? result.delivered.pod : null;
  const podKey = pod ? `notices/${companyId}/${notice.batchId}/documents/${randomUUID()}${/\.[a-z0-9]+$/i.exec(pod.fileName)?.[0] ?? ''}` : null;
  const stored: string[] = [];
  try {
    await files.put(reportKey, report);
    stored.push(reportKey);
    if (pod && podKey) {
      await files.put(podKey, pod.bytes);
      stored.push(podKey);
    }
    const replaced = await db.transaction(async (tx) => {
      const old = await tx
        .delete(noticeDocuments)
        .where(and(eq(noticeDocuments.noticeId, noticeId), eq(noticeDocuments.documentType, 'Tracking Report'), like(noticeDocuments.fileName, `${READ_PREFIX}%`)))
        .returning({ key: noticeDocuments.fileKey });
      const base = { companyId, noticeId, uploadedBy: userId, uploadedAt: now };
      await tx.insert(noticeDocuments).values({ ...base, documentType: 'Tracking Report', fileKey: reportKey, fileName: `${READ_PREFIX}${trackingNumber}.csv`, contentType: 'text/csv', sizeBytes: report.length });
      if (pod && podKey) await tx.insert(noticeDocuments).values({ ...base, documentType: 'POD', fileKey: podKey, fileName: pod.fileName.slice(0, 200), contentType: pod.contentType, sizeBytes: pod.bytes.length });
      const status = result.status === 'in_transit' ? notice.dispatchStatus : result.status;
      if (status !== notice.dispatchStatus) {
        await tx.update(notices).set({ dispatchStatus: status, dispatchUpdatedAt: now, dispatchUpdatedBy: userId }).where(eq(notices.noticeId, noticeId));
        const how = `${mode === 'speed_post' ? 'speed post' : 'courier'} ${trackingNumber}`;
        const remark = result.status === 'delivered' ? `Notice delivered (${how}), received by ${result.delivered?.receivedBy ?? 'addressee'}: read from the courier's tracking` : `Notice returned (${how}): read from the courier's tracking`;
        await noticeEvent(tx, notice, userId, now, remark, { event: result.status, provider: tracker.name, tracking_number: trackingNumber });
      }
      return old.map((o) => o.key);
    });
    for (const key of replaced) await files.delete(key).catch(() => undefined);
  } catch (err) {
    for (const key of stored) await files.delete(key).catch(() => undefined);
    throw err;
  }
  const [row] = await db.select().from(notices).where(eq(notices.noticeId, noticeId));
  const [record] = await toNoticeRecords(db, companyId, [row], await portfolioView(db, companyId, caller.unmasked));
  return {
    provider: tracker.name,
    status: result.status,
    events: result.events,
    received_by: result.delivered?.receivedBy ?? null,
    notice: record,
    documents: await listNoticeDocuments(db, companyId, noticeId),
  };
}

/** Notices the courier sweep reads per run at most (oldest dispatch first; the rest wait for the next run). */
export const TRACKING_SWEEP_LIMIT = 200;

/**
 * The periodic courier sweep (issue 17 "the POD … read from the courier's tracking"): reads the
 * tracking of notices still 'dispatched' by speed post or courier with a tracking number, oldest
 * dispatch first, at most TRACKING_SWEEP_LIMIT, through trackNotice as the system (no author), so a
 * delivery or a return — and the POD — is recorded without anyone pressing "Read tracking". A number
 * the courier does not know, or a courier that cannot be reached, is passed to `onError` and left
 * for the next run. @returns how many notices were read and how many of them changed status
 */
export async function sweepCourierTracking(db: Db, files: FileStorage, tracker: CourierTracker, now: Date, onError?: (err: unknown, noticeId: string) => void): Promise<{ read: number; changed: number }> {
  const due = await db
    .select({ noticeId: notices.noticeId, companyId: notices.companyId })
    .from(notices)
    .where(and(inArray(notices.dispatchMode, ['speed_post', 'courier']), eq(notices.dispatchStatus, 'dispatched'), isNotNull(notices.trackingNumber)))
    .orderBy(asc(notices.dispatchedAt))
    .limit(TRACKING_SWEEP_LIMIT);
  let read = 0;
  let changed = 0;
  for (const n of due) {
    try {
      const result = await trackNotice(db, files, tracker, { companyId: n.companyId, userId: null, unmasked: false }, n.noticeId, now);
      read += 1;
      if (result.status !== 'in_transit') changed += 1;
    } catch (err) {
      onError?.(err, n.noticeId);
    }
  }
  return { read, changed };
}

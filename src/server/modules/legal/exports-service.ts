/**
 * Notice exports (issue 17; spec 4 "Export, legal" statuses FAIL, SUCCESS, NO DATA FOUND, QUEUED,
 * IN PROGRESS; spec 9 export notice views Reports and Documents). An export names one batch or the
 * batches created in a range of company days, and a report (Notice Tracking Report, Download
 * Notice: CSV) or a document type (Merged File, Notice, POD, Tracking Report: a ZIP). It is
 * recorded QUEUED and made by the `legal-exports` job (exports-job.ts) with the author's masking
 * as it was when they asked (names masked, notices re-printed masked). Exports belong to a
 * company: another company never lists nor downloads them.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { NOTICE_EXPORT_DOCUMENT_TYPES, NOTICE_REPORTS, type LegalExportBody, type LegalExportRecord, type LegalExportView, type LegalExportsPage } from '../../../domain/contracts/legal/transfers';
import type { Db } from '../../db/client';
import { refuseClearFileToMaskedCaller } from '../../http/downloads';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { batchRow } from './batches-service';
import { legalExports, type LegalExportRow } from './schema';

export const LEGAL_EXPORT_QUEUE = 'legal-exports';
export interface LegalExportJobData {
  exportId: string;
}
export const LEGAL_EXPORT_NOT_FOUND = 'Export not found';
export const LEGAL_EXPORT_NOT_READY = 'Export is not ready yet';

/** The spec 9 view a report or document type belongs to. */
export const viewOf = (report: LegalExportRow['report']): LegalExportView => ((NOTICE_REPORTS as readonly string[]).includes(report) ? 'Reports' : 'Documents');

function toExportRecord(r: LegalExportRow): LegalExportRecord {
  return {
    export_id: r.exportId,
    view: viewOf(r.report),
    report: r.report,
    status: r.status,
    batch_id: r.batchId,
    from: r.fromDay,
    to: r.toDay,
    total: r.total,
    file_name: r.status === 'SUCCESS' ? r.fileName : null,
    message: r.message,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** POST /notice/exports: records the export QUEUED and queues its job. @throws 404 a batch not of the company */
export async function createExport(db: Db, jobs: JobQueue, companyId: string, author: { userId: string; unmasked: boolean }, body: LegalExportBody): Promise<LegalExportRecord> {
  if (body.batch_id) await batchRow(db, companyId, body.batch_id);
  const [row] = await db
    .insert(legalExports)
    .values({ companyId, report: body.report, batchId: body.batch_id ?? null, fromDay: body.batch_id ? null : body.from!, toDay: body.batch_id ? null : body.to!, createdBy: author.userId, unmasked: author.unmasked })
    .returning();
  await jobs.send<LegalExportJobData>(LEGAL_EXPORT_QUEUE, { exportId: row.exportId });
  return toExportRecord(row);
}

/** GET /notice/exports: newest first, of one view or both. */
export async function listExports(db: Db, companyId: string, q: { view?: LegalExportView; page_number: number; page_size: number }): Promise<LegalExportsPage> {
  const reports = q.view === 'Reports' ? [...NOTICE_REPORTS] : q.view === 'Documents' ? [...NOTICE_EXPORT_DOCUMENT_TYPES] : null;
  const where = and(eq(legalExports.companyId, companyId), reports ? inArray(legalExports.report, reports) : undefined);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(legalExports).where(where),
    db.select().from(legalExports).where(where).orderBy(desc(legalExports.createdAt)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
  ]);
  return { exports: rows.map(toExportRecord), total };
}

/**
 * A SUCCESS export's file for a caller. Masking is per caller (issue 12): an export made for an
 * author who could read unmasked data holds clear names and notices printed in clear, which
 * cannot be re-masked as they stream (PDFs), so a masked caller is refused it (fail closed) and
 * may ask for their own, made masked. An unmasked caller may download a masked author's export.
 * @throws 404 LEGAL_EXPORT_NOT_FOUND / LEGAL_EXPORT_NOT_READY; 403 UNMASKED_FILE_REFUSED
 */
export async function exportFile(db: Db, companyId: string, exportId: string, callerUnmasked: boolean): Promise<{ key: string; fileName: string; contentType: string }> {
  const [row] = await db.select().from(legalExports).where(and(eq(legalExports.companyId, companyId), eq(legalExports.exportId, exportId)));
  if (!row) throw notFound(LEGAL_EXPORT_NOT_FOUND);
  if (row.status !== 'SUCCESS' || !row.fileKey || !row.fileName) throw notFound(LEGAL_EXPORT_NOT_READY);
  refuseClearFileToMaskedCaller(row, callerUnmasked);
  return { key: row.fileKey, fileName: row.fileName, contentType: row.fileName.endsWith('.zip') ? 'application/zip' : 'text/csv; charset=utf-8' };
}

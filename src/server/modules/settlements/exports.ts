/**
 * Settlement exports (issue 16; spec 4 "Settlement exports: Installment Report, Settlement
 * Report", statuses FAILED, COMPLETED, In-Progress): a durable job (pg-boss) writing a CSV to file
 * storage; exports left In-Progress by a stopped process are re-queued on start.
 */
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq } from 'drizzle-orm';
import type { SettlementExportRecord } from '../../../domain/contracts/settlements/settlements';
import type { SettlementExportKind, SettlementStatus } from '../../../domain/settlements/settlements';
import type { Db } from '../../db/client';
import { refuseClearFileToMaskedCaller } from '../../http/downloads';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { FileStorage } from '../../storage/files';
import { settlementExports, type SettlementExportRow } from './schema';
import { exportRows } from './service';

export const SETTLEMENT_EXPORT_QUEUE = 'settlement-exports';
export interface SettlementExportJob {
  exportId: string;
}
export const EXPORT_NOT_READY = 'This export is not completed';

const toRecord = (r: SettlementExportRow): SettlementExportRecord => ({
  export_id: r.exportId,
  kind: r.kind,
  status: r.status,
  rows: r.rows,
  message: r.message,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

export async function startExport(db: Db, jobs: JobQueue, companyId: string, caller: { userId: string; unmasked: boolean }, body: { kind: SettlementExportKind; status?: SettlementStatus }, now: Date): Promise<SettlementExportRecord> {
  const [row] = await db.insert(settlementExports).values({ companyId, kind: body.kind, statusFilter: body.status ?? null, unmasked: caller.unmasked, createdBy: caller.userId, createdAt: now }).returning();
  await jobs.send<SettlementExportJob>(SETTLEMENT_EXPORT_QUEUE, { exportId: row.exportId });
  return toRecord(row);
}

export async function listExports(db: Db, companyId: string): Promise<SettlementExportRecord[]> {
  return (await db.select().from(settlementExports).where(eq(settlementExports.companyId, companyId)).orderBy(desc(settlementExports.createdAt)).limit(50)).map(toRecord);
}

/**
 * The export's stored file for a caller; one made for an author who could read unmasked data is
 * refused to a masked caller (per-caller masking, issue 12).
 * @throws 404 for another company's, or until COMPLETED; 403 UNMASKED_FILE_REFUSED
 */
export async function exportFile(db: Db, companyId: string, exportId: string, callerUnmasked: boolean): Promise<{ key: string; fileName: string }> {
  const [row] = await db.select().from(settlementExports).where(and(eq(settlementExports.companyId, companyId), eq(settlementExports.exportId, exportId)));
  if (!row) throw notFound('Export not found');
  if (row.status !== 'COMPLETED' || !row.fileKey) throw notFound(EXPORT_NOT_READY);
  refuseClearFileToMaskedCaller(row, callerUnmasked);
  return { key: row.fileKey, fileName: `${row.kind.replace(/\s+/g, '_')}_${row.createdAt.toISOString().slice(0, 10)}.csv` };
}

const major = (m: number) => (m / 100).toFixed(2);

/** Runs one export: COMPLETED with its CSV, or FAILED with the reason. */
export async function runExport(db: Db, files: FileStorage, exportId: string, now: () => Date): Promise<void> {
  const [row] = await db.select().from(settlementExports).where(eq(settlementExports.exportId, exportId));
  if (!row || row.status !== 'In-Progress') return;
  try {
    const data = await exportRows(db, row.companyId, row.statusFilter, row.unmasked, now());
    let records: (string | number | null)[][];
    if (row.kind === 'Settlement Report') {
      records = [
        ['settlement_id', 'loan_id', 'applicant_name', 'settlement_type', 'total_claim_amount', 'settlement_amount', 'waiver_amount', 'status', 'validity_date', 'paid_amount', 'created', 'approved'],
        ...data.map((d) => [d.row.settlementId, d.row.loanId, d.name, d.row.settlementType, major(d.row.totalClaimAmountMinor), major(d.row.settlementAmountMinor), major(d.row.totalClaimAmountMinor - d.row.settlementAmountMinor), d.row.status, d.row.validityDate, major(d.paidMinor), d.row.createdAt.toISOString(), d.row.approvedAt?.toISOString() ?? null]),
      ];
    } else {
      records = [
        ['settlement_id', 'loan_id', 'applicant_name', 'instalment', 'due_date', 'amount', 'paid', 'status', 'settlement_status'],
        ...data.flatMap((d) => d.instalments.map((i) => [d.row.settlementId, d.row.loanId, d.name, i.seq, i.due_date, major(i.amount_minor), major(i.paid_minor), i.status, d.row.status])),
      ];
    }
    const key = `settlement-exports/${row.companyId}/${exportId}.csv`;
    await files.put(key, '\uFEFF' + stringify(records));
    await db.update(settlementExports).set({ status: 'COMPLETED', fileKey: key, rows: records.length - 1, finishedAt: now() }).where(eq(settlementExports.exportId, exportId));
  } catch (err) {
    await db.update(settlementExports).set({ status: 'FAILED', message: err instanceof Error ? err.message.slice(0, 500) : 'Export failed', finishedAt: now() }).where(eq(settlementExports.exportId, exportId));
    throw err;
  }
}

/** Exports a stopped process left In-Progress. */
export async function unfinishedExports(db: Db): Promise<string[]> {
  return (await db.select({ id: settlementExports.exportId }).from(settlementExports).where(eq(settlementExports.status, 'In-Progress'))).map((r) => r.id);
}

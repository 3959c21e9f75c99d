/**
 * Payment exports (issue 15 `POST /v2/export/payments`, `GET /exports/payments`; spec 7; spec 4
 * export statuses): the company's posted payments (loan_payments, this area's own table) paid in a
 * date range, optionally of one source or channel, as csv or xlsx. The export row, the job's
 * statuses, the file and the masked download are the bulk area's (through its queries.ts);
 * borrower names and mobiles come from the portfolio's front door (loanSummaries), stored in clear
 * under their variable names so each download masks them for the downloading caller.
 */
import { and, asc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ExportRecord } from '../../../domain/contracts/bulk/exports';
import { PAYMENT_EXPORT_OPERATION_TYPE, type PaymentExportRecord } from '../../../domain/contracts/payments/exports';
import type { CreatePaymentExportBody } from '../../../domain/contracts/payments/exports.schema';
import { fromMinor } from '../../../domain/common/money';
import type { Db } from '../../db/client';
import type { JobContext } from '../../http/area';
import type { JobQueue } from '../../jobs/queue';
import type { FileStorage } from '../../storage/files';
import { listExportsOfType, recordExport, runFileExport, toExportRecord, type ExportWriter, type RowSink } from '../bulk/queries';
import { companyCompliance, companySettings } from '../companies/queries';
import { countryTimeZone, localDayBounds } from '../../../domain/common/dates';
import { loanSummaries, portfolioView } from '../portfolio/queries';
import { loanPayments, type LoanPaymentRow } from './schema';

export const PAYMENT_EXPORT_QUEUE = 'payment-exports';
/** Payments read per query while writing an export. */
export const PAYMENT_EXPORT_PAGE_ROWS = 1000;

/**
 * The file's header and the variable each column holds (applicant_name / applicant_contact_number are
 * masked per the caller when the company masks them). The last two are the spec's transaction sample
 * (spec "Transaction sample: client_customer_id, transaction_id"), appended so earlier columns keep
 * their places: the lender's customer id of the loan, and the source's own id of the payment (gateway
 * payment id, field receipt id, upload row key — loan_payments.source_ref).
 */
export const PAYMENT_EXPORT_HEADER = ['Payment ID', 'Loan ID', 'Allocation Month', 'Borrower Name', 'Mobile', 'Amount', 'Currency', 'Paid At', 'Channel', 'Source', 'Reference', 'Client Customer ID', 'Transaction ID'];
const PAYMENT_EXPORT_COLUMNS = ['payment_id', 'loan_id', 'allocation_month', 'applicant_name', 'applicant_contact_number', 'payment_amount', 'currency', 'paid_at', 'channel', 'source', 'reference', 'client_customer_id', 'transaction_id'];

interface PaymentExportJobData {
  exportId: string;
}

/** What the export row keeps of the request (in exports.filters). */
type PaymentExportFilters = Pick<CreatePaymentExportBody, 'start_date' | 'end_date' | 'source' | 'channel'>;

function toPaymentExportRecord(r: ExportRecord): PaymentExportRecord {
  const [start, end] = r.allocation_month.split('..');
  const { allocation_month: _period, ...rest } = r;
  return { ...rest, start_date: start, end_date: end ?? start };
}

/**
 * POST /v2/export/payments: records the export ('accepted', with whether the author may read
 * unmasked data) and queues its job. Dates are validated by the body schema (400).
 */
export async function createPaymentExport(db: Db, jobs: JobQueue, author: { userId: string; name: string; unmasked: boolean }, companyId: string, body: CreatePaymentExportBody): Promise<PaymentExportRecord> {
  const filters: PaymentExportFilters = { start_date: body.start_date, end_date: body.end_date, source: body.source, channel: body.channel };
  const row = await recordExport(db, {
    companyId,
    authorId: author.userId,
    operationType: PAYMENT_EXPORT_OPERATION_TYPE,
    format: body.format,
    period: `${body.start_date}..${body.end_date}`,
    filters,
    unmasked: author.unmasked,
    fileBase: 'payments',
  });
  await jobs.send<PaymentExportJobData>(PAYMENT_EXPORT_QUEUE, { exportId: row.exportId });
  return toPaymentExportRecord(toExportRecord(row, author.name));
}

/** GET /exports/payments: the company's payment exports, newest first, with the loan exports' filters (search, status, author_id, created_at range). */
export async function listPaymentExports(db: Db, companyId: string, query: Parameters<typeof listExportsOfType>[2]): Promise<{ exports: PaymentExportRecord[]; total: number }> {
  const page = await listExportsOfType(db, companyId, query, PAYMENT_EXPORT_OPERATION_TYPE);
  return { total: page.total, exports: page.exports.map(toPaymentExportRecord) };
}

/**
 * The writer of one payment export: payments paid in the range, oldest first, by (paid_at, payment_id)
 * pages. The range's days are the company's local calendar days (IST, or WIB for Indonesia), the
 * days the payments dashboard counts by, so a day's dashboard total and its export rows agree.
 */
async function paymentExportWriter(db: Db, companyId: string, f: PaymentExportFilters): Promise<ExportWriter> {
  const [view, settings, compliance] = await Promise.all([portfolioView(db, companyId, true), companySettings(db, companyId), companyCompliance(db, companyId)]);
  const currency = settings?.currency ?? 'INR';
  const offset = countryTimeZone(compliance?.country).offsetMinutes;
  const base = and(
    eq(loanPayments.companyId, companyId),
    gte(loanPayments.paidAt, localDayBounds(f.start_date, offset).start),
    lt(loanPayments.paidAt, localDayBounds(f.end_date, offset).end),
    f.source ? eq(loanPayments.source, f.source) : undefined,
    f.channel ? eq(loanPayments.channel, f.channel) : undefined,
  );
  return {
    header: PAYMENT_EXPORT_HEADER,
    columns: PAYMENT_EXPORT_COLUMNS,
    async rows(sink: RowSink) {
      let total = 0;
      let after: { paidAt: Date; paymentId: string } | null = null;
      for (;;) {
        const where: SQL | undefined = after ? and(base, or(sql`${loanPayments.paidAt} > ${after.paidAt.toISOString()}::timestamptz`, and(sql`${loanPayments.paidAt} = ${after.paidAt.toISOString()}::timestamptz`, sql`${loanPayments.paymentId} > ${after.paymentId}`))) : base;
        const page: LoanPaymentRow[] = await db.select().from(loanPayments).where(where).orderBy(asc(loanPayments.paidAt), asc(loanPayments.paymentId)).limit(PAYMENT_EXPORT_PAGE_ROWS);
        const loans = new Map((await loanSummaries(db, view, page.map((p) => ({ loanId: p.loanId, allocationMonth: p.allocationMonth })))).map((l) => [`${l.allocationMonth}\u0000${l.loanId}`, l.record]));
        for (const p of page) {
          const record = loans.get(`${p.allocationMonth}\u0000${p.loanId}`);
          const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
          await sink.write([p.paymentId, p.loanId, p.allocationMonth, text(record?.applicant_name), text(record?.applicant_contact_number), fromMinor(p.amountMinor), currency, p.paidAt.toISOString(), p.channel, p.source, p.reference, text(record?.client_customer_id), p.sourceRef]);
        }
        total += page.length;
        if (page.length < PAYMENT_EXPORT_PAGE_ROWS) return total;
        const last: LoanPaymentRow = page[page.length - 1];
        after = { paidAt: last.paidAt, paymentId: last.paymentId };
      }
    },
  };
}

/** Runs one payment export (statuses, file and failure handling are bulk's runFileExport). */
export function runPaymentExport(db: Db, files: FileStorage, exportId: string, log?: (err: unknown) => void): Promise<void> {
  return runFileExport(db, files, exportId, PAYMENT_EXPORT_OPERATION_TYPE, 'Payments', (row) => paymentExportWriter(db, row.companyId, row.filters as unknown as PaymentExportFilters), log);
}

/** Registers the payment export worker (one export at a time per process). */
export function workPaymentExports(ctx: JobContext): void {
  ctx.jobs.work<PaymentExportJobData>(PAYMENT_EXPORT_QUEUE, (data) => runPaymentExport(ctx.db, ctx.files, data.exportId, (err) => ctx.log.error({ err, exportId: data.exportId }, 'payment export failed')));
}

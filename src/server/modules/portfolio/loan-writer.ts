/**
 * Writing loans in bulk (issue 3: the allocation import and the demo portfolio; "Importing the
 * same month again updates loans instead of duplicating them"; benchmark ≥ 10,000 rows/s).
 *
 * One set-based statement per batch (issue 12 "Speed"): the rows are first COPYed into a staging
 * table (temporary, one per connection, emptied at commit; db/copy-in.ts: COPY FROM STDIN on
 * PostgreSQL, FROM '/dev/blob' on PGlite), then upserted from it on (company_id, allocation_month, loan_id) in one
 * INSERT ... SELECT ... ON CONFLICT. No parameters per row, no round trip per row, and PostgreSQL
 * parses each row's jsonb on its own instead of one batch-sized JSON document.
 */
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { loanStageLine, PROMOTED, promotedColumn as columnOf, STAGE_COLUMN_NAMES, type SqlType } from '../../../domain/portfolio/loan-stage';
import type { RowValue } from '../../../domain/portfolio/row-validation';
import type { DbOrTx } from '../../db/client';
import { copyInto, type CopyData } from '../../db/copy-in';

export { countCoApplicants, numericText, promotedValue } from '../../../domain/portfolio/loan-stage';
import { rowsOf } from '../../db/sql-helpers';

/** One row to write: its 1-based row number in the source file and its normalised values by variable_name. */
export interface LoanBatchRow {
  rowNumber: number;
  values: Record<string, RowValue>;
}

const insertColumns = sql.raw(PROMOTED.map(columnOf).join(', '));
const selectColumns = sql.raw(PROMOTED.map((p) => `r.${columnOf(p)}`).join(', '));
const PG_TYPE: Record<SqlType, string> = { text: 'text', int: 'int', minor: 'bigint', date: 'date' };
/** The staging table: the row number, company, loan_id, the promoted columns typed, the co-applicant count and the variables. */
const STAGE_COLUMNS = ['n int not null', 'company_id text not null', 'loan_id text not null', ...PROMOTED.map((p) => `${columnOf(p)} ${PG_TYPE[p[1]]}`), 'c int not null', 'v jsonb not null'];
// One staging table per connection, emptied by every commit (and a rollback) of a transaction that
// used it: creating and dropping a table per batch cost catalog writes on every chunk of an import
// (issue 12 "Speed"). `if not exists` makes the first batch on a connection create it.
const createStage = sql.raw(`create temp table if not exists loan_stage (${STAGE_COLUMNS.join(', ')}) on commit delete rows`);
const stageTarget = `loan_stage (${STAGE_COLUMN_NAMES.join(', ')})`;
// A promoted column changes only when the new row carries that variable (mapped, even if empty).
const updateColumns = sql.raw(
  PROMOTED.map((p) => `${columnOf(p)} = case when jsonb_exists(excluded.variables, '${p[0]}') then excluded.${columnOf(p)} else loans.${columnOf(p)} end`).join(',\n'),
);

/**
 * Upserts a batch of loans of one company and allocation month in ONE statement.
 *
 * New loans are inserted; a loan already in that month (same loan_id) is updated: variables
 * present in the new row overwrite (a null clears), variables the row does not carry are kept;
 * the promoted columns (client_customer_id, customer_id, applicant_name, applicant_contact_number,
 * product, city, state, pincode, dpd, allocation_dpd_value, principal_outstanding,
 * total_claim_amount, expected_emi, date_of_default) follow the same rule; co_applicant_count is
 * recounted over the merged variables; last_import_id, source_row and updated_at are set.
 *
 * Works inside a Drizzle transaction or on the database, on PGlite and node-postgres alike.
 *
 * @param tx the database or a transaction (pass the import chunk's transaction so the loans and the
 *   import's checkpoint commit together)
 * @param input.companyId the owning company
 * @param input.allocationMonth 'YYYY-MM'
 * @param input.importId the import writing the rows, or null (e.g. the demo seed)
 * @param input.rows each row's `values` keyed by variable_name as validateRow gives them (amounts in
 *   rupees/rupiah as numbers, dates 'YYYY-MM-DD'); `values.loan_id` must be a non-empty string.
 *   A loan_id repeated within the batch is written once, from its last row.
 * @returns how many loans were inserted and how many updated
 * @throws Error when a row has no loan_id; database errors propagate (nothing of the batch is written)
 */
export async function writeLoanBatch(
  tx: DbOrTx,
  input: { companyId: string; allocationMonth: string; importId: string | null; rows: readonly LoanBatchRow[] },
): Promise<{ inserted: number; updated: number }> {
  const byLoan = new Map<string, LoanBatchRow>();
  for (const row of input.rows) {
    const loanId = row.values.loan_id;
    if (typeof loanId !== 'string' || loanId === '') throw new Error(`Row ${row.rowNumber} has no loan_id`);
    byLoan.set(loanId, row);
  }
  const lines: string[] = [];
  for (const [loanId, { rowNumber, values }] of byLoan) lines.push(loanStageLine(input.companyId, rowNumber, loanId, values));
  return writeStagedLoans(tx, { ...input, lines });
}

/**
 * writeLoanBatch for rows already written as staging lines (the import's worker thread builds them
 * with loanStageLine): COPYs them into the connection's staging table and upserts them into
 * `loans` in one statement, with writeLoanBatch's rules.
 * @param input.lines loanStageLine lines of `companyId` (text, or its UTF-8 bytes as the import's
 *   worker sends them), one loan_id at most once (the import refuses a repeated loan_id as a
 *   failed row before it gets here)
 * @param input.expectNew the loans are expected to be new (a month's first import): written by a
 *   plain INSERT under a savepoint, falling back to the upsert when one exists after all
 * @returns how many loans were inserted and how many updated
 * @throws database errors (a malformed line, a repeated loan_id); nothing of the batch is written
 */
export async function writeStagedLoans(
  tx: DbOrTx,
  input: { companyId: string; allocationMonth: string; importId: string | null; lines: CopyData; expectNew?: boolean },
): Promise<{ inserted: number; updated: number }> {
  if (input.lines.length === 0) return { inserted: 0, updated: 0 };
  // The staging table and the upsert must share one transaction (and, on a pool, one connection).
  if (!(tx instanceof PgTransaction)) return tx.transaction((t) => writeStagedLoans(t, input));
  await tx.execute(createStage);
  await copyInto(tx, stageTarget, input.lines);
  const counts = (input.expectNew && (await insertStaged(tx, input))) || (await upsertStaged(tx, input));
  // The staged rows go with the commit; a later batch of the same transaction must not see them.
  await tx.execute(sql`delete from loan_stage`);
  return counts;
}

/**
 * The staged rows as a plain INSERT, for a batch whose loans are expected to be new (a month's
 * first import): ON CONFLICT costs every row a speculative insertion (an index probe before the
 * insert and a confirmation record after it). Under a savepoint: when a loan is there after all
 * (another import of the month meanwhile), the insert is undone and null answered (upsert then).
 */
async function insertStaged(tx: DbOrTx, input: { companyId: string; allocationMonth: string; importId: string | null }): Promise<{ inserted: number; updated: number } | null> {
  try {
    return await tx.transaction(async (sp) => {
      const res = await sp.execute(sql`
        insert into loans (company_id, allocation_month, loan_id, ${insertColumns}, co_applicant_count, variables, last_import_id, source_row, updated_at)
        select r.company_id, ${input.allocationMonth}, r.loan_id, ${selectColumns}, r.c, r.v, ${input.importId}, r.n, now()
        from loan_stage r
        where r.company_id = ${input.companyId}`);
      return { inserted: affectedRows(res), updated: 0 };
    });
  } catch (err) {
    if (pgCode(err) === '23505') return null;
    throw err;
  }
}

/** Rows a statement wrote: node-postgres's rowCount, PGlite's affectedRows. */
const affectedRows = (res: unknown) => Number((res as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
/** The SQLSTATE of a database error (Drizzle may wrap the driver's error as its cause). */
const pgCode = (err: unknown): string | undefined => (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;

/** writeStagedLoans's upsert of the staged rows (new loans inserted, loans of the month updated). */
async function upsertStaged(tx: DbOrTx, input: { companyId: string; allocationMonth: string; importId: string | null }): Promise<{ inserted: number; updated: number }> {
  const res = await tx.execute(sql`
    with written as (
      insert into loans (company_id, allocation_month, loan_id, ${insertColumns}, co_applicant_count, variables, last_import_id, source_row, updated_at)
      select r.company_id, ${input.allocationMonth}, r.loan_id, ${selectColumns}, r.c, r.v, ${input.importId}, r.n, now()
      from loan_stage r
      where r.company_id = ${input.companyId}
      on conflict (company_id, allocation_month, loan_id) do update set
        ${updateColumns},
        variables = loans.variables || excluded.variables,
        co_applicant_count = (
          select count(distinct substring(e.key from '^co_applicant_([0-9]+)_'))::int
          from jsonb_each(loans.variables || excluded.variables) e
          where e.key ~ '^co_applicant_[0-9]+_(name|contact_number)$' and jsonb_typeof(e.value) <> 'null' and e.value <> '""'::jsonb
        ),
        last_import_id = excluded.last_import_id,
        source_row = excluded.source_row,
        updated_at = now()
      returning (xmax = 0) as inserted
    )
    select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from written`);
  const [counts] = (res as unknown as { rows: { inserted: number | string; updated: number | string }[] }).rows;
  return { inserted: Number(counts.inserted), updated: Number(counts.updated) };
}

// ---------------------------------------------------------------- loan operations (issue 5)

/** `loan_id in (...)` for a JSON list of ids: one parameter whatever the count. */
const loanIdIn = (loanIds: readonly string[]) => sql`loan_id in (select jsonb_array_elements_text(${JSON.stringify(loanIds)}::jsonb))`;

/** Archived flag and tags of the loans of `month` among `loanIds` (a loan not in the month is absent). */
export async function loanStates(db: DbOrTx, companyId: string, month: string, loanIds: readonly string[]): Promise<Map<string, { archived: boolean; tags: string[] }>> {
  if (loanIds.length === 0) return new Map();
  const res = await db.execute(sql`select loan_id, is_archived, tags from loans where company_id = ${companyId} and allocation_month = ${month} and ${loanIdIn(loanIds)}`);
  const rows = rowsOf<{ loan_id: string; is_archived: boolean; tags: string[] | string }>(res);
  // node-postgres parses text[]; PGlite too, but be tolerant of the '{a,b}' literal form.
  const tagsOf = (t: string[] | string) => (Array.isArray(t) ? t : t.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((x) => x.replace(/^"|"$/g, '')));
  return new Map(rows.map((r) => [r.loan_id, { archived: r.is_archived, tags: tagsOf(r.tags) }]));
}

/** Archives (or unarchives) the loans of `month` among `loanIds`. */
export async function setLoansArchived(tx: DbOrTx, companyId: string, month: string, loanIds: readonly string[], archived: boolean): Promise<void> {
  if (loanIds.length === 0) return;
  await tx.execute(sql`update loans set is_archived = ${archived}, updated_at = now() where company_id = ${companyId} and allocation_month = ${month} and ${loanIdIn(loanIds)}`);
}

/** Adds `tags` to (or, with `remove`, deletes them from) the loans of `month` among `loanIds`; tags stay sorted and distinct. */
export async function changeLoanTags(tx: DbOrTx, companyId: string, month: string, loanIds: readonly string[], tags: readonly string[], remove = false): Promise<void> {
  if (loanIds.length === 0 || tags.length === 0) return;
  const given = sql`(select jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb))`;
  const next = remove
    ? sql`array(select t from unnest(tags) as t where t not in ${given} order by t)`
    : sql`array(select distinct t from unnest(tags || array${given}) as t order by t)`;
  await tx.execute(sql`update loans set tags = ${next}, updated_at = now() where company_id = ${companyId} and allocation_month = ${month} and ${loanIdIn(loanIds)}`);
}

/**
 * writeStagedLoans on the real databases (issue 12 "Speed"): a month's first import writes its
 * loans with a plain INSERT (expectNew), and falls back to the upsert — same counts and merge rules
 * as without it — when some of the loans are already in the month (another import meanwhile).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanStageLine } from '../../src/domain/portfolio/loan-stage';
import { writeStagedLoans } from '../../src/server/modules/portfolio/loan-writer';
import { loans } from '../../src/server/modules/portfolio/schema';
import { createTestApp, type TestApp } from './helpers';

const COMPANY = 'demo-lender-in';
const MONTH = '2031-05';
const line = (n: number, name: string) => loanStageLine(COMPANY, n + 1, `LW${n}`, { loan_id: `LW${n}`, applicant_name: name, dpd: n, city: 'Pune' });

describe('writeStagedLoans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const monthLoans = () =>
    t.database.db
      .select({ loanId: loans.loanId, name: loans.applicantName, dpd: loans.dpd, variables: loans.variables })
      .from(loans)
      .where(and(eq(loans.companyId, COMPANY), eq(loans.allocationMonth, MONTH)))
      .orderBy(loans.loanId);

  it('inserts new loans plainly and upserts a batch that meets loans already there', async () => {
    const input = { companyId: COMPANY, allocationMonth: MONTH, importId: null, expectNew: true };
    await expect(writeStagedLoans(t.database.db, { ...input, lines: [1, 2, 3].map((n) => line(n, `First ${n}`)) })).resolves.toEqual({ inserted: 3, updated: 0 });
    // LW3 is there: the plain insert is undone under its savepoint and the batch upserted.
    await expect(writeStagedLoans(t.database.db, { ...input, lines: [3, 4].map((n) => line(n, `Second ${n}`)) })).resolves.toEqual({ inserted: 1, updated: 1 });
    const rows = await monthLoans();
    expect(rows.map((r) => [r.loanId, r.name, r.dpd])).toEqual([
      ['LW1', 'First 1', 1],
      ['LW2', 'First 2', 2],
      ['LW3', 'Second 3', 3],
      ['LW4', 'Second 4', 4],
    ]);
    expect(rows[2].variables).toMatchObject({ loan_id: 'LW3', applicant_name: 'Second 3', city: 'Pune' });
  });

  it('writes inside a caller transaction that goes on after the fallback', async () => {
    const input = { companyId: COMPANY, allocationMonth: MONTH, importId: null, expectNew: true };
    const counts = await t.database.db.transaction(async (tx) => {
      const first = await writeStagedLoans(tx, { ...input, lines: [4, 5].map((n) => line(n, `Third ${n}`)) });
      const second = await writeStagedLoans(tx, { ...input, lines: [6].map((n) => line(n, `Third ${n}`)) });
      return [first, second];
    });
    expect(counts).toEqual([
      { inserted: 1, updated: 1 },
      { inserted: 1, updated: 0 },
    ]);
    expect((await monthLoans()).map((r) => r.loanId)).toEqual(['LW1', 'LW2', 'LW3', 'LW4', 'LW5', 'LW6']);
  });
});

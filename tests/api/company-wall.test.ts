/**
 * Row-level security as the second wall (issue 12 "PostgreSQL row-level security as the second
 * wall"): a query that forgets its company filter, run for a company route, returns nothing of
 * another company; a write of another company's row is refused. Runs on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../src/domain/contracts/endpoint';
import { companyQuery } from '../../src/domain/contracts/envelope';
import { companyScopedDb, withCompanyWall } from '../../src/server/db/company-wall';
import { rowsOf } from '../../src/server/db/sql-helpers';
import { accessHook } from '../../src/server/http/access';
import { ok } from '../../src/server/http/envelope';
import { endpointServer } from '../../src/server/http/route';
import type { TestApp } from './helpers';
import { LENDER, TRUST, createTestApp, headers, signIn } from './helpers';

/** A company read whose handler "forgets" its company filter: the bug the wall is for. */
const forgetfulRead = endpoint({
  operation: 'test.forgetful.read',
  method: 'GET',
  path: '/test/forgetful-loans',
  access: 'company',
  tags: ['test'],
  schemas: async () => ({ query: companyQuery, response: z.object({ companies: z.array(z.string()), loans: z.number() }) }),
});

/** A field-app style idempotent write whose handler forgets its company filter. */
const forgetfulWrite = endpoint({
  operation: 'test.forgetful.write',
  method: 'POST',
  path: '/test/forgetful-touch',
  access: 'company',
  idempotent: true,
  tags: ['test'],
  schemas: async () => ({ query: companyQuery, body: z.object({}), response: z.object({ companies: z.array(z.string()) }) }),
});

/** An ordinary company write (no Idempotency-Key) that forgets its company filter, served with `companyWall`. */
const forgetfulPlainWrite = endpoint({
  operation: 'test.forgetful.plainWrite',
  method: 'POST',
  path: '/test/forgetful-rename',
  access: 'company',
  tags: ['test'],
  schemas: async () => ({ query: companyQuery, body: z.object({}), response: z.object({ companies: z.array(z.string()) }) }),
});

let t: TestApp;
const companiesOf = async (db: ReturnType<typeof companyScopedDb>) =>
  rowsOf<{ company_id: string }>(await db.execute(sql`select distinct company_id from loans order by 1`)).map((r) => r.company_id);

beforeAll(async () => {
  t = await createTestApp({}, {
    beforeReady: (app, database) => {
      const db = companyScopedDb(database.db);
      void app.register(async (api) => {
        // The app's /api context is closed to tests: the probe takes the same access hook.
        api.addHook('onRequest', accessHook(app.identity));
        const serve = endpointServer(api, { db, config: t?.config ?? ({} as never) });
        await serve(forgetfulRead, async () => {
          const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from loans`));
          return ok({ companies: await companiesOf(db), loans: n });
        });
        await serve(forgetfulWrite, async () => {
          // Through the service's own `db`, not idempotency.tx: inside the wall both are the write's transaction.
          const touched = rowsOf<{ company_id: string }>(await db.execute(sql`with u as (update loans set applicant_name = applicant_name returning company_id) select distinct company_id from u order by 1`));
          return ok({ companies: touched.map((r) => r.company_id) });
        });
        await serve(
          forgetfulPlainWrite,
          async () => {
            // Forgets `where company_id = …`: outside the wall this would rename every company's loans.
            const touched = rowsOf<{ company_id: string }>(await db.execute(sql`with u as (update loans set applicant_name = applicant_name || '' returning company_id) select distinct company_id from u order by 1`));
            return ok({ companies: touched.map((r) => r.company_id) });
          },
          { companyWall: true },
        );
      }, { prefix: '/api' });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('row-level security', () => {
  it('shows the owner (jobs, sign-in) both companies, and a walled transaction only its own', async () => {
    const db = companyScopedDb(t.database.db);
    expect(await companiesOf(db)).toEqual([LENDER, TRUST].sort());
    expect(await withCompanyWall(db, LENDER, () => companiesOf(db))).toEqual([LENDER]);
    expect(await withCompanyWall(db, TRUST, () => companiesOf(db))).toEqual([TRUST]);
  });

  it('refuses, behind the wall, a write of another company’s row', async () => {
    const db = companyScopedDb(t.database.db);
    await expect(
      withCompanyWall(db, LENDER, () => db.execute(sql`update loans set applicant_name = applicant_name where company_id = ${TRUST}`)),
    ).resolves.toBeDefined();
    // The update matched nothing (the other company's rows are invisible) …
    const changed = await withCompanyWall(db, LENDER, async () => rowsOf<{ n: number }>(await db.execute(sql`with u as (update loans set applicant_name = applicant_name where company_id = ${TRUST} returning 1) select count(*)::int as n from u`)));
    expect(changed[0].n).toBe(0);
    // … and moving an own row to the other company fails the policy's check.
    await expect(
      withCompanyWall(db, LENDER, () => db.execute(sql`update loans set company_id = ${TRUST} where company_id = ${LENDER} and ctid = (select ctid from loans where company_id = ${LENDER} limit 1)`)),
    ).rejects.toSatisfy((err: Error) => /row-level security/.test(String((err.cause as Error | undefined)?.message)));
  });

  it('leaves no connection behind the wall after a failed, a nested or an odd-named wall', async () => {
    const db = companyScopedDb(t.database.db);
    // A statement failing inside the wall rolls the whole wall back (settings and role are transaction-local) …
    await expect(withCompanyWall(db, LENDER, () => db.execute(sql`select 1 / 0`))).rejects.toBeDefined();
    // … a nested transaction is a savepoint of the wall's …
    expect(await withCompanyWall(db, LENDER, () => db.transaction(async () => companiesOf(db)))).toEqual([LENDER]);
    // … and a company id is a quoted literal, never SQL (PostgreSQL's BEGIN and settings go as one message).
    expect(await withCompanyWall(db, "x'); reset role; select ('", () => companiesOf(db))).toEqual([]);
    // Every pooled connection is the owner's again.
    const seen = await Promise.all(Array.from({ length: 12 }, () => companiesOf(db)));
    for (const companies of seen) expect(companies).toEqual([LENDER, TRUST].sort());
  });

  it('answers a company route that forgot its filter with the caller’s company only', async () => {
    const { token } = await signIn(t.app, 'admin@demo.in');
    const res = await t.app.inject({ method: 'GET', url: `/api/test/forgetful-loans?company_id=${LENDER}`, headers: headers(token, LENDER) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.companies).toEqual([LENDER]);
    expect(res.json().data.loans).toBeGreaterThan(0);
    const other = await signIn(t.app, 'admin@demo.id');
    const res2 = await t.app.inject({ method: 'GET', url: `/api/test/forgetful-loans?company_id=${TRUST}`, headers: headers(other.token, TRUST) });
    expect(res2.json().data.companies).toEqual([TRUST]);
  });

  it('keeps an idempotent company write that forgot its filter to the caller’s company', async () => {
    const { token } = await signIn(t.app, 'admin@demo.in');
    const res = await t.app.inject({ method: 'POST', url: `/api/test/forgetful-touch?company_id=${LENDER}`, headers: { ...headers(token, LENDER), 'idempotency-key': 'wall-test-1' }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.companies).toEqual([LENDER]);
  });

  it('keeps an ordinary company write (no Idempotency-Key) that forgot its filter to the caller’s company', async () => {
    const owner = companyScopedDb(t.database.db);
    // Each row's xmin changes when the row is written: the fingerprint of a company's loans.
    const updatedAt = async (company: string) =>
      rowsOf<{ at: string }>(await owner.execute(sql`select md5(string_agg(xmin::text, ',' order by id)) as at from loans where company_id = ${company}`))[0].at;
    const trustBefore = await updatedAt(TRUST);
    const lenderBefore = await updatedAt(LENDER);
    const { token } = await signIn(t.app, 'admin@demo.in');
    const res = await t.app.inject({ method: 'POST', url: `/api/test/forgetful-rename?company_id=${LENDER}`, headers: headers(token, LENDER), payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.companies).toEqual([LENDER]);
    // The other company's loans were not even seen by the statement; the caller's were written.
    expect(await updatedAt(TRUST)).toBe(trustBefore);
    expect(await updatedAt(LENDER)).not.toBe(lenderBefore);
    const other = await signIn(t.app, 'admin@demo.id');
    const res2 = await t.app.inject({ method: 'POST', url: `/api/test/forgetful-rename?company_id=${TRUST}`, headers: headers(other.token, TRUST), payload: {} });
    expect(res2.json().data.companies).toEqual([TRUST]);
  });
});

/**
 * The loans the loan-list benchmarks run over (tests/bench/loan-list.ts, loan-list-concurrency.ts):
 * `count` loans of one company in one allocation month, written by one generate_series insert with
 * the promoted columns and the variables jsonb as an import writes them (dpd 0–720, ten states,
 * amounts in paise, co-applicants), then VACUUM ANALYZE: the table at rest, as autovacuum leaves it after
 * an import (PostgreSQL vacuums after inserts too), so index-only scans see an all-visible map.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { LENDER } from '../api/helpers';

/** Inserts `count` bench loans (loan ids BL00000001…) of `companyId` in `month`, then vacuums and analyzes the table. */
export async function seedBenchLoans(db: Db, count: number, month: string, companyId = LENDER): Promise<void> {
  await db.execute(sql`
    insert into loans (company_id, allocation_month, loan_id, client_customer_id, applicant_name, applicant_contact_number, product, city, state, pincode,
                       dpd, allocation_dpd_value, principal_outstanding_minor, total_claim_amount_minor, expected_emi_minor, date_of_default, co_applicant_count, variables)
    select ${companyId}, ${month}, l.loan_id, l.cust, l.name, l.mobile, l.product, l.city, l.state, l.pincode,
           l.dpd, l.bucket, (l.pos * 100)::bigint, (l.tos * 100)::bigint, (l.emi * 100)::bigint, l.dod, l.co,
           jsonb_build_object('loan_id', l.loan_id, 'client_customer_id', l.cust, 'applicant_name', l.name, 'applicant_contact_number', l.mobile,
                              'product', l.product, 'city', l.city, 'state', l.state, 'pincode', l.pincode, 'dpd', l.dpd, 'allocation_dpd_value', l.bucket,
                              'principal_outstanding', l.pos, 'total_claim_amount', l.tos, 'expected_emi', l.emi, 'date_of_default', l.dod::text,
                              'co_applicant_1_name', case when l.co > 0 then 'Co ' || l.g end)
    from (
      select g, 'BL' || lpad(g::text, 8, '0') as loan_id, 'BC' || lpad(g::text, 8, '0') as cust, 'Bench Customer ' || g as name,
             (9000000000 + g)::text as mobile,
             (array['Home Loan','Personal Loan','Business Loan','Two Wheeler Loan'])[1 + g % 4] as product,
             (array['Pune','Mumbai','Nagpur','Jaipur','Lucknow','Patna','Indore','Surat','Kochi','Guwahati'])[1 + (g * 7) % 10] as city,
             (array['Maharashtra','Rajasthan','Uttar Pradesh','Bihar','Madhya Pradesh','Gujarat','Kerala','Assam','Punjab','Karnataka'])[1 + (g * 13) % 10] as state,
             (400000 + g % 99999)::text as pincode,
             (g * 37) % 721 as dpd,
             (array['B0','B1','B2','B3','NPA'])[1 + ((g * 37) % 721) / 150] as bucket,
             round(((g * 7919) % 1500000 + 10000)::numeric, 2) as pos,
             round(((g * 7919) % 1500000 + 12000 + (g % 500))::numeric, 2) as tos,
             round(((g * 31) % 50000 + 1000)::numeric, 2) as emi,
             date '2024-01-01' + (g % 700) as dod,
             g % 3 as co
      from generate_series(1, ${count}) g
    ) l`);
  await db.execute(sql`vacuum analyze loans`);
}

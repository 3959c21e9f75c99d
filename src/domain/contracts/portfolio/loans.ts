/**
 * The loans of an allocation month (issue 3; spec 3 "Loan table columns"; spec 7 recovery
 * `/loans`, `/all-loans`, `/loans/filter`). Endpoint definitions; zod schemas in ./loans.schema.ts.
 *
 * Wire conventions: amounts are numbers in rupees or rupiah (at most 2 decimals), dates
 * 'YYYY-MM-DD', allocation months 'YYYY-MM', mobiles national numbers (10 digits for +91).
 * Masked personal fields arrive masked for users without `access_unmasked_data` read.
 */
import { endpoint } from '../endpoint';

import type { LoanRecord, LoansPage, LoansQuery, VariableValue } from './loans.schema';
export type { LoanRecord, LoansPage, LoansQuery, VariableValue };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./loans.schema');

const read = { module: 'Core Collection Modules', action: 'portfolio', access: 'read' } as const;

export const LOAN_SORT_ORDERS = ['asc', 'desc'] as const;
/** Loan filtering batch size (spec 9). */
export const LOAN_FILTER_BATCH_SIZE = 50;

/** GET /api/recovery/loans: one page of a month's loans (search, filters, sort). */
export const listLoans = endpoint({
  operation: 'recovery.loans.list',
  method: 'GET',
  path: '/recovery/loans',
  access: 'company',
  permission: read,
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.loansQuery, response: s.loansPage };
  },
});

/** GET /api/recovery/all-loans: every loan_id of the selection (spec 7), for bulk actions. */
export const allLoanIds = endpoint({
  operation: 'recovery.loans.all_ids',
  method: 'GET',
  path: '/recovery/all-loans',
  access: 'company',
  permission: read,
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.allLoansQuery, response: s.allLoansResponse };
  },
});

/** POST /api/recovery/loans/filter: which of up to LOAN_FILTER_BATCH_SIZE loan_ids match the filters. */
export const filterLoans = endpoint({
  operation: 'recovery.loans.filter',
  method: 'POST',
  path: '/recovery/loans/filter',
  access: 'company',
  permission: read,
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.filterLoansBody, response: s.filterLoansResponse };
  },
});

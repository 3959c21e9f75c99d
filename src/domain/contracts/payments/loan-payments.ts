/**
 * The payments posted to loans (issue 15 "a payments tab on the loan profile"): every source —
 * gateway, field receipt after deposit, offline upload, repossession proceeds, mandate — as
 * reconciliation posted it. Endpoint definitions; zod schemas in ./loan-payments.schema.ts.
 * Permissions: CG Payment Module › payments. Amounts: integer minor units.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { LoanPaymentRecord, LoanPaymentsPage } from './loan-payments.schema';
export type { LoanPaymentRecord, LoanPaymentsPage };

const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payments', access }) as const satisfies PermissionRequirement;

/** GET /api/payment/payments: posted payments, newest first, of one loan (`loan_id`) or all, optionally of one source; with their total. */
export const listLoanPayments = endpoint({
  operation: 'payments.payments.list',
  method: 'GET',
  path: '/payment/payments',
  access: 'company',
  permission: perm('read'),
  tags: ['payments'],
  summary: 'Payments posted to loans (all sources), newest first',
  schemas: async () => {
    const s = await import('./loan-payments.schema');
    return { query: s.loanPaymentsQuery, response: s.loanPaymentsPage };
  },
});

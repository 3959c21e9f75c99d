/**
 * A loan's and a customer's profile (issue 3; spec 3 "Loan and customer profile", "Call details",
 * "Final status per module"; spec 7 recovery `/loan-details/{id}`, `/loan/call-details/{id}`,
 * `/final/status/{id}`, `/loan/activity/{id}`, `/loan/remarks/{id}`, `/customer/profile/{id}`).
 * Endpoint definitions; zod schemas in ./profiles.schema.ts.
 */
import { MODULE_STATUS_VARIABLE_NAMES } from '../../portfolio/system-variables';
import { endpoint } from '../endpoint';

import type { ActivityEvent, CustomerProfile, LoanDetails } from './profiles.schema';
export type { ActivityEvent, CustomerProfile, LoanDetails };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./profiles.schema');

/** Spec 8: the loan details call returns no data. */
export const NO_LOAN_DETAILS_MESSAGE = 'No loan details found';
export const ACTIVITY_KINDS = ['remark', 'call', 'ptp', 'payment', 'visit', 'status_change', 'import', 'allocation', 'compliance', 'notice', 'approval', 'settlement', 'change_request', 'repossession', 'litigation'] as const;
/** The per-module status variables shown on profiles. */
export const PROFILE_STATUS_FIELDS = MODULE_STATUS_VARIABLE_NAMES;

const loanProfile = (access: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'loan_profile', access }) as const;

/** GET /api/recovery/loan-details/{loan_id}: the loan of a month (default the latest) with its header, statuses and people. */
export const loanDetails = endpoint({
  operation: 'recovery.loans.details',
  method: 'GET',
  path: '/recovery/loan-details/{loan_id}',
  access: 'company',
  permission: loanProfile('read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.loanParams, query: s.loanDetailsQuery, response: s.loanDetails };
  },
});

/** GET /api/recovery/loan/call-details/{loan_id}: calls of the last week, PTPs of the last month (spec 9). */
export const loanCallDetails = endpoint({
  operation: 'recovery.loans.call_details',
  method: 'GET',
  path: '/recovery/loan/call-details/{loan_id}',
  access: 'company',
  permission: loanProfile('read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.loanParams, query: s.companyQuery, response: s.callDetails };
  },
});

/** GET /api/recovery/final/status/{loan_id}: the final status per module. */
export const loanFinalStatus = endpoint({
  operation: 'recovery.loans.final_status',
  method: 'GET',
  path: '/recovery/final/status/{loan_id}',
  access: 'company',
  permission: loanProfile('read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.loanParams, query: s.loanDetailsQuery, response: s.finalStatusResponse };
  },
});

/** GET /api/recovery/loan/activity/{loan_id}: the activity timeline, newest first, paged. */
export const loanActivity = endpoint({
  operation: 'recovery.loans.activity',
  method: 'GET',
  path: '/recovery/loan/activity/{loan_id}',
  access: 'company',
  permission: loanProfile('read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.loanParams, query: s.activityQuery, response: s.activityResponse };
  },
});

/** POST /api/recovery/loan/remarks/{loan_id}: a plain-text remark on the timeline ('Remark added'). */
export const addRemark = endpoint({
  operation: 'recovery.loans.add_remark',
  method: 'POST',
  path: '/recovery/loan/remarks/{loan_id}',
  access: 'company',
  permission: loanProfile('write'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.loanParams, query: s.companyQuery, body: s.createRemarkBody, response: s.activityEvent };
  },
});

/** GET /api/recovery/customer/profile/{client_customer_id}: a customer's contact details and loans. */
export const customerProfile = endpoint({
  operation: 'recovery.customers.profile',
  method: 'GET',
  path: '/recovery/customer/profile/{client_customer_id}',
  access: 'company',
  permission: loanProfile('read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.customerParams, query: s.loanDetailsQuery, response: s.customerProfile };
  },
});

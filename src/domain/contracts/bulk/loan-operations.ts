/**
 * Loan operations (issue 5; spec 2 bulk tab "loan operations", started from portfolio assignment
 * too; spec 4 "Loan operations default" statuses and termination): allocate, deallocate, move,
 * add/delete tags, archive/unarchive (JSON), or allocate via an Excel/CSV file (multipart).
 * Endpoint definitions; zod schemas in ./loan-operations.schema.ts.
 */
import { endpoint } from '../endpoint';
import { ALLOCATION_FILE } from './imports';

import type { CreateLoanOperationBody, CreateLoanOperationFields, LoanOperationRecord } from './loan-operations.schema';
export type { CreateLoanOperationBody, CreateLoanOperationFields, LoanOperationRecord };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./loan-operations.schema');

/** Loans one operation may name by id. */
export const LOAN_OPERATION_MAX_IDS = 100_000;
/** How an operation chose its loans. */
export const LOAN_SELECTIONS = ['loan_ids', 'filters', 'agent_loans', 'file'] as const;
/** Largest JSON body of POST /loan-operations: 100,000 loan ids of JSON are about 1.5 MB, over Fastify's 1 MB default. */
const LOAN_OPERATION_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const allocation = (access: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'allocation', access }) as const;

/** POST /api/bulk/loan-operations: JSON, or multipart with an allocation `file` ('Operation queued'). */
export const startLoanOperation = endpoint({
  operation: 'bulk.loan_operations.start',
  method: 'POST',
  path: '/bulk/loan-operations',
  access: 'company',
  permission: allocation('write'),
  multipart: { alsoJson: true, files: { file: ALLOCATION_FILE } },
  bodyLimitBytes: LOAN_OPERATION_BODY_LIMIT_BYTES,
  tags: ['bulk'],
  summary: 'Start a loan operation: allocate, deallocate, move, add/delete tags, archive/unarchive (JSON), or allocate via an Excel/CSV file (multipart)',
  description:
    'JSON: see the body schema. multipart/form-data ("allocate loans via excel"): `file` (.xlsx/.xls/.csv, ≤ 50 MB) with a loan id column and an agent column (email, user_id or client_employee_id), ' +
    '`operation_type` = allocate_loans_via_excel, `allocation_month`, optional `agent_type`. Answers the operation (its `id`); poll GET /loan-operations/{id}.',
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.createLoanOperationBody, form: s.createLoanOperationFields, response: s.loanOperationRecord };
  },
});

/** GET /api/bulk/loan-operations: the company's loan operations, newest first. */
export const listLoanOperations = endpoint({
  operation: 'bulk.loan_operations.list',
  method: 'GET',
  path: '/bulk/loan-operations',
  access: 'company',
  permission: allocation('read'),
  tags: ['bulk'],
  summary: 'Loan operations of the company, newest first',
  schemas: async () => {
    const s = await schema();
    return { query: s.loanOperationsQuery, response: s.loanOperationsPage };
  },
});

/** GET /api/bulk/loan-operations/{id}: one operation, polled while it runs. */
export const getLoanOperation = endpoint({
  operation: 'bulk.loan_operations.get',
  method: 'GET',
  path: '/bulk/loan-operations/{id}',
  access: 'company',
  permission: allocation('read'),
  tags: ['bulk'],
  summary: 'One loan operation: status, counts, progress, error file',
  schemas: async () => {
    const s = await schema();
    return { params: s.jobParams, query: s.companyQuery, response: s.loanOperationRecord };
  },
});

/** GET /api/bulk/loan-operations/{id}/error-file: the failed loans as CSV (attachment). */
export const loanOperationErrorFile = endpoint({
  operation: 'bulk.loan_operations.error_file',
  method: 'GET',
  path: '/bulk/loan-operations/{id}/error-file',
  access: 'company',
  permission: allocation('read'),
  produces: 'file',
  tags: ['bulk'],
  summary: 'The failed loans as CSV with a reason column',
  schemas: async () => {
    const s = await schema();
    return { params: s.jobParams, query: s.companyQuery };
  },
});

/** POST /api/bulk/loan-operations/{id}/terminate ('Operation terminated'; 409 'Failed to terminate operation'). */
export const terminateLoanOperation = endpoint({
  operation: 'bulk.loan_operations.terminate',
  method: 'POST',
  path: '/bulk/loan-operations/{id}/terminate',
  access: 'company',
  permission: allocation('write'),
  tags: ['bulk'],
  summary: "Terminate a running operation (spec 4); 409 'Failed to terminate operation' when not allowed",
  schemas: async () => {
    const s = await schema();
    return { params: s.jobParams, query: s.companyQuery, response: s.loanOperationRecord };
  },
});

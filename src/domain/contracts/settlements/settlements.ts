/**
 * Settlements (issue 16 "Settlements"; spec `/app/settlement-tracking`, module settlement): a
 * proposal on a loan routed through approvals, its letter once approved (PDF in English, Hindi or
 * Bahasa), its instalments tracked against payments, the grace days before a breach, and the
 * Installment Report and Settlement Report exports (durable jobs; FAILED, COMPLETED, In-Progress).
 * Endpoint definitions; zod schemas in ./settlements.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { InstalmentRecord, LetterSendRecord, ProposalBody, SendLetterBody, SettlementDetail, SettlementExportRecord, SettlementRecord } from './settlements.schema';
export type { InstalmentRecord, LetterSendRecord, ProposalBody, SendLetterBody, SettlementDetail, SettlementExportRecord, SettlementRecord };
export { LETTER_LANGUAGES, SETTLEMENT_EXPORT_KINDS, SETTLEMENT_STATUSES, SETTLEMENT_TYPES, type LetterLanguage, type SettlementStatus, type SettlementType } from '../../settlements/settlements';

const tags = ['settlement'];
const settlements = (a: 'read' | 'write') => ({ module: 'settlement', action: 'settlements', access: a }) as const satisfies PermissionRequirement;
const exportsAccess = (a: 'read' | 'write') => ({ module: 'settlement', action: 'settlement_exports', access: a }) as const satisfies PermissionRequirement;
const schema = () => import('./settlements.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** POST /api/settlement/settlements: proposes a settlement on a loan and submits it for approval. */
export const proposeSettlement = endpoint({
  operation: 'settlement.settlements.propose',
  method: 'POST',
  path: '/settlement/settlements',
  access: 'company',
  permission: settlements('write'),
  tags,
  summary: 'Propose a settlement on a loan (one-time or instalments), routed through approvals',
  schemas: async () => ({ query: await company(), body: (await schema()).proposalBody, response: (await schema()).settlementDetail }),
});

/** GET /api/settlement/settlements: the company's settlements, newest first, filtered by status, type, loan. */
export const listSettlements = endpoint({
  operation: 'settlement.settlements.list',
  method: 'GET',
  path: '/settlement/settlements',
  access: 'company',
  permission: settlements('read'),
  tags,
  summary: 'Settlements with amounts, waiver, status and what was paid',
  schemas: async () => ({ query: (await schema()).listQuery, response: (await schema()).listResponse }),
});

/** GET /api/settlement/settlements/{id}: one settlement with its instalments (paid, due, overdue, missed), judged now. */
export const getSettlement = endpoint({
  operation: 'settlement.settlements.get',
  method: 'GET',
  path: '/settlement/settlements/{settlement_id}',
  access: 'company',
  permission: settlements('read'),
  tags,
  summary: 'One settlement with its instalments tracked against payments',
  schemas: async () => ({ params: (await schema()).settlementParams, query: await company(), response: (await schema()).settlementDetail }),
});

/** GET /api/settlement/settlements/{id}/letter: the settlement letter PDF (404 until approved). */
export const settlementLetter = endpoint({
  operation: 'settlement.settlements.letter',
  method: 'GET',
  path: '/settlement/settlements/{settlement_id}/letter',
  access: 'company',
  permission: settlements('read'),
  produces: 'file',
  tags,
  summary: 'The settlement letter (PDF; English, Hindi or Bahasa Indonesia)',
  schemas: async () => ({ params: (await schema()).settlementParams, query: (await schema()).letterQuery }),
});

/**
 * POST /api/settlement/settlements/{id}/letter/send: the approved settlement letter, printed in its
 * language, sent to the borrower with the PDF attached through the communication area (compliance
 * check, the company's provider). A blocked or failed message is answered, not thrown.
 * @throws 404 until approved; 400 no email/number on the loan
 */
export const sendSettlementLetter = endpoint({
  operation: 'settlement.settlements.letter.send',
  method: 'POST',
  path: '/settlement/settlements/{settlement_id}/letter/send',
  access: 'company',
  permission: settlements('write'),
  idempotent: true,
  tags,
  summary: 'Send the settlement letter (PDF) to the borrower by email or WhatsApp',
  schemas: async () => ({ params: (await schema()).settlementParams, query: await company(), body: (await schema()).sendLetterBody, response: (await schema()).letterSendRecord }),
});

/** GET /api/settlement/settings: the company's grace days before a missed instalment breaches. */
export const getSettlementSettings = endpoint({
  operation: 'settlement.settings.get',
  method: 'GET',
  path: '/settlement/settings',
  access: 'company',
  permission: settlements('read'),
  tags,
  summary: 'Settlement settings of the company (grace days)',
  schemas: async () => ({ query: await company(), response: (await schema()).settingsRecord }),
});

/** PUT /api/settlement/settings. */
export const saveSettlementSettings = endpoint({
  operation: 'settlement.settings.save',
  method: 'PUT',
  path: '/settlement/settings',
  access: 'company',
  permission: exportsAccess('write'),
  tags,
  summary: 'Set the grace days before a missed instalment breaches a settlement',
  schemas: async () => ({ query: await company(), body: (await schema()).settingsBody, response: (await schema()).settingsRecord }),
});

/** POST /api/settlement/exports: starts an Installment Report or Settlement Report (a durable job). */
export const startSettlementExport = endpoint({
  operation: 'settlement.exports.start',
  method: 'POST',
  path: '/settlement/exports',
  access: 'company',
  permission: exportsAccess('write'),
  tags,
  summary: 'Start an Installment Report or Settlement Report export',
  schemas: async () => ({ query: await company(), body: (await schema()).exportBody, response: (await schema()).exportRecord }),
});

/** GET /api/settlement/exports: the company's settlement exports, newest first. */
export const listSettlementExports = endpoint({
  operation: 'settlement.exports.list',
  method: 'GET',
  path: '/settlement/exports',
  access: 'company',
  permission: exportsAccess('read'),
  tags,
  summary: 'Settlement exports with their statuses (FAILED, COMPLETED, In-Progress)',
  schemas: async () => ({ query: await company(), response: (await schema()).exportsResponse }),
});

/** GET /api/settlement/exports/{id}/file: a COMPLETED export's CSV. */
export const settlementExportFile = endpoint({
  operation: 'settlement.exports.file',
  method: 'GET',
  path: '/settlement/exports/{export_id}/file',
  access: 'company',
  permission: exportsAccess('read'),
  produces: 'file',
  tags,
  summary: 'Download a completed settlement export (CSV)',
  schemas: async () => ({ params: (await schema()).exportParams, query: await company() }),
});

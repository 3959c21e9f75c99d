/**
 * What other areas may use of the compliance area (docs/decisions/007-area-kernel.md): `decide()`,
 * the one decision in front of every outbound contact (calling, communication, field visits), and
 * the dry run. Never the tables themselves.
 *
 * ```ts
 * const d = await decide(idempotency.tx, { companyId, loanId, channel: 'sms', to, sms: { text, dltTemplateId }, actorId }, deps.clock.now());
 * if (!d.allowed) … // d.reasons: [{ code, message, params }]; the decision is already on the loan's timeline
 * ```
 */
export { decide, decideMany, dryRun, NO_LOAN } from './decide';
export type { DecideInput, DecisionResult } from './decide';
/** The company's registered DLT templates by content template id (a sign-in OTP's SMS checks its text against one). */
export { dltTemplatesById } from './rules-service';

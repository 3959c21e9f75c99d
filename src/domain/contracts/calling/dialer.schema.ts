/** Schemas of the calls the dialer brings to the desk: inbound, predictive, the desk's event stream (issue 14). Behind ./dialer.ts. */
import { z } from 'zod';
import { companyQuery } from '../envelope';
import { callRecord } from './calls.schema';

export { companyQuery };

/** `GET /api/calling/current-call`: the caller's live call, or their latest ended call still waiting for a disposition (4 hours). */
export const currentCallResponse = z.object({ call: callRecord.nullable() });
export type CurrentCallResponse = z.infer<typeof currentCallResponse>;

/** `POST /api/calling/simulator/inbound`: a borrower calls the company's DID from `mobile`, or from the borrower number of `loan_id`. */
export const simulateInboundBody = z
  .object({
    loan_id: z.string().trim().min(1).max(100).optional(),
    mobile: z.string().trim().regex(/^\+?\d{7,15}$/, 'A phone number of 7 to 15 digits').optional(),
    /** false: the first agent rung does not pick up, so after the ring time-out the call goes to the next free agent. */
    first_agent_answers: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.loan_id) !== Boolean(b.mobile), 'Give either loan_id or mobile');
export type SimulateInboundBody = z.input<typeof simulateInboundBody>;
export const simulateInboundResponse = z.object({
  /** The simulator's CallSid. */
  call_sid: z.string(),
  /** Whether an agent of the active inbound campaign took it (false: nobody free, inbound off or no inbound campaign). */
  routed: z.boolean(),
  call_id: z.string().nullable(),
});
export type SimulateInboundResponse = z.infer<typeof simulateInboundResponse>;

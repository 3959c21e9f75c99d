/**
 * The calling desk (issue 14; spec 3, 4, 7, 9): the agent's queue, click-to-call through the
 * compliance check, the call's state, dispositions with PTPs and callbacks, a loan's call details,
 * the reminders due today and breaks. Endpoint definitions; zod schemas in ./calls.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type {
  AgentStatusRecord,
  CallDetailsRecord,
  CallingSettings,
  CallRecord,
  DispositionBody,
  DispositionAnswer,
  DispositionRecord,
  QueueLoan,
  QueueResponse,
  ReminderRecord,
  RemindersResponse,
  StartBreakBody,
  StartCallBody,
} from './calls.schema';
export type { AgentStatusRecord, CallDetailsRecord, CallingSettings, CallRecord, DispositionAnswer, DispositionBody, DispositionRecord, QueueLoan, QueueResponse, ReminderRecord, RemindersResponse, StartBreakBody, StartCallBody };

const tags = ['calling'];
/** Every desk action is the click-to-call permission (spec 6 `calling` module); other modes are checked per call. */
const desk = (access: 'read' | 'write') => ({ module: 'calling', action: 'click_to_call', access }) as const satisfies PermissionRequirement;
const schema = () => import('./calls.schema');
const company = async () => (await schema()).companyQuery;

/** GET /api/calling/settings: the caller's calling mode, the company's dispositions and breaks, the provider. */
export const getCallingSettings = endpoint({
  operation: 'calling.settings.get',
  method: 'GET',
  path: '/calling/settings',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The caller's calling mode (spec 4), the company's dispositions and breaks, and the telephony provider",
  schemas: async () => ({ query: await company(), response: (await schema()).callingSettings }),
});

/** GET /api/calling/queue: the caller's allocated loans (telecaller allocations) to call, least recently called first. */
export const callingQueue = endpoint({
  operation: 'calling.queue',
  method: 'GET',
  path: '/calling/queue',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The caller's calling queue: their allocated loans, least recently called first",
  schemas: async () => ({ query: await company(), response: (await schema()).queueResponse }),
});

/**
 * POST /api/calling/calls: dial a loan's borrower (or `mobile`) through the company's telephony.
 * @throws 400 '{mode label} is not enabled in company settings'; 403 the compliance reasons (the
 *   decision is on the loan's timeline); 404 'No loan details found'
 */
export const startCall = endpoint({
  operation: 'calling.calls.start',
  method: 'POST',
  path: '/calling/calls',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Call a loan: calling mode and compliance check, then the agent’s phone rings first and the borrower second',
  schemas: async () => ({ query: await company(), body: (await schema()).startCallBody, response: (await schema()).callRecord }),
});

/** GET /api/calling/calls/{call_id}: one of the caller's calls with its current state (the dialer panel polls it). */
export const getCall = endpoint({
  operation: 'calling.calls.get',
  method: 'GET',
  path: '/calling/calls/{call_id}',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'A call and its current state',
  schemas: async () => ({ params: (await schema()).callParams, query: await company(), response: (await schema()).callRecord }),
});

/** POST /api/calling/calls/{call_id}/end: hang up a live call (providers that cannot answer 409: end it on the phone). */
export const endCall = endpoint({
  operation: 'calling.calls.end',
  method: 'POST',
  path: '/calling/calls/{call_id}/end',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Hang up a live call of the caller',
  schemas: async () => ({ params: (await schema()).callParams, query: await company(), response: (await schema()).callRecord }),
});

/**
 * POST /api/calling/dispositions: the outcome the agent records after a call; a callback makes a
 * reminder. Idempotent by its call: one disposition per call, the same one sent again answers the
 * first (no Idempotency-Key needed, so a desk or an integrator may simply retry); another is 409.
 */
export const recordDisposition = endpoint({
  operation: 'calling.dispositions.record',
  method: 'POST',
  path: '/calling/dispositions',
  access: 'company',
  permission: desk('write'),
  retrySafe: true,
  tags,
  summary: 'Record the disposition of a call (PTP date and amount, callback time, remarks; optionally send a payment link)',
  description:
    'With `payment_link` {amount (major units), channel sms|whatsapp|email} a payment link is created on the company’s first active gateway and sent to the borrower through the compliance check, once per call; `payment_link` in the answer says whether it was created and sent, and the server’s message when not (no gateway, blocked, no number). A refused link does not undo the disposition.',
  schemas: async () => ({ query: await company(), body: (await schema()).dispositionBody, response: (await schema()).dispositionAnswer }),
});

/** GET /api/calling/loans/{loan_id}/call-details: calls of the last week, PTPs and broken PTPs of the last month, last PTP. */
export const loanCallDetails = endpoint({
  operation: 'calling.loans.call_details',
  method: 'GET',
  path: '/calling/loans/{loan_id}/call-details',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'Call details of a loan: calls (last 7 days), PTPs and broken PTPs (last month), last PTP, latest calls',
  schemas: async () => ({ params: (await schema()).loanParams, query: await company(), response: (await schema()).callDetailsRecord }),
});

/** GET /api/calling/reminders: the caller's callbacks and PTP follow-ups due today (company's day), overdue ones included. */
export const myReminders = endpoint({
  operation: 'calling.reminders.list',
  method: 'GET',
  path: '/calling/reminders',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The caller's reminders due today (callbacks and PTP follow-ups), overdue first",
  schemas: async () => ({ query: await company(), response: (await schema()).remindersResponse }),
});

/** GET /api/calling/breaks: the caller's status and break, fetched on load (a break with no time left is ended). */
export const getAgentStatus = endpoint({
  operation: 'calling.breaks.status',
  method: 'GET',
  path: '/calling/breaks',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The caller's status and current break (ended when no time is left)",
  schemas: async () => ({ query: await company(), response: (await schema()).agentStatusRecord }),
});

/** POST /api/calling/breaks: start one of the company's breaks. @throws 400 unknown break; 409 already on a break */
export const startBreak = endpoint({
  operation: 'calling.breaks.start',
  method: 'POST',
  path: '/calling/breaks',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Start a break (auto calls off until it ends)',
  schemas: async () => ({ query: await company(), body: (await schema()).startBreakBody, response: (await schema()).agentStatusRecord }),
});

/** POST /api/calling/breaks/end: back from the break (auto calls on). */
export const endBreak = endpoint({
  operation: 'calling.breaks.end',
  method: 'POST',
  path: '/calling/breaks/end',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'End the current break',
  schemas: async () => ({ query: await company(), response: (await schema()).agentStatusRecord }),
});

/**
 * Calls the dialer brings to the agent's desk (issue 14 "Predictive and inbound"; spec 4, 9): the
 * caller's current call, the desk's live event stream (their calls; supervisors also the live view),
 * and the local telephony simulator's inbound call. Schemas in ./dialer.schema.ts.
 */
import { endpoint } from '../endpoint';
import type { CurrentCallResponse, SimulateInboundBody, SimulateInboundResponse } from './dialer.schema';
export type { CurrentCallResponse, SimulateInboundBody, SimulateInboundResponse };

const tags = ['calling'];
const schema = () => import('./dialer.schema');

/** GET /api/calling/current-call: what the desk shows on load (then the stream keeps it current). */
export const currentCall = endpoint({
  operation: 'calling.calls.current',
  method: 'GET',
  path: '/calling/current-call',
  access: 'company',
  permission: { module: 'calling', action: 'click_to_call', access: 'read' },
  tags,
  summary: "The caller's live call, or their latest ended call still waiting for its disposition",
  schemas: async () => ({ query: (await schema()).companyQuery, response: (await schema()).currentCallResponse }),
});

/** GET /api/calling/events: Server-Sent Events of the caller's calls and, for supervisors, the live view. */
export const callingEvents = endpoint({
  operation: 'calling.events',
  method: 'GET',
  path: '/calling/events',
  access: 'company',
  permission: { module: 'calling', action: 'click_to_call', access: 'read' },
  produces: 'event-stream',
  tags,
  summary: "Live events of the caller's calls (and, for supervisors, their agents' live view)",
  description:
    '`text/event-stream`: `event: call` with a CallRecord JSON each time one of the caller\'s calls changes (an inbound or predictive call put on their desk, ' +
    'each status callback); for telecalling supervisors also `event: live` with the LiveStatsResponse when an agent\'s call or status changes; `: ping` every 15 s. ' +
    'Read it with fetch streaming (authenticationtoken and X-Company-ID headers), not EventSource (docs/decisions/004).',
  schemas: async () => ({ query: (await schema()).companyQuery }),
});

/**
 * POST /api/calling/simulator/inbound: the LOCAL TELEPHONY SIMULATOR places an inbound call to the
 * company's DID, as a borrower would; it is routed like a real provider's (the Connect-applet URL).
 * @throws 409 when the company's provider is not the simulator
 */
export const simulateInbound = endpoint({
  operation: 'calling.simulator.inbound',
  method: 'POST',
  path: '/calling/simulator/inbound',
  access: 'company',
  permission: { module: 'calling', action: 'inbound', access: 'write' },
  tags,
  summary: 'Local telephony simulator: a borrower calls the company’s DID queue (demo and tests)',
  schemas: async () => ({ query: (await schema()).companyQuery, body: (await schema()).simulateInboundBody, response: (await schema()).simulateInboundResponse }),
});

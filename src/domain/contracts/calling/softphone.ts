/**
 * The browser softphone (issue 14; spec 9): the agent's SIP registration details, the company's SIP
 * server settings, a call placed from the browser (the calling-mode rule and the compliance check
 * first, as any call) and the SIP events the browser reports, which move the call on the server.
 * Endpoint definitions; zod schemas in ./softphone.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { companySettingsRead, companySettingsWrite } from '../companies/companies';
import { endpoint } from '../endpoint';
import type { DialerVendorBody, DialerVendorSettings, SecondLegEventBody, SoftphoneCall, SoftphoneCallBody, SoftphoneConfig, SoftphoneEventBody, SoftphoneSettings, SoftphoneSettingsBody } from './softphone.schema';
export type { DialerVendorBody, DialerVendorSettings, SecondLegEventBody, SoftphoneCall, SoftphoneCallBody, SoftphoneConfig, SoftphoneEventBody, SoftphoneSettings, SoftphoneSettingsBody };

const tags = ['calling'];
const desk = (access: 'read' | 'write') => ({ module: 'calling', action: 'click_to_call', access }) as const satisfies PermissionRequirement;
const schema = () => import('./softphone.schema');

/** GET /api/calling/softphone: whether the company has a SIP server, and the caller's SIP address on it. */
export const getSoftphone = endpoint({
  operation: 'calling.softphone.get',
  method: 'GET',
  path: '/calling/softphone',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The browser softphone: the company's SIP WebSocket server and the caller's SIP address (the SIP password is typed by the agent, never stored)",
  schemas: async () => ({ query: (await schema()).companyQuery, response: (await schema()).softphoneConfig }),
});

/** PUT /api/calling/softphone/settings: the company's SIP server for browser softphones (null: off). */
export const updateSoftphoneSettings = endpoint({
  operation: 'calling.softphone.settings.update',
  method: 'PUT',
  path: '/calling/softphone/settings',
  access: 'company',
  permission: companySettingsWrite,
  tags,
  summary: "Set the company's SIP server (WebSocket address and SIP domain) for browser softphones",
  schemas: async () => ({ query: (await schema()).companyQuery, body: (await schema()).softphoneSettingsBody, response: (await schema()).softphoneSettings }),
});

/**
 * POST /api/calling/softphone/calls: a call the agent's browser places over SIP. The calling-mode rule
 * and the compliance check run first, as for click-to-call; the answer carries the SIP address to dial.
 * @throws 400 '{mode label} is not enabled in company settings' | 'The softphone is not set up for your company';
 *   403 the compliance reasons; 404 'No loan details found'
 */
export const startSoftphoneCall = endpoint({
  operation: 'calling.softphone.calls.start',
  method: 'POST',
  path: '/calling/softphone/calls',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Call a loan from the browser softphone: calling mode and compliance check, then the SIP address to dial',
  schemas: async () => ({ query: (await schema()).companyQuery, body: (await schema()).softphoneCallBody, response: (await schema()).softphoneCall }),
});

/**
 * POST /api/calling/softphone/calls/{call_id}/events: the browser's SIP call rang, was answered, held,
 * resumed, ended or failed; or the agent transferred it or held a conference on it (timeline only,
 * recorded once per event_id, also after the call ended).
 */
export const reportSoftphoneEvent = endpoint({
  operation: 'calling.softphone.calls.event',
  method: 'POST',
  path: '/calling/softphone/calls/{call_id}/events',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: "Report the browser softphone's SIP call events (they move the call's state; replays and late events change nothing) and its transfers and conferences (the loan's timeline)",
  schemas: async () => {
    const s = await schema();
    const calls = await import('./calls.schema');
    return { params: s.softphoneCallParams, query: s.companyQuery, body: s.softphoneEventBody, response: calls.callRecord };
  },
});

/**
 * POST /api/calling/softphone/calls/{call_id}/second-leg: the agent's second call (spec 9 add call)
 * was placed, rang, was answered, held, resumed, ended or failed. The server keeps the live leg on
 * the borrower's call (`second_leg` of the call record, pushed on the desk's event stream) so a
 * reloaded desk rebuilds both calls. @throws 404 'Call not found'; 409 for a click-to-call or an ended call's new leg
 */
export const reportSecondLegEvent = endpoint({
  operation: 'calling.softphone.calls.second_leg',
  method: 'POST',
  path: '/calling/softphone/calls/{call_id}/second-leg',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: "Report the agent's second softphone call (add call: consulting, held, conference); the server keeps it so a reloaded desk shows both calls",
  schemas: async () => {
    const s = await schema();
    const calls = await import('./calls.schema');
    return { params: s.softphoneCallParams, query: s.companyQuery, body: s.secondLegEventBody, response: calls.callRecord };
  },
});

/** GET /api/calling/dialer-vendor: the company's third-party dialer disposition endpoint. */
export const getDialerVendor = endpoint({
  operation: 'calling.dialer_vendor.get',
  method: 'GET',
  path: '/calling/dialer-vendor',
  access: 'company',
  permission: companySettingsRead,
  tags,
  summary: "The company's third-party dialer vendor disposition endpoint (spec 7: every disposition is posted there; failures are only logged)",
  schemas: async () => ({ query: (await schema()).companyQuery, response: (await schema()).dialerVendorSettings }),
});

/** PUT /api/calling/dialer-vendor: set or clear (null) the dialer vendor's disposition endpoint. */
export const updateDialerVendor = endpoint({
  operation: 'calling.dialer_vendor.update',
  method: 'PUT',
  path: '/calling/dialer-vendor',
  access: 'company',
  permission: companySettingsWrite,
  tags,
  summary: "Set the third-party dialer vendor's disposition endpoint (https://), or clear it",
  schemas: async () => ({ query: (await schema()).companyQuery, body: (await schema()).dialerVendorBody, response: (await schema()).dialerVendorSettings }),
});

/** Schemas of the company telephony set-up (issue 14; spec 7, 9): the browser softphone and the dialer vendor endpoint. Behind ./softphone.ts. */
import { z } from 'zod';
import { isDialerVendorEndpoint } from '../../calling/dialer-vendor';
import { SECOND_LEG_EVENTS, SIP_DOMAIN_PATTERN, SOFTPHONE_EVENTS, TRANSFER_KINDS, isSipWebSocketUrl, isSoftphoneAction } from '../../calling/softphone';
import { companyQuery } from '../envelope';
import { callRecord, startCallBody } from './calls.schema';

export { companyQuery };

/** What the agent's browser needs to register: null fields when the company has no SIP server. */
export const softphoneConfig = z.object({
  enabled: z.boolean(),
  /** The company's SIP server over WebSocket (wss://…). */
  ws_url: z.string().nullable(),
  /** The agent's SIP address on it (their extension). */
  sip_uri: z.string().nullable(),
  display_name: z.string(),
  /** Spec 9 dialer ICE gathering time-out (ms). */
  ice_gathering_timeout_ms: z.number().int(),
});
export type SoftphoneConfig = z.infer<typeof softphoneConfig>;

/** `PUT /api/calling/softphone/settings`: null `ws_url` switches the softphone off. */
export const softphoneSettingsBody = z
  .object({
    ws_url: z.string().trim().max(300).refine(isSipWebSocketUrl, 'Enter a wss:// address of your SIP server (ws:// only for a server on your own network)').nullable(),
    sip_domain: z.string().trim().regex(SIP_DOMAIN_PATTERN, 'Enter the SIP domain, e.g. sip.example.com').nullable(),
  })
  .refine((b) => (b.ws_url === null) === (b.sip_domain === null), { message: 'Give both the WebSocket address and the SIP domain, or neither', path: ['sip_domain'] });
export type SoftphoneSettingsBody = z.infer<typeof softphoneSettingsBody>;

export const softphoneSettings = z.object({ ws_url: z.string().nullable(), sip_domain: z.string().nullable() });
export type SoftphoneSettings = z.infer<typeof softphoneSettings>;

/** `POST /api/calling/softphone/calls`: the same body as a click-to-call. */
export const softphoneCallBody = startCallBody;
export type SoftphoneCallBody = z.infer<typeof softphoneCallBody>;

/** The call as recorded, and the SIP address the browser dials. */
export const softphoneCall = z.object({ call: callRecord, dial_uri: z.string() });
export type SoftphoneCall = z.infer<typeof softphoneCall>;

/** `POST /api/calling/softphone/calls/{call_id}/events`: what the browser's SIP call did, or a transfer / conference of it (spec 9). */
export const softphoneEventBody = z
  .object({
    event: z.enum(SOFTPHONE_EVENTS),
    /** The SIP cause the browser saw (JsSIP's cause: 'Busy', 'Rejected', 'Unavailable', 'Canceled', …). */
    cause: z.string().trim().max(120).optional(),
    /** transferred / conference_*: the browser's id of this action (a retried report is recorded once). */
    event_id: z.string().trim().min(8).max(64).optional(),
    /** transferred / conference_*: the second party (their extension, number or SIP address). */
    target: z.string().trim().min(1).max(200).optional(),
    /** transferred: blind or attended. */
    transfer: z.enum(TRANSFER_KINDS).optional(),
  })
  .refine((b) => !isSoftphoneAction(b.event) || (b.event_id !== undefined && b.target !== undefined), {
    message: 'A transfer or conference event needs its event_id and target',
    path: ['target'],
  });
export type SoftphoneEventBody = z.infer<typeof softphoneEventBody>;
export const softphoneCallParams = z.object({ call_id: z.string().min(1).max(64) });

/** `POST /api/calling/softphone/calls/{call_id}/second-leg`: what the agent's second call (spec 9 add call) did. */
export const secondLegEventBody = z
  .object({
    event: z.enum(SECOND_LEG_EVENTS),
    /** started: the second party (their extension, number or SIP address), as the agent typed it. */
    target: z.string().trim().min(1).max(200).optional(),
  })
  .refine((b) => b.event !== 'started' || b.target !== undefined, { message: 'A second call needs its target', path: ['target'] });
export type SecondLegEventBody = z.infer<typeof secondLegEventBody>;

/** `PUT /api/calling/dialer-vendor`: the company's third-party dialer disposition endpoint (null: none). */
export const dialerVendorBody = z.object({
  disposition_url: z.string().trim().max(500).refine(isDialerVendorEndpoint, 'Enter an https:// address of your dialer vendor').nullable(),
});
export type DialerVendorBody = z.infer<typeof dialerVendorBody>;
export const dialerVendorSettings = z.object({ disposition_url: z.string().nullable() });
export type DialerVendorSettings = z.infer<typeof dialerVendorSettings>;

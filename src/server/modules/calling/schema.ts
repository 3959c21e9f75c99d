/**
 * Calling desk tables (issue 14): each company's calling settings (telephony provider, callback
 * secret, caller-id pool, dispositions), the calls with their provider state, the dispositions
 * (PTP amounts in bigint minor units: paise, sen), the agents' reminders, their status and breaks.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { DispositionOption } from '../../../domain/calling/dispositions';
import type { SecondLeg, SoftphoneAction, TransferKind } from '../../../domain/calling/softphone';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const instant = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'number' });

/** One row per company, made with defaults on first use. */
export const callingSettings = pgTable('calling_settings', {
  companyId: text('company_id').primaryKey().references(companyRef),
  /** 'local_simulator' (default, the demo) or 'exotel'. */
  provider: text('provider', { enum: ['local_simulator', 'exotel'] }).notNull().default('local_simulator'),
  /** Authenticates the provider's callbacks (in the callback URL); random per company. */
  callbackSecret: text('callback_secret').notNull(),
  /** ExoPhones / virtual numbers the calls show, used in turn. */
  callerIds: jsonb('caller_ids').$type<string[]>().notNull().default([]),
  /** Exotel account: sid, subdomain (api.in.exotel.com), API key; the token stays in the environment. */
  exotelSid: text('exotel_sid'),
  exotelSubdomain: text('exotel_subdomain'),
  exotelApiKey: text('exotel_api_key'),
  dispositions: jsonb('dispositions').$type<DispositionOption[]>().notNull(),
  /** The company's SIP server over WebSocket for browser softphones (wss://…); null: no softphone. */
  sipWsUrl: text('sip_ws_url'),
  /** The SIP domain agents register in (their extension @ this domain). */
  sipDomain: text('sip_domain'),
  /** The third-party dialer vendor's disposition endpoint (spec 7, 9: fixed per company); null: none. */
  dispositionVendorUrl: text('disposition_vendor_url'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** A transfer or conference of a softphone call, as the browser reported it (spec 9 add call, transfer, merge). */
export interface SipActionRecord {
  event_id: string;
  event: SoftphoneAction;
  target: string;
  transfer: TransferKind | null;
  at: string;
}

export const callingCalls = pgTable(
  'calling_calls',
  {
    callId: id('call_id'),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month'),
    agentId: text('agent_id').notNull(),
    mode: text('mode', { enum: ['predictive', 'inbound', 'autodialer', 'click_to_call'] }).notNull(),
    campaignId: text('campaign_id'),
    shootId: text('shoot_id').notNull(),
    /** 'webrtc_softphone': placed by the agent's browser over SIP (a voip call; the browser reports its events). */
    provider: text('provider', { enum: ['local_simulator', 'exotel', 'webrtc_softphone'] }).notNull(),
    providerCallId: text('provider_call_id'),
    /** The number dialled (clear: the provider needs it; answers show it masked). */
    toNumber: text('to_number').notNull(),
    agentNumber: text('agent_number'),
    callerId: text('caller_id'),
    decisionId: text('decision_id'),
    state: text('state').notNull(),
    outcome: text('outcome'),
    providerStatus: text('provider_status'),
    createdAt: instant('created_at').notNull().defaultNow(),
    answeredAt: instant('answered_at'),
    endedAt: instant('ended_at'),
    talkSeconds: integer('talk_seconds'),
    totalSeconds: integer('total_seconds'),
    recordingUrl: text('recording_url'),
    failureReason: text('failure_reason'),
    /** 'inbound': the borrower called the company's DID queue (toNumber is then their number). */
    direction: text('direction', { enum: ['outbound', 'inbound'] }).notNull().default('outbound'),
    /** Inbound: the loans whose borrower number matches the caller's, newest month first (loanId is the first; '' when none). */
    matchedLoanIds: jsonb('matched_loan_ids').$type<string[]>().notNull().default([]),
    /** Predictive: answered while no agent was free, so the dialer hung up (a drop, spec 9 drop cap). */
    dropped: boolean('dropped').notNull().default(false),
    /** Softphone: the transfers and conferences the agent's browser reported (event ids make a retried report count once). */
    sipActions: jsonb('sip_actions').$type<SipActionRecord[]>().notNull().default([]),
    /**
     * Softphone: the agent's live second call (spec 9 add call: consulting, held or conference), kept
     * here so a reloaded desk rebuilds both calls; null when none (cleared when either call ends).
     */
    secondLeg: jsonb('second_leg').$type<SecondLeg>(),
    /**
     * Ended, and its loan side (timeline event, calling_status) not written yet: set in the
     * transaction that ends the call, cleared by the call-end writer's batch (call-end-writer.ts).
     */
    loanWritePending: boolean('loan_write_pending').notNull().default(false),
    /** Inbound: the agents offered the call before its current one, who did not answer within the ring time-out. */
    offeredAgentIds: jsonb('offered_agent_ids').$type<string[]>().notNull().default([]),
    /** The status Exotel's Passthru applet last reported for the call (its CallType or CallStatus: completed, incomplete, client-hangup, voicemail, …). */
    passthruStatus: text('passthru_status'),
    /** The keys the caller pressed in Exotel's Gather applet, as its Passthru last reported them (0-9, *, #). */
    gatherDigits: text('gather_digits'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('calling_calls_provider_call').on(t.provider, t.providerCallId),
    index('calling_calls_loan_write_pending').on(t.endedAt).where(sql`loan_write_pending`),
    index('calling_calls_loan').on(t.companyId, t.loanId, t.createdAt),
    index('calling_calls_agent').on(t.companyId, t.agentId, t.createdAt),
    index('calling_calls_campaign').on(t.companyId, t.campaignId, t.createdAt),
  ],
);
export type CallRow = typeof callingCalls.$inferSelect;

/** One disposition per call: a replay answers the first. */
export const callingDispositions = pgTable(
  'calling_dispositions',
  {
    dispositionId: id('disposition_id'),
    companyId: text('company_id').notNull().references(companyRef),
    callId: text('call_id')
      .notNull()
      .references(() => callingCalls.callId),
    loanId: text('loan_id').notNull(),
    agentId: text('agent_id').notNull(),
    disposition: text('disposition').notNull(),
    ptpDate: date('ptp_date', { mode: 'string' }),
    ptpAmountMinor: minor('ptp_amount_minor'),
    callbackAt: instant('callback_at'),
    callType: text('call_type', { enum: ['manual', 'voip', 'predictive'] }).notNull(),
    remarks: text('remarks').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [unique('calling_dispositions_call').on(t.callId), index('calling_dispositions_loan').on(t.companyId, t.loanId, t.createdAt)],
);
export type DispositionRow = typeof callingDispositions.$inferSelect;

export const callingReminders = pgTable(
  'calling_reminders',
  {
    reminderId: id('reminder_id'),
    companyId: text('company_id').notNull().references(companyRef),
    agentId: text('agent_id').notNull(),
    loanId: text('loan_id').notNull(),
    callId: text('call_id'),
    shootId: text('shoot_id'),
    kind: text('kind', { enum: ['callback', 'ptp'] }).notNull(),
    reminderDate: instant('reminder_date').notNull(),
    remarks: text('remarks').notNull().default(''),
    doneAt: instant('done_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('calling_reminders_agent').on(t.companyId, t.agentId, t.reminderDate)],
);
export type ReminderRow = typeof callingReminders.$inferSelect;

/** The agent's current status and break (one row per agent and company). */
export const callingAgentStatus = pgTable(
  'calling_agent_status',
  {
    companyId: text('company_id').notNull().references(companyRef),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['available', 'on_call', 'on_break'] }).notNull().default('available'),
    /** Spec 3 agent status reason while the agent is inactive (null: active). */
    statusReason: text('status_reason'),
    /** Spec 3 microphone state the dialer reported (null: working). */
    microphone: text('microphone'),
    /** The campaign of the agent's autodial session (spec 3 activeCampaign), while `autodialActive`. */
    campaignId: text('campaign_id'),
    autodialActive: boolean('autodial_active').notNull().default(false),
    /** Start of the autodial session (continue_last_session Yes keeps it). */
    autodialSessionAt: instant('autodial_session_at'),
    breakName: text('break_name'),
    breakType: text('break_type', { enum: ['productive_break', 'non-productive_break'] }),
    breakStartedAt: instant('break_started_at'),
    breakEndsAt: instant('break_ends_at'),
    /** Spec 7 campaign user status: the last vendor_event (auto_call_on / auto_call_off; null: never sent). */
    vendorEvent: text('vendor_event', { enum: ['auto_call_on', 'auto_call_off'] }),
    /** Its call_type, event, event_type and event_time_limit (seconds) as sent. */
    vendorCallType: text('vendor_call_type'),
    vendorEventName: text('vendor_event_name'),
    vendorEventType: text('vendor_event_type'),
    vendorEventTimeLimit: integer('vendor_event_time_limit'),
    /** auto_call_off with an event_time_limit: the dialer is on again from this instant. */
    dialerOffUntil: instant('dialer_off_until'),
    /** Spec 7 dialer_off_event (microphone_off / microphone_not_connected) with auto_call_off. */
    dialerOffEvent: text('dialer_off_event'),
    vendorEventAt: instant('vendor_event_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

/** Every break taken, for reports (how long, ended by the agent or by the countdown). */
export const callingBreaks = pgTable(
  'calling_breaks',
  {
    breakId: id('break_id'),
    companyId: text('company_id').notNull().references(companyRef),
    userId: text('user_id').notNull(),
    breakName: text('break_name').notNull(),
    breakType: text('break_type', { enum: ['productive_break', 'non-productive_break'] }).notNull(),
    startedAt: instant('started_at').notNull(),
    plannedEndAt: instant('planned_end_at').notNull(),
    endedAt: instant('ended_at'),
    endedBy: text('ended_by', { enum: ['agent', 'timer'] }),
  },
  (t) => [index('calling_breaks_user').on(t.companyId, t.userId, t.startedAt)],
);

/** In-house dialer campaigns (spec 7 "inhouse autodial create"): a supervisor creates and switches them. */
export const callingCampaigns = pgTable(
  'calling_campaigns',
  {
    campaignId: id('campaign_id'),
    companyId: text('company_id').notNull().references(companyRef),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['autodialer', 'predictive', 'inbound'] }).notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('calling_campaigns_name').on(t.companyId, t.name)],
);
export type CampaignRow = typeof callingCampaigns.$inferSelect;

/** A campaign's call list (spec 7 "campaign call-list add"): one row per loan, dialed or flushed once. */
export const callingCallList = pgTable(
  'calling_call_list',
  {
    companyId: text('company_id').notNull().references(companyRef),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => callingCampaigns.campaignId),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    /** Where the entry came from: 'filter' (the in-house filter) or 'loan_ids'. */
    source: text('source').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: instant('added_at').notNull().defaultNow(),
    dialedAt: instant('dialed_at'),
    dialedBy: text('dialed_by'),
    /** Set by an autodial login with flush_undialed_list Yes: the entry leaves the queue undialed. */
    flushedAt: instant('flushed_at'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.loanId] }), index('calling_call_list_queue').on(t.companyId, t.campaignId, t.dialedAt)],
);

/** Barge, whisper and force transfer taken by supervisors on agents' calls (spec 4 dialer actions). */
export const callingSupervisorActions = pgTable(
  'calling_supervisor_actions',
  {
    actionId: id('action_id'),
    companyId: text('company_id').notNull().references(companyRef),
    callId: text('call_id')
      .notNull()
      .references(() => callingCalls.callId),
    agentId: text('agent_id').notNull(),
    supervisorId: text('supervisor_id').notNull(),
    supervisorName: text('supervisor_name').notNull(),
    action: text('action', { enum: ['barge', 'whisper', 'force_transfer'] }).notNull(),
    transferTo: text('transfer_to'),
    transferToName: text('transfer_to_name'),
    /**
     * Softphone calls: the SIP address the agent's browser acts on (the supervisor's, whom it calls
     * in for barge and whisper; the new agent's, to whom it refers the borrower). Null: the provider did it.
     */
    sipTarget: text('sip_target'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('calling_supervisor_actions_call').on(t.callId, t.createdAt)],
);
export type SupervisorActionRow = typeof callingSupervisorActions.$inferSelect;

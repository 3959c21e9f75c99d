/**
 * An agent's dialer status in a campaign (issue 14; spec 7 "GET / PATCH campaign user status"):
 * vendor_event auto_call_off turns the agent's dialer off in the campaign — the predictive and
 * inbound dialers route them no call (agent-routing.ts freeAgents) — until auto_call_on, or until
 * its event_time_limit runs out; event / event_type say why (a break, a status reason) and
 * dialer_off_event (microphone_off, microphone_not_connected) records that the microphone is off,
 * kept as the agent's spec 3 microphone state too. Kept on the agent's status row (one per agent
 * and company, as their autodial session is).
 */
import { and, eq } from 'drizzle-orm';
import type { CallType } from '../../../domain/calling/call-states';
import type { MicrophoneState, VendorEvent } from '../../../domain/calling/campaigns';
import { DIALER_OFF_EVENT_NEEDS_OFF, dialerOffAt, isSupervisory, NOT_IN_CAMPAIGN } from '../../../domain/calling/campaigns';
import type { CampaignUserStatus, CampaignUserStatusBody } from '../../../domain/contracts/calling/campaigns';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/caller';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/events';
import { announce } from './agent-routing';
import { campaignOf } from './campaigns-service';
import { callingAgentStatus } from './schema';
import { agentsOf } from './supervisor-service';

/** The agent whose status is read or changed: the caller, or an agent of a supervisor's scope. @throws 403, 404 */
async function agentFor(db: Db, caller: Caller, userId: string | undefined): Promise<string> {
  if (!userId || userId === caller.user.userId) return caller.user.userId;
  if (!isSupervisory(caller.user)) throw forbidden("Only telecalling supervisors and admins can change another agent's dialer");
  if ((await agentsOf(db, caller, userId)).length === 0) throw notFound('User not found');
  return userId;
}

/** GET /calling/campaigns/{id}/user-status. @throws 403, 404 (campaign, user) */
export async function campaignUserStatus(db: Db, caller: Caller, campaignId: string, userId: string | undefined, now: Date): Promise<CampaignUserStatus> {
  await campaignOf(db, caller.companyId, campaignId);
  const agentId = await agentFor(db, caller, userId);
  const [row] = await db.select().from(callingAgentStatus).where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, agentId)));
  const here = row?.campaignId === campaignId;
  const vendorEvent = here ? ((row.vendorEvent as VendorEvent | null) ?? null) : null;
  const offUntil = here ? row.dialerOffUntil : null;
  return {
    campaign_id: campaignId,
    user_id: agentId,
    logged_in: Boolean(here && row.autodialActive),
    dialer_on: Boolean(here && row.autodialActive) && !dialerOffAt(vendorEvent, offUntil, now),
    vendor_event: vendorEvent,
    call_type: here ? ((row.vendorCallType as CallType | null) ?? null) : null,
    event: here ? row.vendorEventName : null,
    event_type: here ? row.vendorEventType : null,
    event_time_limit: here ? row.vendorEventTimeLimit : null,
    dialer_off_until: offUntil?.toISOString() ?? null,
    dialer_off_event: here ? ((row.dialerOffEvent as MicrophoneState | null) ?? null) : null,
    microphone: (row?.microphone as MicrophoneState | null) ?? null,
    updated_at: here ? (row.vendorEventAt?.toISOString() ?? null) : null,
  };
}

/**
 * PATCH /calling/campaigns/{id}/user-status: the agent must be logged into the campaign. auto_call_off
 * keeps event, event_type, event_time_limit (the dialer is on again after it) and dialer_off_event
 * (also the agent's microphone state); auto_call_on clears them and the microphone state. The
 * supervisors' live views are told.
 * @throws 400 dialer_off_event with auto_call_on; 403; 404 campaign or user; 409 not logged into the campaign
 */
export async function updateCampaignUserStatus(db: Db, caller: Caller, campaignId: string, body: CampaignUserStatusBody, now: Date, events: EventBus): Promise<CampaignUserStatus> {
  if (body.dialer_off_event && body.vendor_event !== 'auto_call_off') throw badRequest(DIALER_OFF_EVENT_NEEDS_OFF);
  await campaignOf(db, caller.companyId, campaignId);
  const agentId = await agentFor(db, caller, body.user_id);
  const off = body.vendor_event === 'auto_call_off';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(callingAgentStatus)
      .set({
        vendorEvent: body.vendor_event,
        vendorCallType: body.call_type,
        vendorEventName: body.event ?? null,
        vendorEventType: body.event_type ?? null,
        vendorEventTimeLimit: off ? (body.event_time_limit ?? null) : null,
        dialerOffUntil: off && body.event_time_limit ? new Date(now.getTime() + body.event_time_limit * 1000) : null,
        dialerOffEvent: off ? (body.dialer_off_event ?? null) : null,
        // The microphone state travels with the dialer: off with dialer_off_event, working again with auto_call_on.
        ...(off && body.dialer_off_event ? { microphone: body.dialer_off_event } : {}),
        ...(!off ? { microphone: null } : {}),
        vendorEventAt: now,
        updatedAt: now,
      })
      .where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, agentId), eq(callingAgentStatus.campaignId, campaignId), eq(callingAgentStatus.autodialActive, true)))
      .returning({ userId: callingAgentStatus.userId });
    if (!row) throw conflict(NOT_IN_CAMPAIGN);
    await announce(events, tx, caller.companyId, agentId, null);
  });
  return campaignUserStatus(db, caller, campaignId, agentId, now);
}

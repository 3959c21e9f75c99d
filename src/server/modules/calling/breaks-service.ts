/**
 * Agent status and breaks (spec 3 agent status, spec 4 "Breaks", spec 9): a break is one of the
 * company's predictive/inbound breaks with its minutes; auto calls go off while it lasts
 * (`auto_call_off`) and on again after (`auto_call_on`); reading the status ends a break with no
 * time left (the countdown reached zero), so a reload resumes a running break or finds it ended.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { breakSeconds } from '../../../domain/calling/breaks';
import { CALL_STATES } from '../../../domain/calling/call-states';
import type { AgentStatusReason, MicrophoneState } from '../../../domain/calling/campaigns';
import type { AgentStatusBody } from '../../../domain/contracts/calling/campaigns';
import type { AgentStatusRecord } from '../../../domain/contracts/calling/calls';
import type { Db, DbOrTx } from '../../db/client';
import type { Caller } from '../../http/caller';
import { badRequest, conflict } from '../../http/errors';
import { callingAgentStatus, callingBreaks, callingCalls } from './schema';
import { callerModes } from './settings-service';

const LIVE = CALL_STATES.filter((s) => s !== 'Call Ended' && s !== 'Call Failed');

async function hasLiveCall(db: DbOrTx, caller: Caller): Promise<boolean> {
  const rows = await db
    .select({ state: callingCalls.state })
    .from(callingCalls)
    .where(and(eq(callingCalls.companyId, caller.companyId), eq(callingCalls.agentId, caller.user.userId)))
    .orderBy(desc(callingCalls.createdAt))
    .limit(1);
  return rows.length > 0 && (LIVE as readonly string[]).includes(rows[0].state);
}

/** Ends the open break log entry of the agent. */
async function closeBreak(db: DbOrTx, caller: Caller, at: Date, by: 'agent' | 'timer') {
  await db
    .update(callingBreaks)
    .set({ endedAt: at, endedBy: by })
    .where(and(eq(callingBreaks.companyId, caller.companyId), eq(callingBreaks.userId, caller.user.userId), isNull(callingBreaks.endedAt)));
  await db
    .update(callingAgentStatus)
    .set({ status: 'available', breakName: null, breakType: null, breakStartedAt: null, breakEndsAt: null, updatedAt: at })
    .where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, caller.user.userId)));
}

/** GET /calling/breaks: the agent's status; a break whose time is up is ended here (by the timer). */
export async function agentStatus(db: Db, caller: Caller, now: Date): Promise<AgentStatusRecord> {
  const [row] = await db.select().from(callingAgentStatus).where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, caller.user.userId)));
  if (row?.status === 'on_break' && row.breakEndsAt) {
    const remaining = Math.ceil((row.breakEndsAt.getTime() - now.getTime()) / 1000);
    if (remaining > 0) {
      return {
        status: 'on_break',
        break_name: row.breakName,
        break_type: row.breakType,
        break_started_at: row.breakStartedAt?.toISOString() ?? null,
        break_ends_at: row.breakEndsAt.toISOString(),
        remaining_seconds: remaining,
        auto_call: 'auto_call_off',
        server_time: now.toISOString(),
        status_reason: (row.statusReason as AgentStatusReason | null) ?? null,
        microphone: (row.microphone as MicrophoneState | null) ?? null,
      };
    }
    await db.transaction((tx) => closeBreak(tx, caller, row.breakEndsAt!, 'timer'));
  }
  return {
    status: (await hasLiveCall(db, caller)) ? 'on_call' : 'available',
    break_name: null,
    break_type: null,
    break_started_at: null,
    break_ends_at: null,
    remaining_seconds: 0,
    auto_call: 'auto_call_on',
    server_time: now.toISOString(),
    status_reason: (row?.statusReason as AgentStatusReason | null) ?? null,
    microphone: (row?.microphone as MicrophoneState | null) ?? null,
  };
}

/**
 * PATCH /calling/agent-status (spec 3 agent status reasons, spec 4 "set inactive"): the reason the
 * agent is inactive (null: active again) and the microphone state the dialer reports. A microphone
 * that is off or not connected makes the agent inactive with that reason (spec 4: the dialer-off
 * event is sent when the microphone is off).
 */
export async function setAgentStatus(db: Db, caller: Caller, body: AgentStatusBody, now: Date): Promise<AgentStatusRecord> {
  const microphone = body.microphone === undefined ? undefined : body.microphone;
  const reason = body.status_reason ?? (microphone ? microphone : null);
  const values = { statusReason: reason, ...(microphone !== undefined ? { microphone } : {}), updatedAt: now };
  await db
    .insert(callingAgentStatus)
    .values({ companyId: caller.companyId, userId: caller.user.userId, ...values })
    .onConflictDoUpdate({ target: [callingAgentStatus.companyId, callingAgentStatus.userId], set: values });
  return agentStatus(db, caller, now);
}

/**
 * POST /calling/breaks: starts one of the company's breaks for its minutes.
 * @throws 400 unknown break or one of 0 minutes; 409 already on a break or on a call
 */
export async function startBreak(db: Db, caller: Caller, breakName: string, now: Date): Promise<AgentStatusRecord> {
  const modes = await callerModes(db, caller);
  const option = modes.breaks.find((b) => b.break_name === breakName);
  if (!option) throw badRequest(`Unknown break: ${breakName}`);
  const seconds = breakSeconds(option.break_duration);
  if (seconds === 0) throw badRequest(`${breakName} has no time configured`);
  const current = await agentStatus(db, caller, now);
  if (current.status === 'on_break') throw conflict('You are already on a break');
  if (current.status === 'on_call') throw conflict('End the call before taking a break');
  const endsAt = new Date(now.getTime() + seconds * 1000);
  await db.transaction(async (tx) => {
    const values = { status: 'on_break' as const, breakName, breakType: option.break_type, breakStartedAt: now, breakEndsAt: endsAt, updatedAt: now };
    await tx
      .insert(callingAgentStatus)
      .values({ companyId: caller.companyId, userId: caller.user.userId, ...values })
      .onConflictDoUpdate({ target: [callingAgentStatus.companyId, callingAgentStatus.userId], set: values });
    await tx.insert(callingBreaks).values({ companyId: caller.companyId, userId: caller.user.userId, breakName, breakType: option.break_type, startedAt: now, plannedEndAt: endsAt });
  });
  return agentStatus(db, caller, now);
}

/** POST /calling/breaks/end: back to work (nothing to do when not on a break). */
export async function endBreak(db: Db, caller: Caller, now: Date): Promise<AgentStatusRecord> {
  const current = await agentStatus(db, caller, now);
  if (current.status === 'on_break') await db.transaction((tx) => closeBreak(tx, caller, now, 'agent'));
  return agentStatus(db, caller, now);
}

/**
 * Supervisors' overrides (issue 13: "an override needs a reason and is audited"): one contact of a
 * loan on a channel allowed outside a rule an override may lift, until the end of the borrower's
 * local day. Granting writes the user audit trail and the loan's timeline; decide() uses it up.
 */
import { and, desc, eq } from 'drizzle-orm';
import { localDayStart } from '../../../domain/compliance/local-time';
import { zoneOfAddress } from '../../../domain/compliance/zones';
import type { OverrideBody, OverrideRecord } from '../../../domain/contracts/compliance/check';
import type { DbOrTx } from '../../db/client';
import type { AuditLog } from '../../http/caller';
import { notFound } from '../../http/errors';
import { addLoanEvents, loanContactFacts } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import { NO_LOAN } from './decide';
import { rulesInForce } from './rules-service';
import { complianceOverrides } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

function toRecord(o: typeof complianceOverrides.$inferSelect, name: string | null): OverrideRecord {
  return {
    override_id: o.overrideId,
    loan_id: o.loanId,
    channel: o.channel,
    reason: o.reason,
    granted_by: o.grantedBy,
    granted_by_name: name,
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    used_at: o.usedAt?.toISOString() ?? null,
  };
}

/** POST /compliance/overrides. @throws 404 'No loan details found' */
export async function grantOverride(db: DbOrTx, audit: AuditLog, companyId: string, actor: { userId: string; name: string }, body: OverrideBody, now: Date): Promise<OverrideRecord> {
  const facts = await loanContactFacts(db, companyId, body.loan_id);
  if (!facts) throw notFound(NO_LOAN);
  const rules = await rulesInForce(db, companyId, now);
  const zone = zoneOfAddress(rules.country, facts.state, rules.default_time_zone);
  const expiresAt = new Date(localDayStart(now, zone).getTime() + DAY_MS);
  const [row] = await db
    .insert(complianceOverrides)
    .values({ companyId, loanId: facts.loanId, channel: body.channel, reason: body.reason, grantedBy: actor.userId, createdAt: now, expiresAt })
    .returning();
  await audit.record(db, { companyId, actorUserId: actor.userId, action: 'compliance_override_granted', details: { override_id: row.overrideId, loan_id: facts.loanId, channel: body.channel, reason: body.reason } });
  await addLoanEvents(db, [
    {
      companyId,
      loanId: facts.loanId,
      allocationMonth: facts.allocationMonth,
      kind: 'compliance',
      module: body.channel,
      remark: `Override granted for one ${body.channel.replace('_', ' ')} contact: ${body.reason}`,
      details: { override_id: row.overrideId, channel: body.channel },
      authorId: actor.userId,
      createdAt: now,
    },
  ]);
  return toRecord(row, actor.name);
}

/** GET /compliance/overrides: the latest 100, optionally one loan's. */
export async function listOverrides(db: DbOrTx, companyId: string, loanId?: string): Promise<OverrideRecord[]> {
  const names = userNamesSubquery(db, 'granted_by_users');
  const where = loanId ? and(eq(complianceOverrides.companyId, companyId), eq(complianceOverrides.loanId, loanId)) : eq(complianceOverrides.companyId, companyId);
  const rows = await db
    .select({ o: complianceOverrides, name: names.name })
    .from(complianceOverrides)
    .leftJoin(names, eq(names.userId, complianceOverrides.grantedBy))
    .where(where)
    .orderBy(desc(complianceOverrides.createdAt))
    .limit(100);
  return rows.map((r) => toRecord(r.o, r.name));
}

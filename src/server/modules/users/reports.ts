/**
 * User reports (spec 3 "User report types"): built from sessions, login attempts and the user
 * audit trail, limited to users of one company. Durations are whole minutes; times ISO UTC.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userReportPage, userReportQuery } from '../../../domain/contracts/users';
import type { Db } from '../../db/client';
import { isoSql } from '../../db/sql-helpers';
import { badRequest } from '../../http/errors';
import { sessions } from '../auth/schema';
import { userAudit, userCompanies, users } from './schema';

type Query = z.infer<typeof userReportQuery>;
type Page = z.infer<typeof userReportPage>;
type Cell = string | number | boolean | null;

function dateRange(column: Parameters<typeof gte>[0], query: Query): SQL[] {
  const parse = (value: string | undefined, name: string) => {
    if (!value) return null;
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) throw badRequest(`${name} is not a valid date`);
    return d;
  };
  const start = parse(query.start_date, 'start_date');
  const end = parse(query.end_date, 'end_date');
  const out: SQL[] = [];
  if (start) out.push(gte(column, start));
  // A date-only end (2024-05-31) includes that whole day.
  if (end) out.push(lt(column, query.end_date && /^\d{4}-\d{2}-\d{2}$/.test(query.end_date) ? new Date(end.getTime() + 86_400_000) : end));
  return out;
}

const sessionEnd = sql`coalesce(${sessions.endedAt}, ${sessions.lastSeenAt})`;
const minutesSql = (from: SQL | typeof sessions.createdAt, to: SQL) => sql<number>`floor(extract(epoch from (${to} - ${from})) / 60)::int`;

/** Runs one report for the company. @throws AppError 400 for unparsable dates. */
export async function userReport(db: Db, companyId: string, query: Query): Promise<Page> {
  const limit = query.page_size;
  const offset = (query.page_number - 1) * query.page_size;
  const member = and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, sessions.userId));
  const page = (columns: string[], rows: Record<string, Cell>[], total: number): Page => ({
    report_type: query.report_type,
    columns,
    rows,
    total,
    page_number: query.page_number,
    page_size: query.page_size,
  });

  switch (query.report_type) {
    case 'detailed_login_session':
    case 'detailed_activity_session': {
      const where = and(...dateRange(sessions.createdAt, query));
      const base = db.select({ total: count() }).from(sessions).innerJoin(userCompanies, member).innerJoin(users, eq(users.userId, sessions.userId)).where(where);
      const rows = await db
        .select({
          session_id: sessions.sessionId,
          user_id: users.userId,
          name: users.name,
          email: users.email,
          login_at: isoSql(sessions.createdAt),
          last_seen_at: isoSql(sessions.lastSeenAt),
          logout_at: isoSql(sessions.endedAt),
          duration_minutes: minutesSql(sessions.createdAt, sessionEnd),
          end_reason: sessions.endReason,
          ip: sessions.ip,
          source: sessions.source,
        })
        .from(sessions)
        .innerJoin(userCompanies, member)
        .innerJoin(users, eq(users.userId, sessions.userId))
        .where(where)
        .orderBy(desc(sessions.createdAt))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await base;
      const columns =
        query.report_type === 'detailed_login_session'
          ? ['session_id', 'user_id', 'name', 'email', 'login_at', 'logout_at', 'duration_minutes', 'end_reason', 'ip', 'source']
          : ['session_id', 'user_id', 'name', 'email', 'login_at', 'last_seen_at', 'duration_minutes', 'end_reason'];
      return page(columns, rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c as keyof typeof r] ?? null]))), total);
    }
    case 'session_summary': {
      const sessionJoin = and(eq(sessions.userId, users.userId), ...dateRange(sessions.createdAt, query));
      const rows = await db
        .select({
          user_id: users.userId,
          name: users.name,
          email: users.email,
          sessions: sql<number>`count(${sessions.sessionId})::int`,
          total_minutes: sql<number>`coalesce(sum(floor(extract(epoch from (${sessionEnd} - ${sessions.createdAt})) / 60)), 0)::int`,
          last_login_at: isoSql(sql`max(${sessions.createdAt})`),
        })
        .from(userCompanies)
        .innerJoin(users, eq(users.userId, userCompanies.userId))
        .leftJoin(sessions, sessionJoin)
        .where(eq(userCompanies.companyId, companyId))
        .groupBy(users.userId, users.name, users.email)
        .orderBy(asc(users.name))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(userCompanies).where(eq(userCompanies.companyId, companyId));
      return page(['user_id', 'name', 'email', 'sessions', 'total_minutes', 'last_login_at'], rows, total);
    }
    case 'user_audit': {
      const where = and(eq(userAudit.companyId, companyId), ...dateRange(userAudit.createdAt, query));
      const rows = await db
        .select({
          created_at: isoSql(userAudit.createdAt),
          action: userAudit.action,
          actor_user_id: userAudit.actorUserId,
          target_user_id: userAudit.targetUserId,
          details: sql<string>`${userAudit.details}::text`,
        })
        .from(userAudit)
        .where(where)
        .orderBy(desc(userAudit.createdAt), desc(userAudit.id))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(userAudit).where(where);
      return page(['created_at', 'action', 'actor_user_id', 'target_user_id', 'details'], rows, total);
    }
    case 'users': {
      const rows = await db
        .select({
          user_id: users.userId,
          name: users.name,
          email: users.email,
          user_type: users.userType,
          profession: users.profession,
          team: users.team,
          location: users.location,
          active: userCompanies.active,
          created_at: isoSql(users.createdAt),
        })
        .from(userCompanies)
        .innerJoin(users, eq(users.userId, userCompanies.userId))
        .where(eq(userCompanies.companyId, companyId))
        .orderBy(asc(users.name))
        .limit(limit)
        .offset(offset);
      const [{ total }] = await db.select({ total: count() }).from(userCompanies).where(eq(userCompanies.companyId, companyId));
      return page(['user_id', 'name', 'email', 'user_type', 'profession', 'team', 'location', 'active', 'created_at'], rows, total);
    }
  }
}

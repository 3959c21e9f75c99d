/**
 * User reports (spec 3 "User report types"; `GET /user/reports/users`): the sign-in reports built
 * from this area's sessions (session summary, detailed login session, detailed activity session),
 * and the users area's "user audit" and "users" reports, served from one endpoint.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { UserReportPage as Page, UserReportQuery as Query } from '../../../../domain/contracts/auth/reports';
import type { Db } from '../../../db/client';
import { isoSql } from '../../../db/sql-helpers';
import { dateRange, membersSubquery, membershipReport, reportPage } from '../../users/queries';
import { sessions } from '../schema';

const sessionEnd = sql`coalesce(${sessions.endedAt}, ${sessions.lastSeenAt})`;
const minutesSql = (from: SQL | typeof sessions.createdAt, to: SQL) => sql<number>`floor(extract(epoch from (${to} - ${from})) / 60)::int`;

/**
 * Runs one user report for the company: sign-in reports here, the others in the users area.
 * @throws AppError 400 for unparsable dates
 */
export async function userReport(db: Db, companyId: string, query: Query): Promise<Page> {
  if (query.report_type === 'user_audit' || query.report_type === 'users') return membershipReport(db, companyId, { ...query, report_type: query.report_type });
  const limit = query.page_size;
  const offset = (query.page_number - 1) * query.page_size;
  const members = membersSubquery(db, companyId);

  if (query.report_type === 'session_summary') {
    const sessionJoin = and(eq(sessions.userId, members.userId), ...dateRange(sessions.createdAt, query));
    const rows = await db
      .select({
        user_id: members.userId,
        name: members.name,
        email: members.email,
        sessions: sql<number>`count(${sessions.sessionId})::int`,
        total_minutes: sql<number>`coalesce(sum(floor(extract(epoch from (${sessionEnd} - ${sessions.createdAt})) / 60)), 0)::int`,
        last_login_at: isoSql(sql`max(${sessions.createdAt})`),
      })
      .from(members)
      .leftJoin(sessions, sessionJoin)
      .groupBy(members.userId, members.name, members.email)
      .orderBy(asc(members.name))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await db.select({ total: count() }).from(members);
    return reportPage(query, ['user_id', 'name', 'email', 'sessions', 'total_minutes', 'last_login_at'], rows, total);
  }

  const where = and(...dateRange(sessions.createdAt, query));
  const rows = await db
    .select({
      session_id: sessions.sessionId,
      user_id: members.userId,
      name: members.name,
      email: members.email,
      login_at: isoSql(sessions.createdAt),
      last_seen_at: isoSql(sessions.lastSeenAt),
      logout_at: isoSql(sessions.endedAt),
      duration_minutes: minutesSql(sessions.createdAt, sessionEnd),
      end_reason: sessions.endReason,
      ip: sessions.ip,
      source: sessions.source,
    })
    .from(sessions)
    .innerJoin(members, eq(members.userId, sessions.userId))
    .where(where)
    .orderBy(desc(sessions.createdAt))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sessions).innerJoin(members, eq(members.userId, sessions.userId)).where(where);
  const columns =
    query.report_type === 'detailed_login_session'
      ? ['session_id', 'user_id', 'name', 'email', 'login_at', 'logout_at', 'duration_minutes', 'end_reason', 'ip', 'source']
      : ['session_id', 'user_id', 'name', 'email', 'login_at', 'last_seen_at', 'duration_minutes', 'end_reason'];
  return reportPage(query, columns, rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c as keyof typeof r] ?? null]))), total);
}

/**
 * The user reports of spec 3 "User report types" that read this area's tables: "user audit" (the
 * audit trail) and "users" (the company's members). The sign-in reports (session summary,
 * detailed login and activity sessions) are the auth area's, which also serves the endpoint.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ReportCell as Cell, UserReportPage as Page, UserReportQuery as Query } from '../../../domain/contracts/auth/reports';
import type { Db } from '../../db/client';
import { isoSql } from '../../db/sql-helpers';
import { badRequest } from '../../http/errors';
import { userAudit, userCompanies, users } from './schema';

/** The `created_at` bounds of a report query (a date-only end includes that whole day). @throws 400 for unparsable dates. */
export function dateRange(column: Parameters<typeof gte>[0], query: Query): SQL[] {
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

/** The report's page from its columns, rows and total. */
export function reportPage(query: Query, columns: string[], rows: Record<string, Cell>[], total: number): Page {
  return { report_type: query.report_type, columns, rows, total, page_number: query.page_number, page_size: query.page_size };
}

/**
 * The "user_audit" and "users" reports of a company.
 * @throws AppError 400 for unparsable dates
 */
export async function membershipReport(db: Db, companyId: string, query: Query & { report_type: 'user_audit' | 'users' }): Promise<Page> {
  const limit = query.page_size;
  const offset = (query.page_number - 1) * query.page_size;
  const page = (columns: string[], rows: Record<string, Cell>[], total: number) => reportPage(query, columns, rows, total);
  switch (query.report_type) {
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

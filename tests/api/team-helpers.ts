/**
 * Field teams for the issue 5 API tests, built through the user-management API as an admin would:
 * two area-manager roles (North, South) under the demo 'Collection Head', each with a field
 * executive role under it, one area manager per area and field executives in each.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AllocatedLoan, AllocationResponse, VisitRecord } from '../../src/domain/contracts/field/visits';
import { DEMO_PASSWORD, headers, LENDER, signIn } from './helpers';

export interface TeamUser {
  userId: string;
  email: string;
  name: string;
  h: Record<string, string>;
}

export interface Teams {
  admin: Record<string, string>;
  /** manager@demo.in: Collection Head, above both areas. */
  head: TeamUser;
  north: { manager: TeamUser; executives: TeamUser[] };
  south: { manager: TeamUser; executives: TeamUser[] };
  /** fos@demo.in: the demo executive, under the demo 'Area Manager' role. */
  demoFos: TeamUser;
}

async function json<T>(res: { statusCode: number; body: string; json(): unknown }, what: string): Promise<T> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

async function signedIn(app: FastifyInstance, email: string): Promise<TeamUser> {
  const login = await signIn(app, email);
  return { userId: login.user.user_id, email, name: login.user.name, h: headers(login.token, LENDER) };
}

/**
 * Creates the North and South teams (`perTeam` executives each, emails `<tag>.fe<n>@<area>.test`)
 * with the demo profiles 'Manager' and 'Field Executive'.
 */
export async function buildTeams(app: FastifyInstance, tag: string, perTeam = 2): Promise<Teams> {
  const admin = headers((await signIn(app, 'admin@demo.in')).token, LENDER);
  const roles = (await json<{ roles: { role_id: string; role_name: string }[] }>(await app.inject({ url: '/api/user/roles', headers: admin }), 'roles')).roles;
  const profiles = (await json<{ profiles: { profile_id: string; profile_name: string }[] }>(await app.inject({ url: '/api/user/profiles', headers: admin }), 'profiles')).profiles;
  const head = roles.find((r) => r.role_name === 'Collection Head')!;
  const profile = (name: string) => profiles.find((p) => p.profile_name === name)!.profile_id;
  const role = async (name: string, parent: string) =>
    (await json<{ role_id: string }>(await app.inject({ method: 'POST', url: '/api/user/roles', headers: admin, payload: { role_name: name, reports_to_role_id: parent } }), `role ${name}`)).role_id;
  const user = async (email: string, name: string, profession: string, roleId: string, profileName: string, team: string) => {
    await json(
      await app.inject({
        method: 'POST',
        url: '/api/user/company/users',
        headers: admin,
        payload: { name, email, password: DEMO_PASSWORD, user_type: 'user', profession, team, location: team, role_id: roleId, profile_id: profile(profileName) },
      }),
      `user ${email}`,
    );
    return signedIn(app, email);
  };
  const area = async (label: 'North' | 'South') => {
    const am = await role(`${tag} AM ${label}`, head.role_id);
    const fe = await role(`${tag} FE ${label}`, am);
    const manager = await user(`${tag}.am@${label.toLowerCase()}.test`, `${label} Manager ${tag}`, 'area manager', am, 'Manager', `${tag}-${label}`);
    const executives: TeamUser[] = [];
    for (let i = 1; i <= perTeam; i += 1) executives.push(await user(`${tag}.fe${i}@${label.toLowerCase()}.test`, `${label} Executive ${i} ${tag}`, 'field executive', fe, 'Field Executive', `${tag}-${label}`));
    return { manager, executives };
  };
  return { admin, head: await signedIn(app, 'manager@demo.in'), north: await area('North'), south: await area('South'), demoFos: await signedIn(app, 'fos@demo.in') };
}

/** Allocates `loanIds` of `month` to `user` through a loan operation and waits until it completes. */
export async function allocateLoans(app: FastifyInstance, admin: Record<string, string>, user: TeamUser, month: string, loanIds: string[]): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: admin, payload: { operation_type: 'allocate_loans', allocation_month: month, loan_ids: loanIds, user_id: user.userId } });
  const { id } = await json<{ id: string }>(res, 'allocate');
  for (;;) {
    const op = await json<{ status: string }>(await app.inject({ url: `/api/bulk/loan-operations/${id}`, headers: admin }), 'operation');
    if (op.status === 'completed') return;
    if (op.status !== 'initiated' && op.status !== 'in_progress') throw new Error(`allocation ${op.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The executive's allocation as the field app reads it, loans by loan_id. */
export async function allocationOf(app: FastifyInstance, user: TeamUser): Promise<AllocationResponse> {
  const data = await json<AllocationResponse>(await app.inject({ url: '/api/fos/allocation', headers: user.h }), 'allocation');
  return { ...data, loans: [...data.loans].sort((a, b) => a.loan_id.localeCompare(b.loan_id)) };
}

/** A tiny JPEG for visit photos. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('photo'), Buffer.from([0xff, 0xd9])]);

/**
 * POST /api/fos/visits as the phone sends it (multipart: the visit's JSON and `photos`) with headers
 * `h`, at the loan's address point with 10 m accuracy, checked in now, 'Door Locked' unless `over`
 * says otherwise (`over` may set any field, checked_in_at and payment_link included). The raw answer,
 * whatever its status. `idempotencyKey`: the outbox item's key (a fresh one when not given), so a
 * test can replay the same write.
 */
export function postVisitRaw(app: FastifyInstance, h: Record<string, string>, loan: AllocatedLoan, over: Record<string, unknown> = {}, opts: { idempotencyKey?: string; photos?: Buffer[] } = {}): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append(
    'visit',
    JSON.stringify({
      loan_id: loan.loan_id,
      allocation_month: loan.allocation_month,
      latitude: loan.latitude,
      longitude: loan.longitude,
      accuracy_m: 10,
      checked_in_at: new Date().toISOString(),
      person_met: 'Borrower',
      disposition: 'Door Locked',
      ...over,
    }),
  );
  for (const p of opts.photos ?? []) form.append('photos', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), 'p.jpg');
  return app.inject({ method: 'POST', url: '/api/fos/visits', headers: { ...h, 'idempotency-key': opts.idempotencyKey ?? randomUUID() }, payload: form });
}

/** postVisitRaw as `user`, the visit answered. @throws unless it answers 200 */
export async function postVisit(app: FastifyInstance, user: TeamUser, loan: AllocatedLoan, over: Record<string, unknown> = {}, photos: Buffer[] = [], idempotencyKey?: string): Promise<VisitRecord> {
  return json<VisitRecord>(await postVisitRaw(app, user.h, loan, over, { photos, idempotencyKey }), 'visit');
}

/**
 * Field teams for the issue 5 API tests, built through the user-management API as an admin would:
 * two area-manager roles (North, South) under the demo 'Collection Head', each with a field
 * executive role under it, one area manager per area and field executives in each.
 */
import type { FastifyInstance } from 'fastify';
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

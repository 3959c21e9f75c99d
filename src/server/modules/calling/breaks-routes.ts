/** Routes of the agent's status and breaks (issue 14; spec 3, 4, 9). */
import * as calls from '../../../domain/contracts/calling/calls';
import type { RouteGroup } from '../../http/area';
import type { Caller } from '../../http/caller';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { agentStatus, endBreak, startBreak } from './breaks-service';
import { announcedStatus } from './agent-routing';

export const breaksRoutes: RouteGroup = async (app, deps) => {
  const { db, clock, events } = deps;
  const serve = endpointServer(app, deps);
  const announced = <T>(caller: Caller, done: T) => announcedStatus(events, db, caller, done);
  await serve(calls.getAgentStatus, async ({ req }) => ok(await agentStatus(db, callerOf(req), clock.now())));
  await serve(calls.startBreak, async ({ req, body }) => ok(await announced(callerOf(req), await startBreak(db, callerOf(req), body.break_name, clock.now())), 'Break started'));
  await serve(calls.endBreak, async ({ req }) => ok(await announced(callerOf(req), await endBreak(db, callerOf(req), clock.now())), 'Welcome back'));
};

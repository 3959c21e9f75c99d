/**
 * The calling area's front door (issue 14 "Calling desk"): the telecaller's working day — a queue
 * of allocated loans, click-to-call through the compliance decision over a cloud telephony
 * adapter (Exotel's protocol; a local telephony simulator by default), call states, dispositions
 * with PTPs and callbacks, reminders, call details and breaks; campaigns and call lists, autodial
 * login, and the telecalling supervisor's live view with barge, whisper and force transfer.
 */
import { defineArea } from '../../http/area';
import { breaksRoutes } from './breaks-routes';
import { campaignsRoutes } from './campaigns-routes';
import { seedCallingDemo } from './demo-seed';
import { callingRoutes } from './routes';
import * as tables from './schema';

export default defineArea({ name: 'calling', tables, routes: [callingRoutes, breaksRoutes, campaignsRoutes], demoSeed: seedCallingDemo });

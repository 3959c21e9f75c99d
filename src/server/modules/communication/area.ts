/**
 * The communication area's front door (spec 1 "communication and chat messaging"; spec 2
 * /app/communication, /app/customer/communication, the digital communication tab of bulk
 * operations). An empty skeleton added by docs/adding-an-area.md: messages, templates, channels
 * and campaigns arrive with their issue.
 */
import { defineArea } from '../../http/area';

export default defineArea({ name: 'communication' });

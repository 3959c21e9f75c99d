/**
 * The communication area's front door (issue 13 "Communication"; spec 1 "communication and chat
 * messaging"; spec 2 /app/communication, /app/customer/communication, the digital communication
 * tab of bulk operations): templates per company and language, one-to-one messages through the
 * compliance decision, the providers' adapters and callbacks (SMS via Exotel, WhatsApp Cloud API,
 * SMTP, and the local provider by default), campaigns as a durable job, and the sign-in messages
 * of auth and users (AccountMessagesPort).
 */
import { defineArea } from '../../http/area';
import { accountMessagesPort } from './account-messages';
import { CAMPAIGN_QUEUE, runCampaign, unfinishedCampaigns } from './campaign-service';
import { seedCommunicationDemo } from './demo';
import { communicationRoutes } from './routes';
import * as tables from './schema';

export default defineArea({
  name: 'communication',
  tables,
  routes: [communicationRoutes],
  demoSeed: seedCommunicationDemo,
  // Sign-in OTPs and email-change codes of auth and users (areas before this one) go out through here.
  provides: (deps) => ({ accountMessages: accountMessagesPort(deps) }),
  jobs(ctx) {
    let stopping = false;
    ctx.jobs.work<{ campaignId: string }>(CAMPAIGN_QUEUE, (data) => runCampaign(ctx.db, data.campaignId, ctx.clock, ctx.log, { keys: ctx.config, stopping: () => stopping }));
    ctx.onClose(() => {
      stopping = true;
    });
    // A campaign a stopped process left in_process resumes from its checkpoint.
    ctx.onReady(async () => {
      for (const id of await unfinishedCampaigns(ctx.db)) await ctx.jobs.send(CAMPAIGN_QUEUE, { campaignId: id });
    });
  },
});

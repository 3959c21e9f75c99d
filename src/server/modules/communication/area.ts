/**
 * The communication area's front door (issue 13 "Communication"; spec 1 "communication and chat
 * messaging"; spec 2 /app/communication, /app/customer/communication, the digital communication
 * tab of bulk operations): templates per company and language, one-to-one messages through the
 * compliance decision, the providers' adapters and callbacks (SMS via Exotel, WhatsApp Cloud API,
 * SMTP, and the local provider by default), campaigns as a durable job, and the sign-in messages
 * of auth and users (AccountMessagesPort).
 */
import { randomUUID } from 'node:crypto';
import { defineArea } from '../../http/area';
import { accountMessagesPort } from './account-messages';
import { CAMPAIGN_LEASE_MS, CAMPAIGN_QUEUE, campaignsToResume, runCampaign, unfinishedCampaigns } from './campaign-service';
import { seedCommunicationDemo } from './demo';
import { communicationRoutes } from './routes';
import * as tables from './schema';
import { resealLegacySecrets } from './settings-service';

export default defineArea({
  name: 'communication',
  tables,
  routes: [communicationRoutes],
  demoSeed: seedCommunicationDemo,
  // Sign-in OTPs and email-change codes of auth and users (areas before this one) go out through here.
  provides: (deps) => ({ accountMessages: accountMessagesPort(deps) }),
  jobs(ctx) {
    let stopping = false;
    let timer: NodeJS.Timeout | undefined;
    // This process's name on a campaign's lease: two API processes never run one campaign at once.
    const runner = randomUUID();
    ctx.jobs.work<{ campaignId: string }>(CAMPAIGN_QUEUE, (data) => runCampaign(ctx.db, data.campaignId, ctx.clock, ctx.log, { keys: ctx.config, runner, stopping: () => stopping }));
    ctx.onClose(() => {
      stopping = true;
      clearInterval(timer);
    });
    // A campaign a stopped process left in_process resumes from its checkpoint; one whose process
    // died (its lease expired) is queued again by the sweep, in whichever process sees it first.
    ctx.onReady(async () => {
      // Provider secrets saved before sealing existed are sealed now (idempotent, every start).
      const sealed = await resealLegacySecrets(ctx.db, ctx.config);
      if (sealed > 0) ctx.log.info({ sealed }, 'provider secrets stored in clear were sealed');
      for (const id of await unfinishedCampaigns(ctx.db)) await ctx.jobs.send(CAMPAIGN_QUEUE, { campaignId: id });
      const sweep = async () => {
        try {
          for (const id of await campaignsToResume(ctx.db, ctx.clock.now())) await ctx.jobs.send(CAMPAIGN_QUEUE, { campaignId: id });
        } catch (err) {
          ctx.log.error({ err }, 'campaign sweep failed');
        }
      };
      timer = setInterval(() => void sweep(), CAMPAIGN_LEASE_MS);
      timer.unref();
    });
  },
});

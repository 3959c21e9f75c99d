/**
 * Campaigns: one template to a filtered set of loans, run as a durable job (issue 13; spec 2 bulk
 * tab "digital communication", spec 4 statuses completed, failed, in_process). Every message passes
 * the compliance decision; blocked ones are counted by reason. Endpoint definitions; zod schemas in
 * ./campaigns.schema.ts. Permission: Digital Comm Campaign Management › campaigns.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { CampaignBody, CampaignRecord } from './campaigns.schema';
export type { CampaignBody, CampaignRecord };
export { CAMPAIGN_STATUSES } from './campaigns.schema';

const tags = ['communication'];
export const campaignsPermission = (access: 'read' | 'write') => ({ module: 'Digital Comm Campaign Management', action: 'campaigns', access }) as const satisfies PermissionRequirement;
const schema = () => import('./campaigns.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** POST /api/communication/campaigns: queues the campaign (in_process). @throws 404 template; 400 no loans */
export const startCampaign = endpoint({
  operation: 'communication.campaigns.start',
  method: 'POST',
  path: '/communication/campaigns',
  access: 'company',
  permission: campaignsPermission('write'),
  tags,
  summary: 'Send a template to a set of loans (ids or the loans list filters) as a background job',
  // 100,000 loan ids (CAMPAIGN_MAX_IDS) of JSON are about 1.5 MB, over Fastify's 1 MB default.
  bodyLimitBytes: 8 * 1024 * 1024,
  schemas: async () => ({ query: await company(), body: (await schema()).campaignBody, response: (await schema()).campaignRecord }),
});

/** GET /api/communication/campaigns: newest first, with progress. */
export const listCampaigns = endpoint({
  operation: 'communication.campaigns.list',
  method: 'GET',
  path: '/communication/campaigns',
  access: 'company',
  permission: campaignsPermission('read'),
  tags,
  summary: 'Campaigns with their progress and counts',
  schemas: async () => ({ query: (await schema()).campaignsQuery, response: (await schema()).campaignsPage }),
});

/** GET /api/communication/campaigns/{campaign_id}. @throws 404 'Campaign not found' */
export const getCampaign = endpoint({
  operation: 'communication.campaigns.get',
  method: 'GET',
  path: '/communication/campaigns/{campaign_id}',
  access: 'company',
  permission: campaignsPermission('read'),
  tags,
  summary: "One campaign's progress and counts (blocked by reason)",
  schemas: async () => ({ query: await company(), params: (await schema()).campaignParams, response: (await schema()).campaignRecord }),
});

/** GET /api/communication/campaigns/{campaign_id}/results: per-loan results. @throws 404 'Campaign not found' */
export const campaignResults = endpoint({
  operation: 'communication.campaigns.results',
  method: 'GET',
  path: '/communication/campaigns/{campaign_id}/results',
  access: 'company',
  permission: campaignsPermission('read'),
  tags,
  summary: "A campaign's per-loan results (optionally one status)",
  schemas: async () => ({ query: (await schema()).campaignResultsQuery, params: (await schema()).campaignParams, response: (await schema()).campaignResultsPage }),
});

/** GET /api/communication/campaigns/{campaign_id}/error-file: blocked and failed loans as CSV (loan_id, status, reason). @throws 404 campaign, or none blocked or failed */
export const campaignErrorFile = endpoint({
  operation: 'communication.campaigns.error_file',
  method: 'GET',
  path: '/communication/campaigns/{campaign_id}/error-file',
  access: 'company',
  permission: campaignsPermission('read'),
  produces: 'file',
  tags,
  summary: "A campaign's blocked and failed loans as CSV with the reason",
  schemas: async () => ({ query: await company(), params: (await schema()).campaignParams }),
});

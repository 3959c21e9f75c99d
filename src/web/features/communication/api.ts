/** Communication calls (issue 13) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { campaignErrorFile, getCampaign, listCampaigns, startCampaign } from '../../../domain/contracts/communication/campaigns';
import { getChat, listChats, sendChatReply } from '../../../domain/contracts/communication/chat';
import { listMessages, sendMessage } from '../../../domain/contracts/communication/messages';
import type { MessageChannel } from '../../../domain/contracts/communication/messages';
import { createTemplate, deleteTemplate, listTemplates, previewTemplate, updateTemplate } from '../../../domain/contracts/communication/templates';
import type { Endpoint } from '../../../domain/contracts/endpoint';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { saveDownload } from '../../lib/save-download';

export const companyInput = (companyId: string | null) => ({ query: { company_id: companyId ?? undefined } });

export function useTemplates(companyId: string | null, channel?: MessageChannel) {
  return useEndpoint(listTemplates, { query: { company_id: companyId ?? undefined, channel } }, { enabled: Boolean(companyId) });
}

/** A mutation that refreshes the given reads when it succeeds. */
function useRefreshing<E extends Endpoint>(e: E, operations: string[]) {
  const client = useQueryClient();
  return useEndpointMutation(e, { onSuccess: () => Promise.all(operations.map((op) => client.invalidateQueries({ queryKey: [op] }))) });
}

export const useCreateTemplate = () => useRefreshing(createTemplate, [listTemplates.operation]);
export const useUpdateTemplate = () => useRefreshing(updateTemplate, [listTemplates.operation]);
export const useDeleteTemplate = () => useRefreshing(deleteTemplate, [listTemplates.operation]);
export const usePreview = () => useEndpointMutation(previewTemplate);

export function useMessages(companyId: string | null, loanId: string) {
  return useEndpoint(listMessages, { query: { company_id: companyId ?? undefined, loan_id: loanId } }, { enabled: Boolean(companyId && loanId) });
}
export const useSend = () => useRefreshing(sendMessage, [listMessages.operation]);

/** Campaigns, polled every 2 s while one is in process. */
export function useCampaigns(companyId: string | null) {
  return useEndpoint(
    listCampaigns,
    { query: { company_id: companyId ?? undefined, page_number: 1, page_size: 20 } },
    { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.campaigns.some((c) => c.status === 'in_process') ? 2000 : false) },
  );
}
export const useStartCampaign = () => useRefreshing(startCampaign, [listCampaigns.operation, getCampaign.operation]);

/** A loan's WhatsApp conversation, polled every 10 s while open (the borrower may write at any time). */
export function useChat(companyId: string | null, loanId: string) {
  return useEndpoint(getChat, { query: { company_id: companyId ?? undefined, loan_id: loanId } }, { enabled: Boolean(companyId && loanId), refetchInterval: 10_000 });
}
export const useChatReply = () => useRefreshing(sendChatReply, [getChat.operation, listChats.operation, listMessages.operation]);

/** The company's WhatsApp conversations (`waiting`: the borrower wrote last), polled every 15 s. */
export function useChats(companyId: string | null, waiting: boolean) {
  return useEndpoint(listChats, { query: { company_id: companyId ?? undefined, waiting: waiting ? 'true' : undefined } }, { enabled: Boolean(companyId), refetchInterval: 15_000 });
}

/** Downloads a campaign's error file with the auth headers and saves it. */
export function saveCampaignErrors(companyId: string | null, campaignId: string): Promise<void> {
  return saveDownload(campaignErrorFile, { params: { campaign_id: campaignId }, query: { company_id: companyId ?? undefined } }, `campaign-${campaignId}-errors.csv`);
}

/** Payments calls (issue 15) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { listPaymentExceptions, resolvePaymentException, type PaymentExceptionReason, type PaymentExceptionStatus, type PaymentSource } from '../../../domain/contracts/payments/exceptions';
import { getGatewaySettings, putGatewaySettings } from '../../../domain/contracts/payments/settings';
import { createPaymentUpload, listPaymentUploads, type PaymentUploadsPage } from '../../../domain/contracts/payments/uploads';
import { endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';

export const companyInput = (companyId: string | null) => ({ query: { company_id: companyId ?? undefined } });

export function useGateways(companyId: string | null) {
  return useEndpoint(getGatewaySettings, companyInput(companyId), { enabled: Boolean(companyId) });
}

export function usePutGateway(companyId: string | null) {
  const client = useQueryClient();
  return useEndpointMutation(putGatewaySettings, { onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(getGatewaySettings, companyInput(companyId)) }) });
}

/** The exceptions queue with its filters (issue 15 reconciliation). */
export function useExceptions(companyId: string | null, filters: { status: PaymentExceptionStatus; reason?: PaymentExceptionReason; source?: PaymentSource; loan_id?: string; page_number: number; page_size: number }) {
  return useEndpoint(listPaymentExceptions, { query: { company_id: companyId ?? undefined, ...filters } }, { enabled: Boolean(companyId) });
}

/** Resolves one exception, then refetches every page of the queue. */
export function useResolveException() {
  const client = useQueryClient();
  return useEndpointMutation(resolvePaymentException, { onSuccess: () => client.invalidateQueries({ queryKey: [listPaymentExceptions.operation] }) });
}

/** Offline payment uploads, newest 20; polled every second while `poll(data)` says a job runs. */
export function usePaymentUploads(companyId: string | null, poll: (data: PaymentUploadsPage | undefined) => boolean) {
  return useEndpoint(listPaymentUploads, { query: { company_id: companyId ?? undefined, page_size: 20 } }, { enabled: Boolean(companyId), refetchInterval: (q) => (poll(q.state.data) ? 1000 : false) });
}

/** Uploads a payments file, then refetches the list. */
export function useUploadPayments() {
  const client = useQueryClient();
  return useEndpointMutation(createPaymentUpload, { onSuccess: () => client.invalidateQueries({ queryKey: [listPaymentUploads.operation] }) });
}

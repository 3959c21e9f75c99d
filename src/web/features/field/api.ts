/**
 * Field calls of the fos and document services (issue 4; spec 7 fos): the allocation the phone
 * copies into Dexie, a loan's past visits, the executive's deposits and online recoveries. Writes
 * never go through here: they go through the outbox (src/offline/outbox.ts). Keys carry the company.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AllocationResponse, depositsResponse, onlineRecoveriesResponse, visitsResponse } from '../../../domain/contracts/field';
import { api } from '../../lib/api';

export type DepositsResponse = z.infer<typeof depositsResponse>;
export type OnlineRecoveriesResponse = z.infer<typeof onlineRecoveriesResponse>;
export type VisitsResponse = z.infer<typeof visitsResponse>;

/** `GET /api/fos/allocation`: the signed-in executive's loans of the latest allocation month. */
export function fetchAllocation(companyId: string): Promise<AllocationResponse> {
  return api.get<AllocationResponse>('fos/allocation', { searchParams: { company_id: companyId } });
}

/** `GET /api/fos/visits?loan_id=`: the caller's recorded visits of one loan (online only). */
export function useLoanVisits(companyId: string | null, loanId: string | null) {
  return useQuery({
    queryKey: ['fos-visits', companyId, loanId],
    queryFn: ({ signal }) => api.get<VisitsResponse>('fos/visits', { searchParams: { company_id: companyId, loan_id: loanId }, signal }),
    enabled: Boolean(companyId && loanId),
    retry: false,
  });
}

/** `GET /api/fos/deposits`: undeposited receipts with their age and past deposits. */
export function useDeposits(companyId: string | null) {
  return useQuery({
    queryKey: ['fos-deposits', companyId],
    queryFn: ({ signal }) => api.get<DepositsResponse>('fos/deposits', { searchParams: { company_id: companyId }, signal }),
    enabled: Boolean(companyId),
    retry: false,
  });
}

/** `GET /api/fos/online-recoveries`: online payments attributed to the executive's visits. */
export function useOnlineRecoveries(companyId: string | null) {
  return useQuery({
    queryKey: ['fos-online-recoveries', companyId],
    queryFn: ({ signal }) => api.get<OnlineRecoveriesResponse>('fos/online-recoveries', { searchParams: { company_id: companyId }, signal }),
    enabled: Boolean(companyId),
    retry: false,
  });
}

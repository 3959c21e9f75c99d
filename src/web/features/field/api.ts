/**
 * Field calls of the fos and document services (issue 4; spec 7 fos) on their endpoint definitions
 * (src/web/lib/endpoint.ts): the allocation the phone copies into IndexedDB, a loan's past visits, the
 * executive's receipts, deposits and online recoveries. Writes never go through here: they go
 * through the outbox (src/offline/outbox.ts). Keys are the endpoints' (endpointKey), carrying the
 * company in the query; SYNCED_READS lists the reads a drain makes stale.
 */
import { depositsOverview, onlineRecoveries } from '../../../domain/contracts/field/deposits';
import { listReceipts } from '../../../domain/contracts/field/receipts';
import { listVisits, myAllocation } from '../../../domain/contracts/field/visits';
import { call, useEndpoint } from '../../lib/endpoint';

/** `GET /api/fos/allocation`: the signed-in executive's loans of the latest allocation month. */
export function fetchAllocation(companyId: string) {
  return call(myAllocation, { query: { company_id: companyId } });
}

/** `GET /api/fos/receipts`: the executive's receipts on the server. */
export function fetchReceipts(companyId: string) {
  return call(listReceipts, { query: { company_id: companyId } });
}

/** `GET /api/fos/visits?loan_id=`: the caller's recorded visits of one loan (online only). */
export function useLoanVisits(companyId: string | null, loanId: string | null) {
  return useEndpoint(listVisits, { query: { company_id: companyId ?? undefined, loan_id: loanId ?? undefined } }, { enabled: Boolean(companyId && loanId), retry: false });
}

/** `GET /api/fos/deposits`: undeposited receipts with their age and past deposits. */
export function useDeposits(companyId: string | null) {
  return useEndpoint(depositsOverview, { query: { company_id: companyId ?? undefined } }, { enabled: Boolean(companyId), retry: false });
}

/** `GET /api/fos/online-recoveries`: online payments attributed to the executive's visits. */
export function useOnlineRecoveries(companyId: string | null) {
  return useEndpoint(onlineRecoveries, { query: { company_id: companyId ?? undefined } }, { enabled: Boolean(companyId), retry: false });
}

/** The server reads that change when outbox items reach the server (visits, deposits, recoveries): invalidate by these keys. */
export const SYNCED_READS = [listVisits.operation, depositsOverview.operation, onlineRecoveries.operation] as const;

/**
 * Another area's handler for a visit's "new address" (issue 16: a field visit's new address
 * becomes a change request). Registered through field's queries.ts; run by recordVisit inside the
 * visit's transaction, so the visit and what the handler writes commit together.
 */
import type { DbOrTx } from '../../../db/client';

/** A recorded visit's new address, as the handlers get it. */
export interface VisitNewAddress {
  companyId: string;
  visitId: string;
  loanId: string;
  allocationMonth: string;
  /** The executive who recorded the visit. */
  userId: string;
  newAddress: string;
  disposition: string;
}
export type VisitNewAddressHandler = (tx: DbOrTx, visit: VisitNewAddress) => Promise<void>;

const handlers = new Map<string, VisitNewAddressHandler>();

/** Registers (or replaces) the handler named `name`. */
export function onVisitNewAddress(name: string, handler: VisitNewAddressHandler): void {
  handlers.set(name, handler);
}

/** Runs every handler for a visit that recorded a new address (none when it did not). */
export async function runNewAddressHandlers(tx: DbOrTx, visit: VisitNewAddress): Promise<void> {
  if (!visit.newAddress.trim()) return;
  for (const handler of handlers.values()) await handler(tx, visit);
}

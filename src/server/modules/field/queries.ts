/**
 * What other areas may use of the field area (docs/decisions/007-area-kernel.md): a hook on a
 * visit's "new address" (the change-requests area turns it into a change request; issue 16).
 * Never the tables themselves.
 */
export { onVisitNewAddress } from './visits/new-address-hooks';
export type { VisitNewAddress, VisitNewAddressHandler } from './visits/new-address-hooks';

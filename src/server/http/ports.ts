/**
 * Ports (kernel; docs/decisions/007-area-kernel.md): the rare service one area needs of another
 * that sits *after* it in the dependency order, declared here and provided by the owning area's
 * front door (`defineArea({ provides })`), so the area graph stays acyclic.
 */
import type { DbOrTx } from '../db/client';

/**
 * Field executives' last known positions (provided by the field area's tracking; read by the
 * allocation area's territory suggestion, which the field area itself depends on).
 */
export interface PositionsPort {
  /** The last position of each of `userIds` that has one, decimal degrees. */
  lastPositions(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<Map<string, { lat: number; lng: number }>>;
}

/** Every port, as ModuleDeps carries them. */
export interface Ports {
  positions: PositionsPort;
}

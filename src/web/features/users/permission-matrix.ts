/** Editing helpers for a permissions map shown as modules × actions with read and write boxes. */
import { PERMISSION_CATALOGUE, PERMISSION_MODULES, type PermissionsMap } from '../../../domain/users/permissions';

/**
 * Sets one flag and returns a new map. Turning write on turns read on (writing what you cannot
 * see is never meant); turning read off turns write off.
 */
export function setFlag(map: PermissionsMap, module: string, action: string, access: 'read' | 'write', value: boolean): PermissionsMap {
  const current = map[module]?.[action] ?? { read: false, write: false };
  let next = { ...current, [access]: value };
  if (access === 'write' && value) next = { read: true, write: true };
  if (access === 'read' && !value) next = { read: false, write: false };
  return { ...map, [module]: { ...(map[module] ?? {}), [action]: next } };
}

/** Only the catalogue's modules and actions, each with both flags (what the server expects). */
export function normalisePermissions(map: PermissionsMap): PermissionsMap {
  const out: PermissionsMap = {};
  for (const module of PERMISSION_MODULES) {
    out[module] = {};
    for (const action of PERMISSION_CATALOGUE[module]) {
      const entry = map[module]?.[action];
      out[module]![action] = { read: Boolean(entry?.read), write: Boolean(entry?.write) };
    }
  }
  return out;
}

/** How many actions of a map grant read. */
export function countGranted(map: PermissionsMap): number {
  let n = 0;
  for (const actions of Object.values(map)) for (const entry of Object.values(actions ?? {})) if (entry?.read) n += 1;
  return n;
}

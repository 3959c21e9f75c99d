/**
 * Loads the server front doors of the areas in src/domain/areas.ts, in list order
 * (docs/decisions/007-area-kernel.md): `src/server/modules/<name>/area.ts`, default export
 * `defineArea({...})`.
 */
import { AREA_NAMES } from '../domain/areas';
import type { AreaDefinition } from './http/area';

let loaded: Promise<AreaDefinition[]> | null = null;

/**
 * The areas' front doors, loaded once per process.
 * @throws Error naming the area whose front door is missing, has no default export, or names
 *   another area.
 */
export function loadAreas(): Promise<AreaDefinition[]> {
  loaded ??= Promise.all(
    AREA_NAMES.map(async (name) => {
      let module: { default?: AreaDefinition };
      try {
        module = (await import(`./modules/${name}/area.ts`)) as { default?: AreaDefinition };
      } catch (err) {
        throw new Error(`Area "${name}" (src/domain/areas.ts) has no server front door src/server/modules/${name}/area.ts`, { cause: err });
      }
      const area = module.default;
      if (!area || typeof area !== 'object') throw new Error(`src/server/modules/${name}/area.ts must default-export defineArea({...})`);
      if (area.name !== name) throw new Error(`src/server/modules/${name}/area.ts declares the name "${area.name}"`);
      return area;
    }),
  ).catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

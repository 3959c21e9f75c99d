/**
 * Every area's web front door by file (`../features/<name>/area.ts`): the lazy chunk that
 * `loadAllAreas()` (areas.ts) imports and orders. The `entry` areas' doors are in the entry chunk
 * already (areas.ts imports them eagerly), so this chunk holds the other areas' doors with the
 * endpoint definitions, icons and English core texts they bring: the field route's first load does
 * not grow with the number of desk areas (issue 11, issue 18).
 */
import type { WebArea } from './area';

/** Every front door by file, as `import.meta.glob` answers them. */
export const ALL_DOORS: Record<string, WebArea> = import.meta.glob<WebArea>('../features/*/area.ts', { eager: true, import: 'default' });

/**
 * The deployment's public configuration (`GET /api/public-config`, served by the kernel, no
 * sign-in): where the map tiles and the country trace service are. Every area's maps read the tile
 * URL from here.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface PublicConfig {
  map_tile_url: string;
  country_trace_url: string;
  countries: unknown;
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('public-config');
}

/** OpenStreetMap's tiles, used when the configuration cannot be read. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The configured map tile URL template, the OSM default when it fails (desk maps; the field app keeps its own copy offline). */
export function useTileUrl() {
  return useQuery({
    queryKey: ['public-config', 'map_tile_url'],
    queryFn: async () => {
      try {
        return (await fetchPublicConfig()).map_tile_url;
      } catch {
        return DEFAULT_TILE_URL;
      }
    },
    staleTime: 60 * 60_000,
  });
}

/**
 * Geocoding a loan's address to an area point on the server (kernel geography) (issue 4 "geocoded ... from the
 * pincode or postal area"): India by PIN code (pincodeLocation, the post office's coordinates);
 * Indonesia from what idn-area-data offers, which is island coordinates per regency: the mean of
 * the islands of the loan's regency (kabupaten/kota), else null (inland regencies have none).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { pincodeLocation } from './pincodes';

const require = createRequire(import.meta.url);

export interface LatLng {
  lat: number;
  lng: number;
}

let regencyPoints: Map<string, LatLng> | null = null;

/** `03°19'03.44" N 097°07'41.73" E` → { lat, lng }, or null when it does not parse. */
export function parseDms(text: string): LatLng | null {
  const m = /(\d+)°(\d+)'([\d.]+)"\s*([NS])\s+(\d+)°(\d+)'([\d.]+)"\s*([EW])/.exec(text);
  if (!m) return null;
  const deg = (d: string, mi: string, s: string, hemi: string) => (Number(d) + Number(mi) / 60 + Number(s) / 3600) * (hemi === 'S' || hemi === 'W' ? -1 : 1);
  return { lat: deg(m[1], m[2], m[3], m[4]), lng: deg(m[5], m[6], m[7], m[8]) };
}

/** Normalised regency name: 'KABUPATEN BANDUNG' / 'Kab. Bandung' → 'KAB BANDUNG'; 'Kota Bandung' → 'KOTA BANDUNG'. */
function regencyKey(name: string): string {
  return name.toUpperCase().replace(/^KABUPATEN\b/, 'KAB').replace(/[^A-Z0-9 ]/g, '').replace(/\s+/g, ' ').trim();
}

/** Regency name → mean coordinates of its islands (read once from idn-area-data's CSV files). */
function indonesiaRegencyPoints(): Map<string, LatLng> {
  if (!regencyPoints) {
    const dir = path.join(path.dirname(require.resolve('idn-area-data/package.json')), 'data');
    const read = (file: string) => parseCsv(readFileSync(path.join(dir, file)), { columns: true, skip_empty_lines: true, quote: false }) as Record<string, string>[];
    const sums = new Map<string, { lat: number; lng: number; n: number }>();
    for (const island of read('islands.csv')) {
      const point = parseDms(island.coordinate ?? '');
      if (!point) continue;
      const s = sums.get(island.regency_code) ?? { lat: 0, lng: 0, n: 0 };
      sums.set(island.regency_code, { lat: s.lat + point.lat, lng: s.lng + point.lng, n: s.n + 1 });
    }
    regencyPoints = new Map();
    for (const regency of read('regencies.csv')) {
      const s = sums.get(regency.code);
      if (s) regencyPoints.set(regencyKey(regency.name), { lat: s.lat / s.n, lng: s.lng / s.n });
    }
  }
  return regencyPoints;
}

/**
 * The area point of an address.
 * @param country the company's country ('INDIA' | 'INDONESIA')
 * @param place the loan's pincode and city (Indonesia: the regency)
 * @returns decimal degrees, or null when the area is unknown
 */
export function areaLocation(country: string, place: { pincode: string | null; city: string | null }): LatLng | null {
  if (country === 'INDIA') return place.pincode ? pincodeLocation(place.pincode) : null;
  if (country === 'INDONESIA' && place.city) return indonesiaRegencyPoints().get(regencyKey(place.city)) ?? null;
  return null;
}

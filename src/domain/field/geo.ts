/**
 * Distances and the verification flags of a visit (issue 4 "The visit's distance from the
 * borrower's address ... visits too far away, without photo or with poor accuracy are flagged").
 */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two WGS84 points (haversine). */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Thresholds of the verification flags. The address point is a pincode / postal-area centroid, so
 * "too far" is generous: an Indian pincode area spans several kilometres.
 */
export const VERIFICATION_LIMITS = {
  /** Metres between the check-in and the address's area centroid. */
  maxDistanceMetres: 3_000,
  /** GPS accuracy radius, metres, above which the position is poor. */
  maxAccuracyMetres: 100,
} as const;

/**
 * Why a visit needs verification: too far from the address, no photo, poor GPS accuracy, no
 * position; a PTP amount above the loan's dues; a receipt still not deposited after the company's
 * deposit window (added by the verification queue once the window has passed, see verification.ts).
 */
export const VISIT_FLAGS = ['too_far', 'no_photo', 'poor_accuracy', 'no_location', 'ptp_above_dues', 'receipt_not_deposited'] as const;
export type VisitFlag = (typeof VISIT_FLAGS)[number];

/**
 * The flags a visit gets.
 * @param visit check-in position (null when GPS was unavailable), accuracy in metres, photo count
 * @param address the borrower's geocoded area centroid, or null when the pincode is unknown
 * @returns flags plus the distance in metres (null when either point is missing)
 */
export function visitFlags(
  visit: { latitude: number | null; longitude: number | null; accuracy_m: number | null; photo_count: number },
  address: { lat: number; lng: number } | null,
): { flags: VisitFlag[]; distance_m: number | null } {
  const flags: VisitFlag[] = [];
  let distance: number | null = null;
  if (visit.latitude === null || visit.longitude === null) flags.push('no_location');
  else if (address) {
    distance = Math.round(haversineMetres({ lat: visit.latitude, lng: visit.longitude }, address));
    if (distance > VERIFICATION_LIMITS.maxDistanceMetres) flags.push('too_far');
  }
  if (visit.photo_count === 0) flags.push('no_photo');
  if (visit.accuracy_m !== null && visit.accuracy_m > VERIFICATION_LIMITS.maxAccuracyMetres) flags.push('poor_accuracy');
  return { flags, distance_m: distance };
}

/**
 * The day plan of the field executive's visits (issue 4 "My visits ... sorted by a sensible plan")
 * and the links a visit card offers (call, navigate). Pure functions: no React, no storage.
 */
import type { AllocatedLoan } from '../../../../domain/contracts/field/visits';
import { haversineMetres } from '../../../../domain/field/geo';
import { compareCodeUnits } from '../../../../domain/common/compare';
import { minorOf } from '../format';

/** A point in degrees (WGS84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A loan of the plan with its distance from the executive, metres (null when either point is unknown). */
export interface PlannedLoan<T extends AllocatedLoan = AllocatedLoan> {
  loan: T;
  distanceM: number | null;
}

/** The loan's address point, or null when the server could not geocode its pincode. */
export function loanPoint(loan: Pick<AllocatedLoan, 'latitude' | 'longitude'>): LatLng | null {
  return loan.latitude === null || loan.longitude === null ? null : { lat: loan.latitude, lng: loan.longitude };
}

/**
 * Orders the day: priority first (1 is the most urgent), then the nearest to `here`, then the
 * highest dues, then loan id so the order is stable. Loans without coordinates (or with no
 * position for the executive) come after the located ones of the same priority.
 * @param loans the cached allocation
 * @param here the executive's position, or null when GPS is unavailable
 */
export function planVisits<T extends AllocatedLoan>(loans: readonly T[], here: LatLng | null): PlannedLoan<T>[] {
  const planned = loans.map((loan) => {
    const point = loanPoint(loan);
    return { loan, distanceM: here && point ? haversineMetres(here, point) : null };
  });
  return planned.sort((a, b) => {
    if (a.loan.priority !== b.loan.priority) return a.loan.priority - b.loan.priority;
    if (a.distanceM !== b.distanceM) {
      if (a.distanceM === null) return 1;
      if (b.distanceM === null) return -1;
      return a.distanceM - b.distanceM;
    }
    const dues = (minorOf(b.loan.total_dues_minor, b.loan.total_dues) ?? 0) - (minorOf(a.loan.total_dues_minor, a.loan.total_dues) ?? 0);
    if (dues !== 0) return dues;
    return compareCodeUnits(a.loan.loan_id, b.loan.loan_id);
  });
}

/** Distance for a card: '850 m', '3.4 km', '27 km'. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  if (metres < 10_000) return `${(metres / 1000).toFixed(1)} km`;
  return `${Math.round(metres / 1000)} km`;
}

/** `tel:` link of a contact number (spaces and dashes dropped), or null when there is no number. */
export function telLink(number: string | null): string | null {
  if (!number) return null;
  const digits = number.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

/**
 * Directions to the loan's address: Google Maps' universal directions link (opens the maps app on
 * Android) to the coordinates, or to the address text when the pincode was not geocoded.
 * @returns null when there is neither a point nor an address
 */
export function navigateLink(loan: Pick<AllocatedLoan, 'latitude' | 'longitude' | 'address' | 'city' | 'pincode'>): string | null {
  const point = loanPoint(loan);
  if (point) return `https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`;
  const text = [loan.address, loan.city, loan.pincode].filter(Boolean).join(', ');
  return text ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(text)}` : null;
}

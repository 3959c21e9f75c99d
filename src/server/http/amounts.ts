/**
 * Amounts at the edge (issue 11 "Money as one type"): request bodies carry the legacy major-unit
 * field (`amount`, rupees) and/or its integer twin (`amount_minor`, paise / sen); services work in
 * minor units only.
 */
import { toMinor, type Minor } from '../../domain/common/money';
import { badRequest } from './errors';

/**
 * The amount of a body in minor units: `minor` when given, else `major` converted exactly
 * (1234.57 → 123457); null when neither is given.
 * @throws 400 when both are given and differ
 */
export function minorOfBody(major: number | null | undefined, minor: number | null | undefined, field = 'amount'): Minor | null {
  const fromMajor = major === null || major === undefined ? null : toMinor(major);
  if (minor !== null && minor !== undefined) {
    if (fromMajor !== null && fromMajor !== minor) throw badRequest(`${field} and ${field}_minor disagree`);
    return minor;
  }
  return fromMajor;
}

/** As minorOfBody, for a required amount. @throws 400 when neither field is given */
export function requiredMinorOfBody(major: number | null | undefined, minor: number | null | undefined, field = 'amount'): Minor {
  const value = minorOfBody(major, minor, field);
  if (value === null) throw badRequest(`${field} or ${field}_minor is required`);
  return value;
}

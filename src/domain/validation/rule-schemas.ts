/**
 * Zod fields for spec 5's rules, failing with the same messages as the predicates in `rules.ts`,
 * so server-side 400s and form errors read alike. Kept apart from `rules.ts` so a screen that only
 * needs a predicate does not load zod.
 */
import { z } from 'zod';
import { EMAIL_MESSAGE, MOBILE_MESSAGE, PASSWORD_MESSAGE, isValidEmail, isValidMobile, isValidPassword } from './rules';

/** Email field (spec 5), trimmed, failing with EMAIL_MESSAGE. */
export const emailSchema = z.string().trim().refine(isValidEmail, EMAIL_MESSAGE);
/** Password field (spec 5), at most 256 characters, failing with PASSWORD_MESSAGE. */
export const passwordSchema = z.string().max(256).refine(isValidPassword, PASSWORD_MESSAGE);
/** Mobile field (spec 5), trimmed, failing with MOBILE_MESSAGE. */
export const mobileSchema = z.string().trim().refine(isValidMobile, MOBILE_MESSAGE);

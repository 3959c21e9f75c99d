/**
 * The Idempotency-Key protocol's names and messages (issue 4; Stripe's idempotency keys and the IETF
 * Idempotency-Key draft), shared by the server, the web and the outbox. No zod here: the header's
 * schema is in common.schema.ts.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Messages of the idempotency rules. */
export const IDEMPOTENCY_MESSAGES = {
  missing: 'Idempotency-Key header is required',
  mismatch: 'Idempotency-Key was already used with a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed',
} as const;

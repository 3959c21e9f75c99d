/**
 * JSON carried as text inside a request (multipart fields, query parameters such as `filters` or
 * `mapping`): parsed and checked against its zod contract in one place, so every route answers a
 * bad value with a 400 envelope and a message naming what was wrong.
 */
import type { z } from 'zod';
import { badRequest } from './errors';

/** The first problem zod found, or undefined. */
export type JsonIssue = z.core.$ZodIssue | undefined;

/**
 * Parses `text` as JSON and validates it with `schema`.
 * @param messages.notJson the 400 message when `text` is not JSON (also when it fails the schema,
 *   unless `invalid` is given)
 * @param messages.invalid builds the 400 message from the first schema issue
 * @returns the validated value and the raw parsed JSON (e.g. for request hashing)
 * @throws AppError 400 with one of the messages
 */
export function parseJsonText<T>(text: string, schema: z.ZodType<T>, messages: { notJson: string; invalid?: (issue: JsonIssue) => string }): { value: T; raw: unknown } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest(messages.notJson);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(messages.invalid ? messages.invalid(parsed.error.issues[0]) : messages.notJson);
  return { value: parsed.data, raw };
}

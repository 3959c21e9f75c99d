/** Building the response envelope `{ success, message, data }` (spec 3 "Response envelope", spec 7). */
import type { z } from 'zod';
import { envelope } from '../../domain/contracts/envelope';

/** A success envelope. */
export function ok<T>(data: T, message = 'Success'): { success: true; message: string; data: T } {
  return { success: true, message, data };
}

/** `200: envelope(schema)` for a route's response, so the OpenAPI document shows the real shape. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

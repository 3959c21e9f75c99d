/**
 * Errors a use case throws on purpose. The error handler turns them into the envelope
 * `{ success:false, message, data }` with their status; anything else becomes a 500
 * 'Something went wrong' without internals (spec 8).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Session expired') => new AppError(401, message);
export const forbidden = (message: string, data: Record<string, unknown> | null = null) => new AppError(403, message, data);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const RATE_LIMITED_MESSAGE = 'Too many requests, please try again later';
/** 429 in the envelope, as the per-IP limit answers (src/server/http/rate-limits.ts). */
export const tooManyRequests = () => new AppError(429, RATE_LIMITED_MESSAGE);

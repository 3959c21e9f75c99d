/**
 * How a failed API call is classified (spec 8 "The error catalogue"). Pure, so the rules are
 * unit-tested without a browser; `api.ts` applies the result to the session store and toasts.
 */
import type { PermissionRequirement } from '../../domain/users/permissions';

export const IP_BLOCKED_MESSAGE = 'You are not allowed from this IP address';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
export const CANCELLED_MESSAGE = 'cancelled';

export type ApiFailureKind =
  | 'session_expired' // 401: the session-expired modal
  | 'ip_blocked' // 403 IP message: an error toast
  | 'permission' // 403 naming a permission: the permission-not-found modal
  | 'blocked' // 521: the blocking full-screen message
  | 'cancelled' // the caller aborted
  | 'error'; // anything else: shown where the call was made

export interface ApiFailure {
  kind: ApiFailureKind;
  message: string;
  status: number | null;
  missingPermission?: PermissionRequirement;
  /** The input a 4xx names (`data.field`), so a form shows the message under that field. */
  field?: string;
}

export interface FailureInput {
  /** HTTP status, or null when no answer arrived (network down, aborted). */
  status: number | null;
  /** Path of the call below /api, e.g. `user/logout`. */
  path: string;
  /** Parsed JSON body of the answer, when it had one. */
  body?: unknown;
  aborted?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readPermission(data: unknown): PermissionRequirement | undefined {
  if (!isRecord(data) || !isRecord(data.missing_permission)) return undefined;
  const p = data.missing_permission;
  if (typeof p.module !== 'string' || typeof p.action !== 'string') return undefined;
  return { module: p.module as PermissionRequirement['module'], action: p.action, access: p.access === 'write' ? 'write' : 'read' };
}

/** A 401 on logout or on a /public route is a wrong credential, not an ended session (spec 8). */
function endsSession(path: string): boolean {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '').split('?')[0];
  return !/(^|\/)logout$/.test(clean) && !/(^|\/)public\//.test(clean);
}

/**
 * Classifies a failed call.
 * @returns the kind and the message to show: the server's message, 'cancelled' for aborts,
 *   'Something went wrong' when the answer carried no message.
 */
export function classifyFailure(input: FailureInput): ApiFailure {
  if (input.aborted) return { kind: 'cancelled', message: CANCELLED_MESSAGE, status: null };
  const body = isRecord(input.body) ? input.body : {};
  const serverMessage = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const message = serverMessage ?? GENERIC_ERROR_MESSAGE;
  const status = input.status;
  if (status === 401 && endsSession(input.path)) return { kind: 'session_expired', message, status };
  if (status === 403 && serverMessage === IP_BLOCKED_MESSAGE) return { kind: 'ip_blocked', message, status };
  if (status === 403) {
    const missingPermission = readPermission(body.data);
    if (missingPermission) return { kind: 'permission', message, status, missingPermission };
  }
  if (status === 521) return { kind: 'blocked', message, status };
  const field = isRecord(body.data) && typeof body.data.field === 'string' ? body.data.field : undefined;
  return field ? { kind: 'error', message, status, field } : { kind: 'error', message, status };
}

/** Thrown by the API clients (api.ts, plain-call.ts) on any failure; `failure.message` is ready to show. */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.failure = failure;
  }
}

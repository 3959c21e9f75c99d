/**
 * Server configuration read from the environment (README "Configuration").
 *
 * Everything the API needs to start is here with a safe default, so `npm start` works on a fresh
 * machine with no variables set. Durations are minutes; the argon2 cost is lowered only by tests.
 */
import path from 'node:path';
import { DEFAULT_RECEIPT_DEPOSIT_DAYS } from '../domain/field/verification';

export interface AppConfig {
  port: number;
  host: string;
  /** Root of local state: PGlite lives in `<dataDir>/pglite`, files in `<dataDir>/files`. */
  dataDir: string;
  /** When set, PostgreSQL over node-postgres instead of embedded PGlite. */
  databaseUrl: string | undefined;
  /** Hard session lifetime, minutes (default 720). */
  sessionTtlMinutes: number;
  /** Session ends after this many minutes without a request (default 60). */
  sessionIdleMinutes: number;
  /**
   * The idle timeout of a field executive's session, minutes (default 720, a working day; issue 12):
   * the phone works offline for hours and its queued visits are sent with this session, so it ends
   * only at its hard lifetime (sessionTtlMinutes) unless this is set lower.
   */
  fieldSessionIdleMinutes: number;
  fileStorage: { kind: 'local'; dir: string } | { kind: 's3'; bucket: string | undefined; endpoint: string | undefined };
  mapTileUrl: string;
  countryTraceUrl: string;
  /**
   * Where browser softphones may open their SIP WebSocket (CSP connect-src sources, space separated;
   * SIP_WEBSOCKET_SOURCES, default `wss:`: any TLS WebSocket, as each company names its own SIP server).
   */
  sipWebSocketSources: string[];
  /** Requests per minute per IP on the public sign-in routes. */
  authRateLimitPerMinute: number;
  /**
   * Failed sign-ins per account (the email signed into), and OTPs sent or failed per recipient,
   * in 15 minutes, from any IP (AUTH_ACCOUNT_RATE_LIMIT, default 10).
   */
  authAccountRateLimit: number;
  /** NODE_ENV=production. */
  production: boolean;
  /**
   * ALLOW_LOG_ONLY_MESSAGES=true: start in production with the log-only message provider (OTPs and
   * messages are not delivered; their values are not logged either). Without it production refuses to start.
   */
  allowLogOnlyMessages: boolean;
  /**
   * The DLT content template id under which the platform registered its default OTP SMS
   * (PLATFORM_OTP_DLT_TEMPLATE_ID; domain/communication/otp.ts PLATFORM_OTP_SMS), recorded with
   * platform OTPs; null when not registered (development).
   */
  platformOtpDltTemplateId: string | null;
  /**
   * The DLT content template ids of the platform's Hindi and Bahasa OTP texts
   * (PLATFORM_OTP_DLT_TEMPLATE_ID_HI, PLATFORM_OTP_DLT_TEMPLATE_ID_ID; domain/communication/otp.ts
   * PLATFORM_OTP_SMS_TEXTS). A language without its id gets the English text (platformOtpSms).
   */
  platformOtpDltTemplateIdByLanguage: { hi: string | null; id: string | null };
  /** argon2id cost; tests pass a cheap one to stay fast. */
  argon2: { memoryCost: number; timeCost: number };
  /** Trust X-Forwarded-For from a load balancer, so rate limits and logs see the client IP. */
  trustProxy: boolean;
  /** Directory of the built web app; served with SPA fallback when it exists. */
  webDistDir: string;
  /** How often an idle job worker polls the queue, seconds (JOB_POLLING_SECONDS, default 1, minimum 0.5). */
  jobPollingSeconds: number;
  /** Data rows an allocation import commits per transaction (IMPORT_CHUNK_ROWS, default 5000: a COPY and one upsert each, issue 12 "Speed"). */
  importChunkRows: number;
  /** How long a bulk job's lease (imports, loan operations) lasts without renewal, seconds (IMPORT_LEASE_SECONDS, default 60); renewed every chunk. */
  importLeaseSeconds: number;
  /** Loans a loan operation commits per transaction (LOAN_OPERATION_CHUNK_ROWS, default 1000). */
  loanOperationChunkRows: number;
  /** Days of position pings kept; older daily partitions are dropped (TRACKING_RETENTION_DAYS, default 180). */
  trackingRetentionDays: number;
  /** Days a cash/cheque/DD receipt may stay undeposited before its visit is flagged (RECEIPT_DEPOSIT_DAYS, default 2). */
  receiptDepositDays: number;
  /**
   * The secret payment gateway credentials are encrypted under (AES-256-GCM, key derived with
   * HKDF; PAYMENT_CREDENTIALS_KEY, at least 32 characters). Absent outside production: a fixed
   * development key. Absent in production: storing or reading credentials is refused.
   */
  paymentCredentialsKey: string | undefined;
  /**
   * The local gateway sandbox (/api/payment/sandbox/gateway/…, issue 15): links open its checkout
   * and its webhooks are signed like the vendor's. On outside production; in production only with
   * PAYMENT_SANDBOX=true (a demo server), never serving real money.
   */
  paymentSandbox: boolean;
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/**
 * Builds the configuration from `env` (defaults to `process.env`), with `overrides` on top.
 * @throws Error when a numeric variable is not a positive integer or FILE_STORAGE is unknown.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? env.DATA_DIR ?? './data';
  const storage = env.FILE_STORAGE ?? 'local';
  if (storage !== 'local' && storage !== 's3') throw new Error(`FILE_STORAGE must be local or s3, got "${storage}"`);
  const base: AppConfig = {
    port: intFromEnv(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sessionTtlMinutes: intFromEnv(env.SESSION_TTL_MINUTES, 720, 'SESSION_TTL_MINUTES'),
    sessionIdleMinutes: intFromEnv(env.SESSION_IDLE_MINUTES, 60, 'SESSION_IDLE_MINUTES'),
    fieldSessionIdleMinutes: intFromEnv(env.FIELD_SESSION_IDLE_MINUTES, 720, 'FIELD_SESSION_IDLE_MINUTES'),
    fileStorage:
      storage === 'local'
        ? { kind: 'local', dir: path.join(dataDir, 'files') }
        : { kind: 's3', bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT },
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    countryTraceUrl: env.COUNTRY_TRACE_URL ?? 'https://www.cloudflare.com/cdn-cgi/trace',
    sipWebSocketSources: (env.SIP_WEBSOCKET_SOURCES ?? 'wss:').split(/\s+/).filter(Boolean),
    authRateLimitPerMinute: intFromEnv(env.AUTH_RATE_LIMIT_PER_MINUTE, 30, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    authAccountRateLimit: intFromEnv(env.AUTH_ACCOUNT_RATE_LIMIT, 10, 'AUTH_ACCOUNT_RATE_LIMIT'),
    production: env.NODE_ENV === 'production',
    allowLogOnlyMessages: env.ALLOW_LOG_ONLY_MESSAGES === 'true' || env.ALLOW_LOG_ONLY_MESSAGES === '1',
    platformOtpDltTemplateId: env.PLATFORM_OTP_DLT_TEMPLATE_ID?.trim() || null,
    platformOtpDltTemplateIdByLanguage: { hi: env.PLATFORM_OTP_DLT_TEMPLATE_ID_HI?.trim() || null, id: env.PLATFORM_OTP_DLT_TEMPLATE_ID_ID?.trim() || null },
    argon2: { memoryCost: 19456, timeCost: 2 },
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? 'dist'),
    jobPollingSeconds: Number(env.JOB_POLLING_SECONDS ?? 1) >= 0.5 ? Number(env.JOB_POLLING_SECONDS ?? 1) : 1,
    importChunkRows: intFromEnv(env.IMPORT_CHUNK_ROWS, 5000, 'IMPORT_CHUNK_ROWS'),
    importLeaseSeconds: intFromEnv(env.IMPORT_LEASE_SECONDS, 60, 'IMPORT_LEASE_SECONDS'),
    loanOperationChunkRows: intFromEnv(env.LOAN_OPERATION_CHUNK_ROWS, 1000, 'LOAN_OPERATION_CHUNK_ROWS'),
    trackingRetentionDays: intFromEnv(env.TRACKING_RETENTION_DAYS, 180, 'TRACKING_RETENTION_DAYS'),
    receiptDepositDays: intFromEnv(env.RECEIPT_DEPOSIT_DAYS, DEFAULT_RECEIPT_DEPOSIT_DAYS, 'RECEIPT_DEPOSIT_DAYS'),
    paymentCredentialsKey: env.PAYMENT_CREDENTIALS_KEY || undefined,
    paymentSandbox: env.PAYMENT_SANDBOX === 'true' || env.PAYMENT_SANDBOX === '1' || env.NODE_ENV !== 'production',
  };
  return { ...base, ...overrides };
}

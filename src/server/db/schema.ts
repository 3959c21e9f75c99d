/** The whole Drizzle schema in one place, for drizzle-kit and for the typed database client. */
export * from '../modules/companies/schema';
export * from '../modules/users/schema';
export * from '../modules/auth/schema';
export * from '../messaging/schema';
export * from '../modules/portfolio/schema';
export * from '../modules/bulk/schema';
export * from '../http/idempotency-schema';
export * from '../modules/allocation/schema';
export * from '../modules/field/schema';
export * from '../modules/payments/schema';

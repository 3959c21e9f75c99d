/** The whole Drizzle schema in one place, for drizzle-kit and for the typed database client. */
export * from '../modules/companies/schema';
export * from '../modules/users/schema';
export * from '../modules/auth/schema';
export * from '../messaging/schema';
export * from '../modules/portfolio/schema';
export * from '../modules/bulk/schema';

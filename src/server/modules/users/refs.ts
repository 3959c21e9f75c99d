/** The users' key for other areas' foreign keys (exposed through queries.ts). */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** The users' key, for another area's foreign key only: `text('user_id').references(userRef)`. */
export const userRef = (): AnyPgColumn => users.userId;

/** What route plugins receive: the database, the configuration, the message provider, the job queue, file storage and the event bus. */
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { MessageProvider } from '../messaging/provider';
import type { EventBus } from '../realtime/events';
import type { FileStorage } from '../storage/files';

export interface ModuleDeps {
  db: Db;
  /** The database handle itself (kind, raw SQL), for bulk work that bypasses Drizzle's per-row cost. */
  database: Database;
  config: AppConfig;
  messages: MessageProvider;
  jobs: JobQueue;
  files: FileStorage;
  /** Live events across API processes (LISTEN/NOTIFY): tracking positions. */
  events: EventBus;
}

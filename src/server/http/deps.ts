/** What route plugins and jobs receive: the database, the configuration, the message provider, the job queue, file storage, the event bus, the identity services and the clock. */
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { MessageProvider } from '../messaging/provider';
import type { EventBus } from '../realtime/events';
import type { FileStorage } from '../storage/files';
import type { Identity } from './caller';
import type { Clock } from './clock';
import type { Ports } from './ports';

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
  /** Sessions (auth area) and memberships (users area), for areas that act on other users. */
  identity: Identity;
  /** Services an area gives areas before it (src/server/http/ports.ts). */
  ports: Ports;
  /** The time rules are judged at (src/server/http/clock.ts); tests set it. */
  clock: Clock;
}

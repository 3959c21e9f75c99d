/** What route plugins receive: the database, the configuration and the message provider. */
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { MessageProvider } from '../messaging/provider';

export interface ModuleDeps {
  db: Db;
  config: AppConfig;
  messages: MessageProvider;
}

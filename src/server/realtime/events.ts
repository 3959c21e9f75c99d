/**
 * Live events across API processes (ARCHITECTURE "Scale": tracking and dialer events fan out
 * through PostgreSQL LISTEN/NOTIFY). A publisher NOTIFYs inside its own transaction, so an event is
 * delivered only once the write it announces has committed; every process LISTENs once per channel
 * (Database.listen: a dedicated PostgreSQL connection, or PGlite's in-process LISTEN) and fans each
 * payload out to its local subscribers (an EventEmitter), e.g. the open SSE streams.
 *
 * Owns: the per-process subscriber lists and the one LISTEN per channel.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

/** Channels in use. */
export const CHANNELS = { positions: 'fos_positions', calling: 'calling_events' } as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** PostgreSQL refuses NOTIFY payloads from 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 7_900;

export interface EventBus {
  /**
   * NOTIFYs `payload` (JSON) on `channel` through `db`: inside a transaction it is sent when that
   * commits, and never if it rolls back.
   * @throws Error when the JSON is over MAX_PAYLOAD_BYTES
   */
  publish(db: DbOrTx, channel: Channel, payload: object): Promise<void>;
  /** As publish, for many payloads in one statement (a batch's announcements), in their order. */
  publishMany(db: DbOrTx, channel: Channel, payloads: readonly object[]): Promise<void>;
  /** Calls `listener` with each parsed payload published on `channel` by any process. @returns unsubscribe */
  subscribe(channel: Channel, listener: (payload: unknown) => void): Promise<() => void>;
  /** Stops listening (subscribers get nothing more). */
  close(): Promise<void>;
}

/** The bus over `database`. Listens lazily: a process with no subscriber holds no LISTEN. */
export function createEventBus(database: Database): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listening = new Map<Channel, Promise<() => Promise<void>>>();

  return {
    async publish(db, channel, payload) {
      const text = JSON.stringify(payload);
      if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`Event payload over ${MAX_PAYLOAD_BYTES} bytes on ${channel}`);
      await db.execute(sql`select pg_notify(${channel}, ${text})`);
    },
    async publishMany(db, channel, payloads) {
      if (payloads.length === 0) return;
      const texts = payloads.map((p) => JSON.stringify(p));
      const tooBig = texts.find((t) => Buffer.byteLength(t) > MAX_PAYLOAD_BYTES);
      if (tooBig) throw new Error(`Event payload over ${MAX_PAYLOAD_BYTES} bytes on ${channel}`);
      // The set-returning function yields the array in order, and NOTIFYs of a transaction are delivered in the order sent.
      await db.execute(sql`select pg_notify(${channel}, p.t) from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as p(t)`);
    },
    async subscribe(channel, listener) {
      if (!listening.has(channel)) {
        const started = database.listen(channel, (text) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            return;
          }
          emitter.emit(channel, parsed);
        });
        listening.set(channel, started);
        started.catch(() => listening.delete(channel));
      }
      await listening.get(channel);
      emitter.on(channel, listener);
      return () => {
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
      const stops = [...listening.values()];
      listening.clear();
      await Promise.allSettled(stops.map(async (s) => (await s)()));
    },
  };
}

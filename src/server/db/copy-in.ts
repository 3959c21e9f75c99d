/**
 * `COPY ... FROM` for bulk loads (issue 12 "Speed": the allocation import stages its rows with
 * COPY, then upserts them in one set-based statement).
 *
 * - PostgreSQL (node-postgres): `COPY <table> FROM STDIN` over the transaction's own connection,
 *   as pg-copy-streams does: a submittable query that answers the server's CopyInResponse with
 *   CopyData messages and CopyDone. The data is already in memory (one chunk of rows); it goes out
 *   in ~256 kB messages through two reused buffers (sendCopyData).
 * - PGlite: `COPY <table> FROM '/dev/blob'` with the data handed over as a Blob (PGlite's
 *   documented way to copy from the client, QueryOptions.blob).
 *
 * Both run inside the caller's Drizzle transaction, so the staged rows commit or roll back with it.
 */
import type { DbOrTx } from './client';

/** What a COPY reads: the rows in PostgreSQL's text format (e.g. domain/portfolio/loan-stage.ts copyField), as text or as its UTF-8 bytes; parts end on a line's end. */
export type CopyData = readonly (string | Uint8Array)[];

/** node-postgres's connection, the part a COPY FROM STDIN uses. */
interface PgConnection {
  query(text: string): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  /** The socket: CopyData messages are written to it directly (see sendCopyData). */
  stream: { write(chunk: Uint8Array, callback?: (err?: Error | null) => void): boolean };
}

/** Characters of COPY text per CopyData message. */
const PIECE_CHARS = 256 * 1024;

/**
 * Writes `data` as CopyData messages through two reused buffers, each refilled only once the
 * socket has taken its previous message. node-postgres's own sendCopyFromChunk copies every piece
 * into a fresh buffer (after the caller's Buffer.from): an import's 90 MB of COPY text became
 * ~180 MB of short-lived buffers outside V8's heap, freed only when a garbage collection ran, and
 * the server's resident memory grew with them (issue 12 "Speed": the import's peak under 400 MB).
 */
async function sendCopyData(connection: PgConnection, data: CopyData, failed: () => boolean): Promise<void> {
  const buffers = [Buffer.allocUnsafe(5 + 3 * PIECE_CHARS), Buffer.allocUnsafe(5 + 3 * PIECE_CHARS)];
  const taken: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  let turn = 0;
  const send = async (text: string) => {
    turn ^= 1;
    await taken[turn];
    const buffer = buffers[turn];
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit, so the piece always fits.
    const length = buffer.write(text, 5, 'utf8');
    buffer[0] = 0x64; // 'd': CopyData
    buffer.writeInt32BE(length + 4, 1);
    taken[turn] = new Promise<void>((resolve, reject) => connection.stream.write(buffer.subarray(0, 5 + length), (err) => (err ? reject(err) : resolve())));
  };
  let pending = '';
  const written: Promise<void>[] = [];
  for (const part of data) {
    if (failed()) return;
    if (typeof part !== 'string') {
      // Bytes go out as they are, as one CopyData message (its header, then the caller's buffer).
      if (pending.length > 0) await send(pending);
      pending = '';
      if (part.length === 0) continue;
      const header = Buffer.allocUnsafe(5);
      header[0] = 0x64;
      header.writeInt32BE(part.length + 4, 1);
      connection.stream.write(header);
      written.push(new Promise<void>((resolve, reject) => connection.stream.write(part, (err) => (err ? reject(err) : resolve()))));
      continue;
    }
    pending += part;
    while (pending.length >= PIECE_CHARS) {
      await send(pending.slice(0, PIECE_CHARS));
      pending = pending.slice(PIECE_CHARS);
    }
  }
  if (pending.length > 0) await send(pending);
  await Promise.all([...taken, ...written]);
}

/**
 * A COPY FROM STDIN as node-postgres runs a query object: `submit` sends the statement; the client
 * then calls the handlers below with the server's answers (client.js _handle*).
 */
class CopyFromStdin {
  private error: Error | null = null;
  rowCount = 0;
  constructor(
    private readonly text: string,
    private readonly data: CopyData,
    private readonly done: (err: Error | null, rowCount: number) => void,
  ) {}
  submit(connection: PgConnection): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: PgConnection): void {
    // The connection sends nothing else until this query's ReadyForQuery, so the data may go out
    // over several turns of the event loop. After the server reported an error it answers
    // ReadyForQuery and drops any CopyData, CopyDone or CopyFail still coming (protocol, "COPY
    // Operations"), so sending simply stops.
    sendCopyData(connection, this.data, () => this.error !== null).then(
      () => connection.endCopyFrom(),
      (err: unknown) => connection.sendCopyFail(err instanceof Error ? err.message : String(err)),
    );
  }
  handleCommandComplete(msg: { text?: string }): void {
    const n = /(\d+)$/.exec(msg.text ?? '');
    this.rowCount = n ? Number(n[1]) : 0;
  }
  handleError(err: Error): void {
    // The client forgets this query on an error, so its ReadyForQuery will not reach us.
    this.error = err;
    this.done(err, 0);
  }
  handleReadyForQuery(): void {
    if (!this.error) this.done(null, this.rowCount);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handleCopyData(): void {}
  handlePortalSuspended(): void {}
}

/** The driver client under a Drizzle transaction: node-postgres's PoolClient or PGlite's Transaction. */
function driverClient(tx: DbOrTx): unknown {
  return (tx as unknown as { session?: { client?: unknown } }).session?.client;
}

/**
 * Runs `COPY <target> FROM STDIN|'/dev/blob'` (text format: tab-separated, `\N` for NULL) with `data`.
 * @param tx a Drizzle transaction (node-postgres or PGlite); the rows are visible only inside it until it commits
 * @param target the table and column list, e.g. `import_stage (n, company_id, v)` (trusted SQL, not user input)
 * @param data the rows, each line ending in '\n', fields joined by '\t' and escaped (e.g. domain/portfolio/loan-stage.ts copyField)
 * @returns how many rows were copied
 * @throws the database's error (bad data, a missing table); the transaction is then aborted
 */
export async function copyInto(tx: DbOrTx, target: string, data: CopyData): Promise<number> {
  const client = driverClient(tx) as { connection?: unknown; query: (...args: unknown[]) => unknown } | undefined;
  if (!client) throw new Error('copyInto needs a transaction');
  if (client.connection) {
    // node-postgres: the query object is queued like any other on this connection.
    return new Promise<number>((resolve, reject) => {
      const q = new CopyFromStdin(`COPY ${target} FROM STDIN`, data, (err, n) => (err ? reject(err) : resolve(n)));
      client.query(q);
    });
  }
  // Blob copies the bytes (the import's buffers are then free to be reused).
  const blob = new Blob(data as BlobPart[]);
  const res = (await client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob })) as { affectedRows?: number };
  return res.affectedRows ?? 0;
}

/**
 * File storage adapter (ARCHITECTURE "Data and tenancy": import files, error files, exports,
 * visit photos). Keys are relative paths such as `imports/<company>/<id>/source.xlsx`. Local disk
 * under `<dataDir>/files` is the default; S3-compatible storage is named in the config but not
 * implemented yet (start-up fails with a clear message rather than pretending).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config';

export interface StoredFile {
  key: string;
  /** Bytes written. */
  size: number;
}

export interface FileStorage {
  /** Writes `body` under `key` (replacing any file there). */
  put(key: string, body: Readable | Buffer | string): Promise<StoredFile>;
  /** A stream of the file. @throws Error with code 'ENOENT' when absent. */
  read(key: string): Readable;
  /** A local path to the file, for libraries that want one (exceljs, SheetJS). Local storage only. */
  localPath(key: string): string;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

/** Rejects keys that would escape the root (`..`, absolute paths). */
function safeKey(key: string): string {
  const normal = path.posix.normalize(key.replace(/\\/g, '/'));
  if (normal.startsWith('..') || path.posix.isAbsolute(normal) || normal === '.') throw new Error(`Invalid storage key: ${key}`);
  return normal;
}

/** Local-disk storage rooted at `root` (created on first write). */
export function localFileStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, body) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (typeof body === 'string' || Buffer.isBuffer(body)) {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(target, body);
      } else {
        await pipeline(body, createWriteStream(target));
      }
      return { key, size: (await stat(target)).size };
    },
    read: (key) => createReadStream(full(key)),
    localPath: full,
    async size(key) {
      try {
        return (await stat(full(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}

/**
 * The configured storage. With `dataDir` 'memory://' (tests) files go to a fresh temporary
 * directory. @throws Error for FILE_STORAGE=s3, which is not implemented yet.
 */
export function createFileStorage(config: AppConfig): FileStorage {
  if (config.fileStorage.kind === 's3') throw new Error('FILE_STORAGE=s3 is not implemented yet; use local');
  const dir = config.dataDir === 'memory://' ? path.join(os.tmpdir(), `recovery-files-${randomBytes(6).toString('hex')}`) : config.fileStorage.dir;
  return localFileStorage(dir);
}

/** Storing a file uploaded to the legal area (a notice's POD, a case's order): the file and its rows together. */
import type { Db, DbOrTx } from '../../db/client';
import type { FormFile } from '../../http/multipart';
import type { FileStorage } from '../../storage/files';

/**
 * Stores an uploaded file under `key`, then runs `record` (the rows naming it, in one transaction);
 * the file is removed again when `record` fails, so no stored file is left without its row.
 */
export async function storeUpload<T>(db: Db, files: FileStorage, key: string, file: FormFile, record: (tx: DbOrTx, size: number) => Promise<T>): Promise<T> {
  const stored = await files.put(key, file.data);
  try {
    return await db.transaction((tx) => record(tx, stored.size));
  } catch (err) {
    await files.delete(key).catch(() => undefined);
    throw err;
  }
}

/** The stored key of an upload: `prefix/id.ext` (the extension of the sent name, lower case). */
export function uploadKey(prefix: string, id: string, fileName: string): string {
  return `${prefix}/${id}${/\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0].toLowerCase() ?? ''}`;
}


/**
 * A ZIP archive written as a stream (the Documents view of notice exports, spec 9), by archiver:
 * entries are stored, not deflated (PDFs and scans are compressed already), and pulled one at a
 * time: the next entry's bytes are read only after archiver has written the previous one, so an
 * export of MAX_EXPORT_DOCUMENTS notices never holds more than one file in memory. Names are made
 * unique by a numeric suffix (two borrowers' notices can share a file name).
 */
import type { Readable } from 'node:stream';
import archiver from 'archiver';

export interface ZipEntry {
  /** The file's name inside the archive (UTF-8). */
  name: string;
  bytes: () => Promise<Buffer>;
}

/** A readable ZIP of `entries` in order; a failing entry destroys the stream with its error. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, when = new Date()): Readable {
  const archive = archiver('zip', { store: true });
  const seen = new Set<string>();
  void (async () => {
    for await (const e of entries) {
      let name = e.name;
      for (let i = 2; seen.has(name); i++) name = e.name.replace(/(\.[^.]*)?$/, (ext) => `_${i}${ext}`);
      seen.add(name);
      const data = await e.bytes();
      const written = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
      archive.append(data, { name, date: when });
      await written;
    }
    await archive.finalize();
  })().catch((err: unknown) => archive.destroy(err instanceof Error ? err : new Error(String(err))));
  return archive;
}

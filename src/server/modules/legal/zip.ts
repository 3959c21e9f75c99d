/**
 * A ZIP archive written as a stream (the Documents view of notice exports, spec 9): entries are
 * stored, not deflated (PDFs and scans are compressed already), each read whole once (a notice
 * or a POD is small) so its CRC-32 and size go in its local header; the central directory follows.
 * No ZIP64: an export holds at most MAX_EXPORT_DOCUMENTS files, far below 65,535 and 4 GB.
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** The file's name inside the archive (UTF-8). */
  name: string;
  bytes: () => Promise<Buffer>;
}

/** DOS time and date of `d` (local fields as UTC: archives made here carry UTC times). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A readable ZIP of `entries` in order (names made unique by a numeric suffix). */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, when = new Date()): Readable {
  const { time, date } = dosTime(when);
  async function* gen(): AsyncGenerator<Buffer> {
    const central: Buffer[] = [];
    const seen = new Set<string>();
    let offset = 0;
    let count = 0;
    for await (const e of entries) {
      let name = e.name;
      for (let i = 2; seen.has(name); i++) name = e.name.replace(/(\.[^.]*)?$/, (ext) => `_${i}${ext}`);
      seen.add(name);
      const data = await e.bytes();
      const nameBytes = Buffer.from(name, 'utf8');
      const crc = crc32(data) >>> 0;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      local.writeUInt16LE(0, 28);
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4); // made by
      dir.writeUInt16LE(20, 6);
      dir.writeUInt16LE(0x0800, 8);
      dir.writeUInt16LE(0, 10);
      dir.writeUInt16LE(time, 12);
      dir.writeUInt16LE(date, 14);
      dir.writeUInt32LE(crc, 16);
      dir.writeUInt32LE(data.length, 20);
      dir.writeUInt32LE(data.length, 24);
      dir.writeUInt16LE(nameBytes.length, 28);
      dir.writeUInt32LE(offset, 42);
      central.push(dir, nameBytes);
      yield Buffer.concat([local, nameBytes]);
      yield data;
      offset += 30 + nameBytes.length + data.length;
      count += 1;
    }
    const dirBytes = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(dirBytes.length, 12);
    end.writeUInt32LE(offset, 16);
    yield dirBytes;
    yield end;
  }
  return Readable.from(gen());
}

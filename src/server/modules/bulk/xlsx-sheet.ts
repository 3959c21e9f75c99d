/**
 * Reads the first worksheet of an .xlsx file row by row with a hand-written scanner (issue 12
 * "Speed": exceljs's SAX-based row parsing held an import at ~12,000 rows/s; this reads the same
 * cells several times faster). Runs in the parser's worker thread (xlsx-worker.ts), loaded through
 * tsx's CommonJS hook, so it imports nothing but Node's own modules.
 *
 * The file is a zip: its central directory is read from the end of the file (no one-pass reader,
 * which loses entries stored after the worksheets: exceljs issue #3064), then the workbook, its
 * relations, the styles and the shared strings are read, and the first sheet's XML is inflated and
 * scanned as it streams, one complete `<row>` at a time.
 *
 * Cells come out as exceljs gave them to the import: shared and inline strings as text (rich text
 * runs joined, phonetic runs left out), numbers as numbers, numbers under a date format as Dates
 * (exceljs's rule: built-in formats 14–22 and 45–47, or a custom code with y, m, d, h, s or b
 * outside quotes and brackets; the 1904 date system honoured), booleans, errors as { error }, a
 * formula as its cached result. Only the XML of the SpreadsheetML schema without namespace prefixes
 * is understood (as exceljs).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import type { Readable } from 'node:stream';

/** A cap passed: `limit` marks it for the worker (its message is the user's answer). */
export class XlsxLimitError extends Error {
  readonly limit = true;
}

/** Longest stretch of sheet XML held without a complete row, in characters (a row of 500 long cells fits many times). */
const MAX_ROW_XML = 32 * 1024 * 1024;

interface ZipEntry {
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the local file header. */
  offset: number;
}

/** The entries of a zip's central directory by name. @throws Error when it is not a zip this reads (no end record, zip64, encrypted) */
async function zipEntries(file: FileHandle): Promise<Map<string, ZipEntry>> {
  const { size } = await file.stat();
  const tailSize = Math.min(size, 22 + 0xffff);
  const tail = Buffer.alloc(tailSize);
  await file.read(tail, 0, tailSize, size - tailSize);
  let end = -1;
  for (let i = tailSize - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('Not an .xlsx file (no zip directory)');
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (dirOffset === 0xffffffff || count === 0xffff) throw new Error('Zip64 .xlsx files are not supported');
  const dir = Buffer.alloc(dirSize);
  await file.read(dir, 0, dirSize, dirOffset);
  const entries = new Map<string, ZipEntry>();
  for (let p = 0, n = 0; n < count && p + 46 <= dir.length; n += 1) {
    if (dir.readUInt32LE(p) !== 0x02014b50) throw new Error('Corrupt zip directory');
    const flags = dir.readUInt16LE(p + 8);
    const nameLength = dir.readUInt16LE(p + 28);
    const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
    if ((flags & 1) === 0) {
      entries.set(name, { method: dir.readUInt16LE(p + 10), compressedSize: dir.readUInt32LE(p + 20), uncompressedSize: dir.readUInt32LE(p + 24), offset: dir.readUInt32LE(p + 42) });
    }
    p += 46 + nameLength + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
  }
  return entries;
}

/** An entry's inflated content as a stream of UTF-8 text, and the compressed bytes read so far. */
async function entryText(file: FileHandle, filePath: string, entry: ZipEntry): Promise<{ stream: Readable; read: () => number }> {
  const header = Buffer.alloc(30);
  await file.read(header, 0, 30, entry.offset);
  if (header.readUInt32LE(0) !== 0x04034b50) throw new Error('Corrupt zip entry');
  const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  let read = 0;
  const raw = createReadStream(filePath, { start, end: start + Math.max(0, entry.compressedSize - 1), highWaterMark: 256 * 1024 });
  raw.on('data', (chunk) => (read += chunk.length));
  if (entry.compressedSize === 0) raw.destroy();
  let stream: Readable;
  if (entry.method === 0) stream = raw;
  else if (entry.method === 8) {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    raw.on('error', (err) => inflate.destroy(err));
    stream = raw.pipe(inflate);
  } else throw new Error(`Unsupported zip compression method ${entry.method}`);
  stream.setEncoding('utf8');
  return { stream, read: () => read };
}

/** A whole (small) entry as text; '' when absent. */
async function wholeText(file: FileHandle, filePath: string, entries: Map<string, ZipEntry>, name: string): Promise<string> {
  const entry = entries.get(name);
  if (!entry) return '';
  let text = '';
  for await (const chunk of (await entryText(file, filePath, entry)).stream) text += chunk as string;
  return text;
}

/**
 * Splits a streamed XML text into complete elements named `tag` (`<tag …>…</tag>` or `<tag …/>`),
 * yielding batches of them as one string with each element's [start, end) offsets.
 */
async function* elements(stream: Readable, tag: string): AsyncGenerator<{ text: string; starts: number[]; ends: number[] }> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let buf = '';
  for await (const chunk of stream) {
    buf = buf.length === 0 ? (chunk as string) : buf + (chunk as string);
    const starts: number[] = [];
    const ends: number[] = [];
    let pos = 0;
    for (;;) {
      const s = nextTag(buf, open, pos);
      if (s < 0) break;
      const tagEnd = buf.indexOf('>', s);
      if (tagEnd < 0) break;
      if (buf.charCodeAt(tagEnd - 1) === 47 /* / */) {
        starts.push(s);
        ends.push(tagEnd + 1);
        pos = tagEnd + 1;
        continue;
      }
      const e = buf.indexOf(close, tagEnd);
      if (e < 0) break;
      starts.push(s);
      ends.push(e + close.length);
      pos = e + close.length;
    }
    if (starts.length > 0) yield { text: buf, starts, ends };
    // Keep from the first incomplete element on (or the last few characters, where `<tag` may be cut).
    const rest = nextTag(buf, open, pos);
    buf = rest >= 0 ? buf.slice(rest) : buf.slice(Math.max(pos, buf.length - open.length));
    if (buf.length > MAX_ROW_XML) throw new XlsxLimitError('A row of the file is too large to read');
  }
}

/** The offset of the next `<name` start tag (not a longer name such as `<rowBreaks`) from `from`, or -1. */
function nextTag(s: string, open: string, from: number): number {
  for (let i = s.indexOf(open, from); i >= 0; i = s.indexOf(open, i + 1)) {
    const c = s.charCodeAt(i + open.length);
    if (c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13) return i;
    if (Number.isNaN(c)) return i; // cut at the chunk's end: an element's possible start
  }
  return -1;
}

/** The value of attribute `name` in the start tag s[from, to), or undefined. */
function attr(s: string, from: number, to: number, name: string): string | undefined {
  const key = `${name}=`;
  for (let i = s.indexOf(key, from); i >= 0 && i < to; i = s.indexOf(key, i + 1)) {
    const before = s.charCodeAt(i - 1);
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13) continue;
    const q = s[i + key.length];
    const end = s.indexOf(q, i + key.length + 1);
    return end < 0 || end > to ? undefined : s.slice(i + key.length + 1, end);
  }
  return undefined;
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character data with its entity and character references decoded. */
export function xmlText(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(ENTITY, (_, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
    name ? NAMED[name] : String.fromCodePoint(hex ? parseInt(hex, 16) : Number(dec)),
  );
}

/** The text of every `<t>` in s[from, to), phonetic runs (`<rPh>`) left out: a shared or inline string. */
function runsText(s: string, from: number, to: number): string {
  let text = '';
  let pos = from;
  for (;;) {
    const t = nextTag(s, '<t', pos);
    if (t < 0 || t >= to) return text;
    const ph = s.indexOf('<rPh', pos);
    if (ph >= 0 && ph < t) {
      const phEnd = s.indexOf('</rPh>', ph);
      if (phEnd < 0 || phEnd >= to) return text;
      pos = phEnd + 6;
      continue;
    }
    const tagEnd = s.indexOf('>', t);
    if (s.charCodeAt(tagEnd - 1) === 47) {
      pos = tagEnd + 1;
      continue;
    }
    const e = s.indexOf('</t>', tagEnd);
    if (e < 0 || e > to) return text;
    text += xmlText(s.slice(tagEnd + 1, e));
    pos = e + 4;
  }
}

/** Built-in number formats exceljs reads as dates. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** exceljs's isDateFmt: a format code with a date or time letter outside quotes and brackets. */
function isDateCode(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (cellXfs index), whether its number format shows a date. */
function dateStyles(styles: string): boolean[] {
  const custom = new Map<number, string>();
  for (let i = nextTag(styles, '<numFmt', 0); i >= 0; i = nextTag(styles, '<numFmt', i + 1)) {
    const end = styles.indexOf('>', i);
    const id = Number(attr(styles, i, end, 'numFmtId'));
    custom.set(id, xmlText(attr(styles, i, end, 'formatCode') ?? ''));
  }
  const from = styles.indexOf('<cellXfs');
  const to = styles.indexOf('</cellXfs>', from);
  const result: boolean[] = [];
  if (from < 0 || to < 0) return result;
  for (let i = nextTag(styles, '<xf', from); i >= 0 && i < to; i = nextTag(styles, '<xf', i + 1)) {
    const id = Number(attr(styles, i, styles.indexOf('>', i), 'numFmtId') ?? 0);
    const code = custom.get(id);
    result.push(code !== undefined ? isDateCode(code) : DATE_FORMAT_IDS.has(id));
  }
  return result;
}

/** The first worksheet's entry name: the workbook's first sheet through its relation, else the lowest-numbered sheet file. */
function firstSheetName(workbook: string, rels: string, entries: Map<string, ZipEntry>): string | undefined {
  const sheet = nextTag(workbook, '<sheet', 0);
  const rId = sheet >= 0 ? attr(workbook, sheet, workbook.indexOf('>', sheet), 'r:id') : undefined;
  for (let i = nextTag(rels, '<Relationship', 0); rId && i >= 0; i = nextTag(rels, '<Relationship', i + 1)) {
    const end = rels.indexOf('>', i);
    if (attr(rels, i, end, 'Id') !== rId) continue;
    const target = xmlText(attr(rels, i, end, 'Target') ?? '');
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (entries.has(name)) return name;
  }
  const numbered = [...entries.keys()].map((n) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(n)).filter((m) => m !== null);
  numbered.sort((a, b) => Number(a[1]) - Number(b[1]));
  return numbered[0]?.[0];
}

/** 1-based column number of a cell reference ('B7' → 2), or 0 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + c - 64;
    else if (c >= 97 && c <= 122) col = col * 26 + c - 96;
    else break;
  }
  return col;
}

/** A read of the first worksheet: its rows, and the share of the sheet's compressed bytes read. */
export interface XlsxSheet {
  /** Batches of rows in sheet order, blank rows as empty arrays (the n-th row is sheet row n); cells as described in the module comment, null in gaps. */
  rows: AsyncGenerator<unknown[][]>;
  fraction(): number;
}

/**
 * Opens `filePath`'s first worksheet.
 * @param caps.maxRows rows beyond this throw an XlsxLimitError ('The file has more than N rows')
 * @param caps.maxColumns a cell beyond this column throws an XlsxLimitError
 * @throws Error for a file that is not a readable zip (also from the rows iterator, for bad XML data)
 */
export async function openXlsxSheet(filePath: string, caps: { maxRows: number; maxColumns: number }): Promise<XlsxSheet> {
  const file = await open(filePath, 'r');
  try {
    const entries = await zipEntries(file);
    const workbook = await wholeText(file, filePath, entries, 'xl/workbook.xml');
    const date1904 = (() => {
      const pr = nextTag(workbook, '<workbookPr', 0);
      const v = pr >= 0 ? attr(workbook, pr, workbook.indexOf('>', pr), 'date1904') : undefined;
      return v === '1' || v === 'true';
    })();
    const sheetName = firstSheetName(workbook, await wholeText(file, filePath, entries, 'xl/_rels/workbook.xml.rels'), entries);
    const isDate = dateStyles(await wholeText(file, filePath, entries, 'xl/styles.xml'));
    const strings: string[] = [];
    const sst = entries.get('xl/sharedStrings.xml');
    if (sst) {
      for await (const { text, starts, ends } of elements((await entryText(file, filePath, sst)).stream, 'si')) {
        for (let k = 0; k < starts.length; k += 1) strings.push(runsText(text, starts[k], ends[k]));
      }
    }
    const sheet = sheetName ? entries.get(sheetName) : undefined;
    if (!sheet) {
      await file.close();
      return { rows: (async function* () {})(), fraction: () => 1 };
    }
    const { stream, read } = await entryText(file, filePath, sheet);
    const tooManyRows = `The file has more than ${caps.maxRows.toLocaleString('en-US')} rows`;
    const tooManyColumns = `The file has more than ${caps.maxColumns} columns`;
    const epochShift = 25569 - (date1904 ? 1462 : 0);
    /** A cell's value from its type, style and text between `<v>` and `</v>` (or the inline string). */
    const value = (t: string | undefined, style: number, v: string): unknown => {
      switch (t) {
        case 's':
          return strings[Number(v)] ?? null;
        case 'str':
        case 'inlineStr':
          return xmlText(v);
        case 'b':
          return Number(v) !== 0;
        case 'e':
          return { error: xmlText(v) };
        case 'd':
          return new Date(v);
        default: {
          const n = parseFloat(v);
          return isDate[style] ? new Date(Math.round((n - epochShift) * 86_400_000)) : n;
        }
      }
    };
    async function* rows(): AsyncGenerator<unknown[][]> {
      try {
        let next = 1; // the sheet row the next yielded row is
        for await (const { text: s, starts, ends } of elements(stream, 'row')) {
          const batch: unknown[][] = [];
          for (let k = 0; k < starts.length; k += 1) {
            const rowStart = starts[k];
            const rowEnd = ends[k];
            const tagEnd = s.indexOf('>', rowStart);
            const r = attr(s, rowStart, tagEnd, 'r');
            const number = r === undefined ? next : Number(r);
            if (number > caps.maxRows) throw new XlsxLimitError(tooManyRows);
            for (; next < number; next += 1) batch.push([]);
            next = Math.max(next, number + 1);
            const cells: unknown[] = [];
            let col = 0;
            for (let c = nextTag(s, '<c', tagEnd); c >= 0 && c < rowEnd; c = nextTag(s, '<c', c + 2)) {
              const cTagEnd = s.indexOf('>', c);
              const ref = attr(s, c, cTagEnd, 'r');
              col = ref === undefined ? col + 1 : columnOf(ref) || col + 1;
              if (col > caps.maxColumns) throw new XlsxLimitError(tooManyColumns);
              if (s.charCodeAt(cTagEnd - 1) === 47) continue; // <c …/>: no value
              const cEnd = s.indexOf('</c>', cTagEnd);
              const t = attr(s, c, cTagEnd, 't');
              const styleText = attr(s, c, cTagEnd, 's');
              const style = styleText === undefined ? 0 : Number(styleText);
              let v: unknown;
              if (t === 'inlineStr') {
                const is = nextTag(s, '<is', cTagEnd);
                v = is >= 0 && is < cEnd ? runsText(s, is, cEnd) : undefined;
              } else {
                const vStart = nextTag(s, '<v', cTagEnd);
                if (vStart >= 0 && vStart < cEnd) {
                  const vTagEnd = s.indexOf('>', vStart);
                  const vEnd = s.charCodeAt(vTagEnd - 1) === 47 ? vTagEnd + 1 : s.indexOf('</v>', vTagEnd);
                  v = value(t, style, s.slice(vTagEnd + 1, Math.max(vTagEnd + 1, vEnd)));
                }
              }
              if (v === undefined) continue;
              while (cells.length < col - 1) cells.push(null);
              cells[col - 1] = v;
            }
            batch.push(cells);
          }
          yield batch;
        }
      } finally {
        stream.destroy();
        await file.close();
      }
    }
    return { rows: rows(), fraction: () => (sheet.compressedSize > 0 ? Math.min(1, read() / sheet.compressedSize) : 1) };
  } catch (err) {
    await file.close().catch(() => undefined);
    throw err;
  }
}

/**
 * What an uploaded file may be (spec 5 upload rules; issue 12 "the extension is trusted over the
 * content"): each upload route names the extensions it accepts (`FileRule.accept` in its endpoint
 * definition), and every file is checked twice, on the server, whatever the client did:
 * - its name (acceptFileName): one real extension from the route's list; a spec 5 blocked
 *   extension anywhere among the name's extensions ('x.exe.pdf' is refused too), a trailing dot
 *   ('x.exe.'), or no extension at all is refused;
 * - its first bytes (checkFileContent): not empty, and the file signature of its extension
 *   (a .xls must be an OLE2 compound file, a .pdf must start with %PDF, a .csv is text, ...).
 */
import { open } from 'node:fs/promises';
import { BLOCKED_EXTENSIONS } from '../../domain/validation/rules';
import { badRequest } from './errors';

/** Spec 5 message for a file without a usable extension. */
export const FILE_TYPE_MESSAGE = 'File type is not supported!';
/** A file of 0 bytes. */
export const EMPTY_FILE_MESSAGE = 'The file is empty';
/** The file's first bytes are not those of its extension's format. */
export const CONTENT_MISMATCH_MESSAGE = 'File content does not match its type';
/** Bytes of a file's start that checkFileContent reads (a text file's NUL scan looks this far). */
export const SIGNATURE_BYTES = 8 * 1024;


const blocked = new Set<string>(BLOCKED_EXTENSIONS);

/**
 * The accepted extension of `fileName` (lower case, without the dot).
 * @param accept the route's extensions, lower case
 * @throws 400 '.{ext} file type is not supported!' for a blocked or unlisted extension (a blocked one
 *   anywhere in the name wins), 'File type is not supported!' for a name without an extension or
 *   ending in a dot
 */
export function acceptFileName(fileName: string, accept: readonly string[]): string {
  const name = fileName.trim();
  // 'x.exe.' and 'x.exe ' are saved as x.exe by Windows: the trailing dots/spaces make the type unknown.
  if (name === '' || /[.\s]$/.test(fileName)) throw badRequest(FILE_TYPE_MESSAGE);
  // No dot, or only a leading one ('.pdf' is a hidden file without a type).
  if (name.lastIndexOf('.') <= 0) throw badRequest(FILE_TYPE_MESSAGE);
  const extensions = name.toLowerCase().split('.').slice(1).filter((p) => p !== '');
  const last = extensions[extensions.length - 1];
  const dangerous = extensions.find((ext) => blocked.has(ext));
  if (dangerous) throw badRequest(`.${dangerous} file type is not supported!`);
  if (!accept.includes(last)) throw badRequest(`.${last} file type is not supported!`);
  return last;
}

const startsWith = (head: Buffer, bytes: readonly number[]): boolean => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  // Office Open XML is a ZIP archive.
  xlsx: (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]),
  // BIFF .xls lives in an OLE2 compound file.
  xls: (h) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  pdf: (h) => startsWith(h, [0x25, 0x50, 0x44, 0x46]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47]),
  webp: (h) => startsWith(h, [0x52, 0x49, 0x46, 0x46]) && h.subarray(8, 12).toString('latin1') === 'WEBP',
  // Text: no NUL byte in the first KBs (a binary renamed .csv has them at once).
  csv: (h) => !h.subarray(0, SIGNATURE_BYTES).includes(0),
  txt: (h) => !h.subarray(0, SIGNATURE_BYTES).includes(0),
};

/**
 * Checks a file's first bytes against its extension.
 * @param ext from acceptFileName
 * @param head the file's first bytes (SIGNATURE_BYTES of them, or the whole file when shorter)
 * @param size the file's size in bytes
 * @throws 400 'The file is empty' for 0 bytes; 'File content does not match its type' when the
 *   signature differs (extensions without a known signature pass)
 */
export function checkFileContent(ext: string, head: Buffer, size: number): void {
  if (size === 0) throw badRequest(EMPTY_FILE_MESSAGE);
  const matches = SIGNATURES[ext];
  if (matches && !matches(head)) throw badRequest(CONTENT_MISMATCH_MESSAGE);
}

/** checkFileContent on a stored file's first bytes. @throws as checkFileContent */
export async function checkFileAt(filePath: string, ext: string): Promise<void> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(SIGNATURE_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    checkFileContent(ext, head, size);
  } finally {
    await handle.close();
  }
}

/**
 * Sending files (kernel): stored files (photos, slips, documents, exports, error files) with a
 * Content-Disposition every browser reads, whatever the file name's script (RFC 6266 / RFC 8187:
 * an ASCII `filename` fallback and the UTF-8 `filename*`), and a 404 in the envelope when the file
 * is gone.
 */
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../storage/files';
import { forbidden } from './errors';

/** Why a masked caller does not get a file made for an author who could read unmasked data. */
export const UNMASKED_FILE_REFUSED = 'This export holds unmasked data; export it again to get it masked';

/**
 * Masking is per caller, never per author (issue 12; spec 6 access_unmasked_data). A file made in
 * clear that cannot be masked as it streams out (printed notices, a report without its columns'
 * variables) is refused to a caller who sees personal fields masked: they may export it again, made
 * masked for them. A masked file may go to anyone (it leaks nothing).
 * @throws 403 UNMASKED_FILE_REFUSED
 */
export function refuseClearFileToMaskedCaller(file: { unmasked: boolean }, callerUnmasked: boolean): void {
  if (file.unmasked && !callerUnmasked) throw forbidden(UNMASKED_FILE_REFUSED);
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` for `fileName`: the fallback keeps printable ASCII
 * (others become `_`), the starred form carries the name exactly (Hindi, emoji).
 */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stream as a download named `fileName`. */
export function sendDownload(reply: FastifyReply, body: Readable | Buffer | string, file: { fileName: string; contentType: string }): FastifyReply {
  return reply.header('content-type', file.contentType).header('x-content-type-options', 'nosniff').header('content-disposition', contentDisposition(file.fileName)).send(body);
}

/**
 * Sends a stored file, or a 404 envelope with `notFoundMessage` when storage no longer has it.
 * @param file.fileName when given, sent as an attachment with that name; else inline (images)
 */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStorage,
  file: { key: string; contentType: string; fileName?: string; cacheControl?: string },
  notFoundMessage: string,
): Promise<FastifyReply> {
  if ((await files.size(file.key)) === null) return reply.code(404).send({ success: false, message: notFoundMessage, data: null });
  if (file.cacheControl) reply.header('cache-control', file.cacheControl);
  if (file.fileName) return sendDownload(reply, files.read(file.key), { fileName: file.fileName, contentType: file.contentType });
  return reply.header('content-type', file.contentType).send(files.read(file.key));
}

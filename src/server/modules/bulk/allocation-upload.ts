/**
 * Allocation file uploads (spec 5 upload rules; issue 3 imports, issue 5 "allocate loans via
 * excel"): the multipart `file` is streamed to file storage under
 * `imports/<company>/<upload id>/source.<ext>` with a `meta.json` naming the original file, never
 * buffered whole; a preview's upload is found again by its id.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ALLOCATION_FILE } from '../../../domain/contracts/bulk/imports';
import { AppError, notFound } from '../../http/errors';
import { readStreamedForm, type StreamedForm } from '../../http/multipart';
import { checkFileAt } from '../../http/upload-rules';
import type { FileStorage } from '../../storage/files';
import type { AllocationFileKind } from './allocation-reader';

/** Bytes in the spec 5 upload limit (1 MB = 1024 × 1024 bytes). */
export const IMPORT_MAX_FILE_BYTES = ALLOCATION_FILE.maxMb * 1024 * 1024;
/** Spec 5 message for an upload over the limit. */
export const FILE_TOO_LARGE_MESSAGE = `File size exceeds limit of ${ALLOCATION_FILE.maxMb}MB`;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A file stored by storeUpload. */
export interface StoredUpload {
  uploadId: string;
  key: string;
  fileName: string;
  kind: AllocationFileKind;
  size: number;
}

const uploadKey = (companyId: string, uploadId: string, kind: AllocationFileKind) => `imports/${companyId}/${uploadId}/source.${kind}`;
const metaKey = (companyId: string, uploadId: string) => `imports/${companyId}/${uploadId}/meta.json`;

/**
 * Streams an uploaded allocation file to storage (never buffered whole), then checks its first
 * bytes against its kind (upload-rules.ts checkFileAt).
 * @param body the file stream; multipart sets `truncated` when the size limit cut it
 * @param kind the accepted extension (readStreamedForm checked the name against ALLOCATION_FILE.accept)
 * @throws 400 'The file is empty' / 'File content does not match its type' (the file is deleted), 413 'File size exceeds limit of 50MB' when the
 *   stream was cut at IMPORT_MAX_FILE_BYTES (the partial file is deleted)
 */
export async function storeUpload(files: FileStorage, companyId: string, fileName: string, body: Readable & { truncated?: boolean }, kind: AllocationFileKind): Promise<StoredUpload> {
  const uploadId = randomUUID();
  const key = uploadKey(companyId, uploadId, kind);
  const stored = await files.put(key, body);
  if (body.truncated || stored.size > IMPORT_MAX_FILE_BYTES) {
    await files.delete(key);
    throw new AppError(413, FILE_TOO_LARGE_MESSAGE);
  }
  try {
    await checkFileAt(files.localPath(key), kind);
  } catch (err) {
    await files.delete(key);
    throw err;
  }
  await files.put(metaKey(companyId, uploadId), JSON.stringify({ file_name: fileName, kind, size: stored.size }));
  return { uploadId, key, fileName, kind, size: stored.size };
}

/** A previewed upload of the company by its file_id. @throws 404 'File not found' (other companies' ids included). */
export async function findUpload(files: FileStorage, companyId: string, fileId: string): Promise<StoredUpload> {
  if (!UPLOAD_ID.test(fileId)) throw notFound('File not found');
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of files.read(metaKey(companyId, fileId))) chunks.push(chunk as Buffer);
    const meta = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { file_name: string; kind: AllocationFileKind; size: number };
    return { uploadId: fileId, key: uploadKey(companyId, fileId, meta.kind), fileName: meta.file_name, kind: meta.kind, size: meta.size };
  } catch {
    throw notFound('File not found');
  }
}

/**
 * Reads a multipart form whose `file` field (ALLOCATION_FILE, the endpoint definitions' rule) is
 * streamed to storage as an allocation file: the text fields and the stored upload (null when none
 * was sent). Used by imports and by loan operations ("allocate loans via excel").
 * @throws 400 when the request is not multipart, the file type is refused or its content is not of its type,
 *   413 'File size exceeds limit of 50MB' over the size
 */
export function readAllocationForm(req: FastifyRequest, files: FileStorage, companyId: string): Promise<StreamedForm<StoredUpload>> {
  return readStreamedForm(req, {
    field: 'file',
    accept: ALLOCATION_FILE.accept,
    maxBytes: IMPORT_MAX_FILE_BYTES,
    tooLarge: FILE_TOO_LARGE_MESSAGE,
    store: (fileName, stream, ext) => storeUpload(files, companyId, fileName, stream, ext as AllocationFileKind),
    discard: (upload) => files.delete(upload.key),
  });
}

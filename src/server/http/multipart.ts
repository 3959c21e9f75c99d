/**
 * Reading multipart forms (kernel), with spec 5's upload rules. Two ways:
 * - buffered (`readFieldForm`: the field app's visits, deposits, documents): the files' bytes are
 *   hashed for the idempotency check before anything is stored;
 * - streamed (`readStreamedForm`: allocation spreadsheets up to 50 MB): one file field is streamed
 *   to storage through the caller's `store`, never held whole in memory.
 * Buffered rules:
 * blocked extensions ('.exe file type is not supported!'), a size limit per file ('File size
 * exceeds limit of {n}MB', 413), a number of files ('You can only select up to {n} files.') and,
 * for photos, images only. Files are buffered (at most a few of ≤ 10 MB): their bytes are hashed for
 * the idempotency check before anything is stored.
 */
import type { FastifyRequest } from 'fastify';
import { checkUploads } from '../../domain/validation/rules';
import { acceptFileName, checkFileContent } from './upload-rules';
import type { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { AppError, badRequest } from './errors';
import { holdsNul, NUL_MESSAGE } from './input-guards';
import { parseJsonText } from './json-text';

/** A text field's value. @throws 400 NUL_MESSAGE when the name or value holds U+0000 */
function textField(name: string, value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  if (holdsNul(name) || holdsNul(text)) throw badRequest(NUL_MESSAGE);
  return text;
}

export const UNREADABLE_FORM_MESSAGE = 'The form could not be read: send complete multipart/form-data';

/**
 * A failure while reading a multipart body as the client's fault: our own AppErrors pass, anything
 * else (no boundary, a body cut short, a malformed part) becomes a 400.
 */
function unreadable(err: unknown): unknown {
  return err instanceof AppError ? err : badRequest(UNREADABLE_FORM_MESSAGE);
}

export interface FormFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface FieldForm {
  fields: Record<string, string>;
  files: FormFile[];
}

export const IMAGES_ONLY_MESSAGE = 'Only images (JPEG, PNG or WebP) can be uploaded';
const IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

/** The storage extension of an accepted image type ('jpg' for anything unknown). */
export function imageExtension(mimetype: string): string {
  return IMAGE_TYPES.get(mimetype) ?? 'jpg';
}

/** The content type to serve a stored image with, from its key's extension. */
export function imageTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return [...IMAGE_TYPES].find(([, e]) => e === ext)?.[0] ?? 'image/jpeg';
}

/**
 * Reads the whole form.
 * @param rules `fileFields` the file field names with the extensions each accepts (others are
 *   refused; upload-rules.ts checks each file's name and first bytes), `maxSizeMb` per file,
 *   `maxFiles` in all, `imagesOnly` to accept only JPEG/PNG/WebP
 * @throws 400 not multipart / refused file type / empty file / content not of its type / too many
 *   files / not an image / unknown file field;
 *   413 'File size exceeds limit of {n}MB'
 */
export async function readFieldForm(req: FastifyRequest, rules: { fileFields: Readonly<Record<string, readonly string[]>>; maxSizeMb: number; maxFiles: number; imagesOnly: boolean }): Promise<FieldForm> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data');
  const form: FieldForm = { fields: {}, files: [] };
  const sizeMessage = `File size exceeds limit of ${rules.maxSizeMb}MB`;
  try {
    for await (const part of req.parts({ limits: { fileSize: rules.maxSizeMb * 1024 * 1024, files: rules.maxFiles + 1, fields: 20, fieldSize: 1024 * 1024 } })) {
      if (part.type !== 'file') {
        form.fields[part.fieldname] = textField(part.fieldname, part.value);
        continue;
      }
      const accept = Object.hasOwn(rules.fileFields, part.fieldname) ? rules.fileFields[part.fieldname] : null;
      if (!accept) throw badRequest(`Unexpected file field: ${part.fieldname}`);
      const ext = acceptFileName(part.filename, accept);
      if (rules.imagesOnly && !IMAGE_TYPES.has(part.mimetype)) throw badRequest(IMAGES_ONLY_MESSAGE);
      const data = await part.toBuffer();
      checkFileContent(ext, data, data.length);
      form.files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      const problem = checkUploads(form.files.map((f) => ({ name: f.filename, size: f.data.length })), rules);
      if (problem) throw badRequest(problem);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, sizeMessage);
    if (code === 'FST_FILES_LIMIT') throw badRequest(`You can only select up to ${rules.maxFiles} files.`);
    throw unreadable(err);
  }
  return form;
}

/**
 * Parses a JSON form field against a zod-like schema.
 * @throws 400 '<name> is required' / '<name> must be JSON' / 'Invalid <name>: field — message'
 */
export function jsonField<T>(form: FieldForm, name: string, schema: z.ZodType<T>): { value: T; raw: unknown } {
  const text = form.fields[name];
  if (text === undefined) throw badRequest(`${name} is required`);
  return parseJsonText(text, schema, {
    notJson: `${name} must be JSON`,
    invalid: (issue) => `Invalid ${name}: ${issue?.path.map(String).join('.') || name} — ${issue?.message ?? 'invalid'}`,
  });
}

/**
 * Multipart bodies are read as streams by the handler, so the body schema only documents the form in
 * the OpenAPI document; the other parts (querystring, params) are validated by zod as usual.
 */
export const documentOnlyBody: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** JSON bodies are validated by the contract; a multipart body (no parsed body) is read by the handler. */
export const jsonOrMultipartBody: FastifySchemaCompiler<unknown> = (route) => {
  const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return route.httpPart === 'body' ? (data: unknown) => (data === undefined || data === null ? { value: data } : zod(data)) : zod;
};

/** A multipart form whose one file field was streamed to storage: its text fields and what `store` answered. */
export interface StreamedForm<T> {
  fields: Record<string, string>;
  upload: T | null;
}

/**
 * Reads a multipart form, streaming the first part of file field `field` through `store` (never
 * buffered whole); other file parts are drained and ignored.
 * @param rules.accept the extensions the file may have (upload-rules.ts acceptFileName, checked
 *   before `store` is called; `store` gets the extension and checks the stored bytes)
 * @param rules.maxBytes the size limit of the file (the stream is cut there: 413 `tooLarge`)
 * @param rules.discard undoes a stored upload when the rest of the form fails
 * @throws 400 when the request is not multipart or the file's name is refused; 413 `tooLarge` over the size; what `store` throws
 */
export async function readStreamedForm<T>(
  req: FastifyRequest,
  rules: { field: string; accept: readonly string[]; maxBytes: number; maxFields?: number; tooLarge: string; store: (fileName: string, stream: Readable & { truncated?: boolean }, ext: string) => Promise<T>; discard: (upload: T) => Promise<void> },
): Promise<StreamedForm<T>> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const form: StreamedForm<T> = { fields: {}, upload: null };
  try {
    for await (const part of req.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: rules.maxFields ?? 10, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== rules.field || form.upload) {
          part.file.resume();
          continue;
        }
        let ext: string;
        try {
          ext = acceptFileName(part.filename, rules.accept);
        } catch (err) {
          part.file.resume();
          throw err;
        }
        form.upload = await rules.store(part.filename, part.file, ext);
      } else {
        form.fields[part.fieldname] = textField(part.fieldname, part.value);
      }
    }
  } catch (err) {
    if (form.upload) await rules.discard(form.upload);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rules.tooLarge);
    throw unreadable(err);
  }
  return form;
}

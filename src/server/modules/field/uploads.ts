/**
 * Reading the field app's multipart forms (visits, deposits, documents) with spec 5's upload rules:
 * blocked extensions ('.exe file type is not supported!'), a size limit per file ('File size
 * exceeds limit of {n}MB', 413), a number of files ('You can only select up to {n} files.') and,
 * for photos, images only. Files are buffered (at most a few of ≤ 10 MB): their bytes are hashed for
 * the idempotency check before anything is stored.
 */
import type { FastifyRequest } from 'fastify';
import { BLOCKED_EXTENSIONS, checkUploads, fileExtension } from '../../../domain/validation/rules';
import type { z } from 'zod';
import { AppError, badRequest } from '../../http/errors';
import { parseJsonText } from '../../http/json-text';

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
 * @param rules `fileFields` accepted file field names (others are refused), `maxSizeMb` per file,
 *   `maxFiles` in all, `imagesOnly` to accept only JPEG/PNG/WebP
 * @throws 400 not multipart / blocked extension / too many files / not an image / unknown file field;
 *   413 'File size exceeds limit of {n}MB'
 */
export async function readFieldForm(req: FastifyRequest, rules: { fileFields: readonly string[]; maxSizeMb: number; maxFiles: number; imagesOnly: boolean }): Promise<FieldForm> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data');
  const form: FieldForm = { fields: {}, files: [] };
  const sizeMessage = `File size exceeds limit of ${rules.maxSizeMb}MB`;
  try {
    for await (const part of req.parts({ limits: { fileSize: rules.maxSizeMb * 1024 * 1024, files: rules.maxFiles + 1, fields: 20, fieldSize: 1024 * 1024 } })) {
      if (part.type !== 'file') {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const ext = fileExtension(part.filename);
      if ((BLOCKED_EXTENSIONS as readonly string[]).includes(ext)) throw badRequest(`.${ext} file type is not supported!`);
      if (!rules.fileFields.includes(part.fieldname)) throw badRequest(`Unexpected file field: ${part.fieldname}`);
      if (rules.imagesOnly && !IMAGE_TYPES.has(part.mimetype)) throw badRequest(IMAGES_ONLY_MESSAGE);
      const data = await part.toBuffer();
      form.files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      const problem = checkUploads(form.files.map((f) => ({ name: f.filename, size: f.data.length })), rules);
      if (problem) throw badRequest(problem);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, sizeMessage);
    if (code === 'FST_FILES_LIMIT') throw badRequest(`You can only select up to ${rules.maxFiles} files.`);
    throw err;
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

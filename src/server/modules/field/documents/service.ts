/**
 * Loan documents (issue 4 "Document upload": KYC and address proof against a loan; spec 5 blocked
 * extensions and 'File size exceeds limit of 10MB'; spec 7 document service). Files go to storage
 * under field/<company>/documents/<document>/; the row keeps the Idempotency-Key it came with.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { documentRecord, documentUploadFields } from '../../../../domain/contracts/field/documents.schema';
import { NO_LOAN_DETAILS_MESSAGE } from '../../../../domain/contracts/portfolio/profiles';
import { containsMarkup } from '../../../../domain/validation/rules';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, notFound } from '../../../http/errors';
import type { FileStorage } from '../../../storage/files';
import { loanExists } from '../../portfolio/queries';
import { documents } from '../schema';
import type { DocumentRow } from '../schema';
import type { FormFile } from '../../../http/multipart';

type DocumentRecord = z.infer<typeof documentRecord>;
type DocumentFields = z.infer<typeof documentUploadFields>;

const downloadUrl = (documentId: string) => `/api/document/uploads/${documentId}/file`;

function toDocumentRecord(d: DocumentRow): DocumentRecord {
  return {
    document_id: d.documentId,
    loan_id: d.loanId,
    allocation_month: d.allocationMonth,
    document_type: d.documentType as DocumentRecord['document_type'],
    description: d.description,
    file_name: d.fileName,
    file_size: d.fileSize,
    content_type: d.contentType,
    url: downloadUrl(d.documentId),
    user_id: d.userId,
    created_at: d.createdAt.toISOString(),
  };
}

/**
 * POST /api/document/uploads (inside the idempotent transaction): stores the file and its row.
 * @throws 400 markup in the description; 404 'No loan details found' when the company has no such loan in that month
 */
export async function uploadDocument(tx: DbOrTx, files: FileStorage, scope: { companyId: string; userId: string }, key: string, fields: DocumentFields, file: FormFile): Promise<DocumentRecord> {
  if (containsMarkup(fields.description)) throw badRequest('Description must not contain markup tags');
  if (!(await loanExists(tx, scope.companyId, { loanId: fields.loan_id, allocationMonth: fields.allocation_month }))) throw notFound(NO_LOAN_DETAILS_MESSAGE);
  const documentId = randomUUID();
  // The original name is kept on the row only; the storage key uses a sanitised one.
  const safeName = fields.document_type + (/\.[A-Za-z0-9]{1,8}$/.exec(file.filename)?.[0].toLowerCase() ?? '');
  const stored = await files.put(`field/${scope.companyId}/documents/${documentId}/${safeName}`, file.data);
  try {
    const [row] = await tx
      .insert(documents)
      .values({
        documentId,
        companyId: scope.companyId,
        idempotencyKey: key,
        userId: scope.userId,
        loanId: fields.loan_id,
        allocationMonth: fields.allocation_month,
        documentType: fields.document_type,
        description: fields.description,
        fileName: file.filename,
        fileSize: file.data.length,
        contentType: file.mimetype || 'application/octet-stream',
        storageKey: stored.key,
      })
      .returning();
    return toDocumentRecord(row);
  } catch (err) {
    await files.delete(stored.key);
    throw err;
  }
}

/** GET /api/document/uploads: the company's documents of a loan (or all, newest first, at most 500). */
export async function listDocuments(db: Db, companyId: string, loanId?: string): Promise<DocumentRecord[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), loanId ? eq(documents.loanId, loanId) : undefined))
    .orderBy(desc(documents.createdAt))
    .limit(500);
  return rows.map(toDocumentRecord);
}

/** A document of the company, for download. @throws 404 'Document not found' */
export async function documentFile(db: Db, companyId: string, documentId: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(and(eq(documents.companyId, companyId), eq(documents.documentId, documentId)));
  if (!row) throw notFound('Document not found');
  return row;
}

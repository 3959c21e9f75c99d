/**
 * The pre-repossession notice as a PDF (issue 16), printed on request with the kernel printer once
 * the initiation is approved. A masked reader gets it with chassis, engine number and name masked.
 */
import { formatMinor } from '../../../domain/common/money';
import { maskValue } from '../../../domain/common/masking';
import { repossessionNoticeHtml } from '../../../domain/repossession/notice';
import type { DbOrTx } from '../../db/client';
import type { SecretKeys } from '../../security/secret-box';
import type { NoticeSendRecord, SendNoticeBody } from '../../../domain/contracts/repossession/cases';
import { notSentReasons, sendToBorrower } from '../communication/queries';
import { withPrinter } from '../../documents/pdf';
import { conflict } from '../../http/errors';
import { getCompany } from '../companies/queries';
import { addLoanEvents, borrowerDetails, loanMessageFacts } from '../portfolio/queries';
import { caseRow } from './service';

/** PDF bytes and file name of a case's notice. @throws 404; 409 before the initiation is approved */
export async function noticePdf(db: DbOrTx, companyId: string, caseId: string, unmasked: boolean, today: string): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await caseRow(db, companyId, caseId);
  if (row.stage === 'initiated' || row.stage === 'rejected') throw conflict('The notice is issued once the repossession is approved');
  const [company, facts, details] = await Promise.all([getCompany(db, companyId), loanMessageFacts(db, companyId, row.loanId), borrowerDetails(db, companyId, row.loanId, row.allocationMonth)]);
  const v = details?.values;
  const address = v ? [v.address_line_1, v.address_line_2, v.address_line_3].filter(Boolean).join(', ') : '';
  const name = facts?.borrowerName ?? details?.applicantName ?? '';
  const html = repossessionNoticeHtml({
    lender: company.trademark ?? companyId,
    issueDate: today,
    borrowerName: unmasked ? name : maskValue('name', name),
    address,
    loanId: row.loanId,
    dues: formatMinor(facts?.totalClaimAmountMinor ?? 0, company.country_currency_code === 'IDR' ? 'IDR' : 'INR'),
    assetDescription: row.assetDescription,
    registrationNumber: row.registrationNumber,
    chassisNumber: unmasked ? row.chassisNumber : maskValue('identifier', row.chassisNumber),
    engineNumber: unmasked ? row.engineNumber : maskValue('identifier', row.engineNumber),
  });
  const bytes = await withPrinter((p) => p.print(html));
  return { bytes, fileName: `pre-repossession-notice-${row.loanId}.pdf` };
}

/** The cover text of the message carrying the notice (the PDF is the notice). */
export const NOTICE_MESSAGE = {
  name: 'Pre-repossession notice',
  subject: 'Notice before repossession, loan {{loan_id}}',
  text: 'Dear {{borrower_name}}, please find attached the notice issued to you before repossession of the asset financed under loan {{loan_id}}. Please read it and act within the time it gives.',
};

/**
 * Sends the pre-repossession notice to the borrower (inside the idempotent write's transaction) in
 * clear, with the PDF attached, and writes the outcome on the loan's timeline.
 * @throws 409 before approval; 400 (from communication) no email or number on the loan
 */
export async function sendNotice(tx: DbOrTx, keys: SecretKeys, companyId: string, actorId: string, caseId: string, body: SendNoticeBody, now: Date): Promise<NoticeSendRecord> {
  const row = await caseRow(tx, companyId, caseId);
  const pdf = await noticePdf(tx, companyId, caseId, true, now.toISOString().slice(0, 10));
  const r = await sendToBorrower(
    tx,
    { companyId, loanId: row.loanId, channel: body.channel, content: NOTICE_MESSAGE, variables: {}, attachment: { fileName: pdf.fileName, contentType: 'application/pdf', bytes: pdf.bytes }, actorId, lang: body.lang ?? 'en' },
    now,
    { keys },
  );
  const reasons = notSentReasons(r);
  const via = body.channel === 'email' ? 'email' : 'WhatsApp';
  await addLoanEvents(tx, [
    {
      companyId,
      loanId: row.loanId,
      allocationMonth: row.allocationMonth,
      kind: 'repossession',
      module: 'repossession',
      remark: r.outcome === 'sent' ? `Pre-repossession notice sent by ${via}` : `Pre-repossession notice not sent by ${via}: ${reasons.join('; ')}`,
      details: { case_id: caseId, event: `notice_${r.outcome}`, channel: body.channel, message_id: r.message.message_id },
      authorId: actorId,
      createdAt: now,
    },
  ]);
  return { case_id: caseId, outcome: r.outcome, channel: body.channel, message_id: r.message.message_id, message_status: r.message.status, reasons };
}

/**
 * The settlement letter as a document (issue 16 "once approved, a settlement letter … sent through
 * the communication area"): printed for download (GET …/letter) and sent to the borrower by email or
 * WhatsApp with the PDF attached (POST …/letter/send) through communication's `sendToBorrower`
 * (compliance check, the company's provider, the message stored and tracked).
 */
import { countryTimeZone, localDay } from '../../../domain/common/dates';
import type { LetterLanguage } from '../../../domain/settlements/settlements';
import type { LetterSendRecord, SendLetterBody } from '../../../domain/contracts/settlements/settlements';
import type { DbOrTx } from '../../db/client';
import type { SecretKeys } from '../../security/secret-box';
import { notSentReasons, sendToBorrower } from '../communication/queries';
import { companyCountry, getCompany } from '../companies/queries';
import { addLoanEvents } from '../portfolio/queries';
import { printLetter } from './letter';
import { letterFacts } from './service';

/**
 * The letter's PDF and file name. `unmasked` decides whether the borrower's name is printed in clear
 * (a masked caller's download is masked; the copy sent to the borrower is always in clear).
 * @throws 404 until the settlement is approved
 */
export async function settlementLetterPdf(db: DbOrTx, companyId: string, settlementId: string, opts: { language?: LetterLanguage; unmasked: boolean; now: Date }): Promise<{ pdf: Buffer; fileName: string; loanId: string; allocationMonth: string; language: LetterLanguage }> {
  const { row, name, instalments } = await letterFacts(db, companyId, settlementId, opts.unmasked);
  const [company, { country, currency }] = await Promise.all([getCompany(db, companyId), companyCountry(db, companyId)]);
  const language = opts.language ?? row.language;
  const pdf = await printLetter({
    language,
    companyName: company.trademark,
    currency,
    issueDate: localDay(row.approvedAt ?? opts.now, countryTimeZone(country).offsetMinutes),
    borrowerName: name ?? '',
    loanId: row.loanId,
    settlementAmountMinor: row.settlementAmountMinor,
    totalClaimAmountMinor: row.totalClaimAmountMinor,
    validityDate: row.validityDate,
    instalments,
  });
  return { pdf, fileName: `settlement_letter_${row.loanId}.pdf`.replace(/[^\w.-]/g, '_'), loanId: row.loanId, allocationMonth: row.allocationMonth, language };
}

/** The cover text of the message carrying the letter (the PDF is the letter). */
export const LETTER_MESSAGE = {
  name: 'Settlement letter',
  subject: 'Settlement letter for loan {{loan_id}}',
  text: 'Dear {{borrower_name}}, please find attached the settlement letter for loan {{loan_id}}. Please pay as it sets out before its validity date.',
};

/**
 * Sends the approved letter to the borrower (inside the idempotent write's transaction `db`) and
 * writes the outcome on the loan's timeline.
 * @throws 404 until approved; 400 (from communication) no email or number on the loan
 */
export async function sendSettlementLetter(db: DbOrTx, keys: SecretKeys, companyId: string, actorId: string, settlementId: string, body: SendLetterBody, now: Date): Promise<LetterSendRecord> {
  const letter = await settlementLetterPdf(db, companyId, settlementId, { language: body.language, unmasked: true, now });
  const r = await sendToBorrower(
    db,
    {
      companyId,
      loanId: letter.loanId,
      channel: body.channel,
      content: LETTER_MESSAGE,
      variables: {},
      attachment: { fileName: letter.fileName, contentType: 'application/pdf', bytes: letter.pdf },
      actorId,
      lang: body.lang ?? 'en',
    },
    now,
    { keys },
  );
  const reasons = notSentReasons(r);
  const via = body.channel === 'email' ? 'email' : 'WhatsApp';
  await addLoanEvents(db, [
    {
      companyId,
      loanId: letter.loanId,
      allocationMonth: letter.allocationMonth,
      kind: 'settlement',
      module: 'settlement',
      remark: r.outcome === 'sent' ? `Settlement letter sent by ${via}` : `Settlement letter not sent by ${via}: ${reasons.join('; ')}`,
      details: { settlement_id: settlementId, event: `letter_${r.outcome}`, channel: body.channel, message_id: r.message.message_id },
      authorId: actorId,
      createdAt: now,
    },
  ]);
  return { settlement_id: settlementId, outcome: r.outcome, channel: body.channel, message_id: r.message.message_id, message_status: r.message.status, reasons };
}

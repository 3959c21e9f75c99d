/**
 * The receipt the executive shares with the borrower (issue 4 "Receipt ... shareable with the
 * borrower (text and a printable page)"): the plain text sent by the share sheet or copied.
 */
import type { ReceiptBody } from '../../../../domain/contracts/field/receipts';
import { formatMinor, type Currency } from '../../../../domain/common/money';
import { bodyMinor } from '../format';

/** What a receipt shows besides its wire body. */
export interface ReceiptView extends Pick<ReceiptBody, 'receipt_number' | 'loan_id' | 'amount' | 'amount_minor' | 'payment_mode' | 'instrument_number' | 'bank_name' | 'payer_name' | 'collected_at'> {
  applicant_name: string | null;
  executive_name: string | null;
  company_name: string | null;
  currency: Currency;
}

/** Labels of the receipt text, already translated. */
export interface ReceiptLabels {
  title: string;
  receiptNumber: string;
  loan: string;
  borrower: string;
  amount: string;
  mode: string;
  instrument: string;
  bank: string;
  payer: string;
  date: string;
  collectedBy: string;
  modeName: (mode: ReceiptBody['payment_mode']) => string;
}

/**
 * The receipt as plain text, one 'label: value' line each, empty fields left out.
 * @param locale date formatting locale (e.g. 'en-IN')
 */
export function receiptText(receipt: ReceiptView, labels: ReceiptLabels, locale = 'en-IN'): string {
  const when = new Date(receipt.collected_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const lines: Array<[string, string | null]> = [
    [labels.receiptNumber, receipt.receipt_number],
    [labels.loan, receipt.loan_id],
    [labels.borrower, receipt.applicant_name],
    [labels.amount, formatMinor(bodyMinor(receipt), receipt.currency)],
    [labels.mode, labels.modeName(receipt.payment_mode)],
    [labels.instrument, receipt.instrument_number],
    [labels.bank, receipt.bank_name],
    [labels.payer, receipt.payer_name],
    [labels.date, when],
    [labels.collectedBy, receipt.executive_name],
  ];
  const head = receipt.company_name ? `${receipt.company_name} · ${labels.title}` : labels.title;
  return [head, ...lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`)].join('\n');
}

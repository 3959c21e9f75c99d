/**
 * The pre-repossession notice (issue 16; RBI Fair Practices Code for lenders: before repossessing
 * a secured asset the lender gives the borrower notice of the dues and a period to pay). Pure: the
 * printable HTML the kernel printer (src/server/documents/pdf.ts) turns into a PDF. Every value is
 * escaped text.
 */
import { escapeHtml } from '../legal/templates';

/** Days the borrower is given to pay before the asset is repossessed. */
export const NOTICE_PERIOD_DAYS = 7;

export interface NoticeFacts {
  lender: string;
  issueDate: string;
  borrowerName: string;
  address: string;
  loanId: string;
  /** Formatted dues ('Rs 1,23,456.00'). */
  dues: string;
  assetDescription: string;
  registrationNumber: string | null;
  chassisNumber: string;
  engineNumber: string;
}

/** The notice as a self-contained A4 HTML document (English). */
export function repossessionNoticeHtml(f: NoticeFacts): string {
  const e = (v: string | null) => escapeHtml(v ?? '—');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pre-repossession notice</title>
<style>
@page { size: A4; margin: 20mm 18mm; }
body { font-family: 'Noto Serif', 'Noto Sans', serif; font-size: 11.5pt; line-height: 1.55; color: #111; }
h1 { font-size: 14pt; text-align: center; margin: 0 0 12pt; }
table { border-collapse: collapse; margin: 8pt 0; }
td { padding: 2pt 10pt 2pt 0; vertical-align: top; }
</style></head><body>
<h1>PRE-REPOSSESSION NOTICE</h1>
<p>${e(f.lender)}<br>Date: ${e(f.issueDate)}</p>
<p>To,<br>${e(f.borrowerName)}<br>${e(f.address)}</p>
<p><b>Loan account: ${e(f.loanId)}</b></p>
<p>You have defaulted in the repayment of the above loan. The amount outstanding as on the date of this notice is <b>${e(f.dues)}</b>.</p>
<p>The loan is secured by the hypothecation of the following asset:</p>
<table>
<tr><td>Asset</td><td>${e(f.assetDescription)}</td></tr>
<tr><td>Registration number</td><td>${e(f.registrationNumber)}</td></tr>
<tr><td>Chassis number</td><td>${e(f.chassisNumber)}</td></tr>
<tr><td>Engine number</td><td>${e(f.engineNumber)}</td></tr>
</table>
<p>In terms of the loan agreement and the Fair Practices Code of the Reserve Bank of India, you are hereby given notice to pay the amount outstanding within ${NOTICE_PERIOD_DAYS} days of the date of this notice. If it is not paid within this period, the lender will take possession of the asset without further notice, through an authorised agency, and may sell it to recover the dues. The asset will be released to you on payment of the amount outstanding before its sale; the proceeds of any sale will be credited to your loan account and any balance will be refunded to you.</p>
<p>The repossession will be carried out with the local police informed before and after it, and an inventory of the asset and of any belongings found in it will be made at the time.</p>
<p>For ${e(f.lender)}<br><br>Authorised signatory</p>
</body></html>`;
}

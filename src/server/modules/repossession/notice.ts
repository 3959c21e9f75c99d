/**
 * The pre-repossession notice as a PDF (issue 16), printed on request with the kernel printer once
 * the initiation is approved. A masked reader gets it with chassis, engine number and name masked.
 */
import { formatMinor } from '../../../domain/common/money';
import { maskValue } from '../../../domain/common/masking';
import { repossessionNoticeHtml } from '../../../domain/repossession/notice';
import type { Db } from '../../db/client';
import { withPrinter } from '../../documents/pdf';
import { conflict } from '../../http/errors';
import { getCompany } from '../companies/queries';
import { borrowerDetails, loanMessageFacts } from '../portfolio/queries';
import { caseRow } from './service';

/** PDF bytes and file name of a case's notice. @throws 404; 409 before the initiation is approved */
export async function noticePdf(db: Db, companyId: string, caseId: string, unmasked: boolean, today: string): Promise<{ bytes: Buffer; fileName: string }> {
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

/**
 * The settlement letter (issue 16): printable HTML in English, Hindi or Bahasa Indonesia, printed
 * to PDF by the kernel's Chromium printer (Devanagari shaped by HarfBuzz, Noto fonts embedded).
 * Every loan value is escaped text.
 */
import { formatMinor } from '../../../domain/common/money';
import type { LetterLanguage } from '../../../domain/settlements/settlements';
import { withPrinter } from '../../documents/pdf';

const FONT_STACK = "'Noto Serif', 'Noto Serif Devanagari', 'Noto Sans Devanagari', 'Noto Sans', serif";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LetterInput {
  language: LetterLanguage;
  companyName: string;
  currency: 'INR' | 'IDR';
  issueDate: string;
  borrowerName: string;
  loanId: string;
  settlementAmountMinor: number;
  totalClaimAmountMinor: number;
  validityDate: string;
  instalments: { seq: number; dueDate: string; amountMinor: number }[];
}

const TEXTS: Record<LetterLanguage, { title: string; to: string; loan: string; body: (a: string, c: string, w: string, v: string) => string; schedule: string; no: string; due: string; amount: string; breach: string; sign: string; date: string }> = {
  en: {
    title: 'Settlement Letter',
    date: 'Date',
    to: 'To',
    loan: 'Loan account',
    body: (a, c, w, v) => `We are pleased to inform you that your request to settle the above loan account has been approved. Against the total claim of ${c}, the account will be treated as settled on payment of ${a} (a waiver of ${w}), paid as scheduled below on or before ${v}.`,
    schedule: 'Payment schedule',
    no: 'No.',
    due: 'Due date',
    amount: 'Amount',
    breach: 'If any payment is not made by its due date (and the grace period allowed), this settlement stands cancelled and the full claim becomes payable, less the amounts paid.',
    sign: 'Authorised signatory',
  },
  hi: {
    title: 'समझौता पत्र',
    date: 'दिनांक',
    to: 'प्रति',
    loan: 'ऋण खाता',
    body: (a, c, w, v) => `हमें आपको सूचित करते हुए प्रसन्नता है कि उपरोक्त ऋण खाते के समझौते का आपका अनुरोध स्वीकृत कर लिया गया है। कुल दावा राशि ${c} के स्थान पर ${a} का भुगतान (${w} की छूट) नीचे दी गई अनुसूची के अनुसार ${v} तक करने पर खाता निपटाया हुआ माना जाएगा।`,
    schedule: 'भुगतान अनुसूची',
    no: 'क्रम',
    due: 'देय तिथि',
    amount: 'राशि',
    breach: 'यदि कोई भुगतान उसकी देय तिथि (और दी गई अनुग्रह अवधि) तक नहीं किया जाता है, तो यह समझौता निरस्त माना जाएगा और भुगतान की गई राशि घटाकर पूरी दावा राशि देय होगी।',
    sign: 'अधिकृत हस्ताक्षरकर्ता',
  },
  id: {
    title: 'Surat Penyelesaian',
    date: 'Tanggal',
    to: 'Kepada Yth.',
    loan: 'Nomor kontrak',
    body: (a, c, w, v) => `Dengan hormat, kami sampaikan bahwa permohonan penyelesaian atas kontrak di atas telah disetujui. Atas total tagihan sebesar ${c}, kontrak dianggap lunas dengan pembayaran sebesar ${a} (keringanan ${w}), dibayarkan sesuai jadwal di bawah ini paling lambat ${v}.`,
    schedule: 'Jadwal pembayaran',
    no: 'No.',
    due: 'Jatuh tempo',
    amount: 'Jumlah',
    breach: 'Apabila suatu pembayaran tidak dilakukan sampai jatuh temponya (dan masa tenggang yang diberikan), penyelesaian ini batal dan seluruh tagihan wajib dibayar, dikurangi jumlah yang telah dibayar.',
    sign: 'Hormat kami',
  },
};

/** The letter's self-contained HTML. */
export function letterHtml(input: LetterInput): string {
  const t = TEXTS[input.language];
  const money = (m: number) => esc(formatMinor(m, input.currency));
  const waiver = input.totalClaimAmountMinor - input.settlementAmountMinor;
  const rows = input.instalments.map((i) => `<tr><td>${i.seq}</td><td>${esc(i.dueDate)}</td><td class="r">${money(i.amountMinor)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${esc(t.title)}</title>
<style>
@page { size: A4; margin: 20mm 18mm; }
body { font-family: ${FONT_STACK}; font-size: 11.5pt; line-height: 1.55; color: #111; }
h1 { font-size: 14pt; text-align: center; }
table { border-collapse: collapse; width: 100%; margin: 8pt 0; }
td, th { border: 1px solid #999; padding: 3pt 6pt; text-align: left; }
.r { text-align: right; }
</style></head><body>
<h1>${esc(t.title)}</h1>
<p>${esc(t.date)}: ${esc(input.issueDate)}</p>
<p>${esc(t.to)},<br>${esc(input.borrowerName)}</p>
<p>${esc(t.loan)}: ${esc(input.loanId)}</p>
<p>${esc(t.body(formatMinor(input.settlementAmountMinor, input.currency), formatMinor(input.totalClaimAmountMinor, input.currency), formatMinor(waiver, input.currency), input.validityDate))}</p>
<h2 style="font-size:12pt">${esc(t.schedule)}</h2>
<table><thead><tr><th>${esc(t.no)}</th><th>${esc(t.due)}</th><th class="r">${esc(t.amount)}</th></tr></thead><tbody>${rows}</tbody></table>
<p>${esc(t.breach)}</p>
<p>${esc(input.companyName)}<br>${esc(t.sign)}</p>
</body></html>`;
}

/** The letter as PDF bytes (one Chromium launch). */
export async function printLetter(input: LetterInput): Promise<Buffer> {
  return withPrinter((p) => p.print(letterHtml(input)));
}

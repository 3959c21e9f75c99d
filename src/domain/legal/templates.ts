/**
 * Notice templates and their rendering (issue 17 "Notices"): the built-in texts of each notice
 * kind in English, Hindi and Bahasa Indonesia, the variables a template may use, and the pure
 * rendering of a template with a loan's values into the printable HTML a notice PDF is made from.
 *
 * A template body is plain text: paragraphs separated by a blank line, `{{variable}}` placeholders.
 * No markup is taken from the template or the loan: every value is HTML-escaped, so a borrower's
 * name cannot inject into the printed page.
 */
import type { NoticeKind } from './statute';

/** The languages a notice is written in: English, Hindi, Bahasa Indonesia. */
export const NOTICE_LANGUAGES = ['en', 'hi', 'id'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/** A template's texts, one per language it is written in. */
export type TemplateBodies = Partial<Record<NoticeLanguage, string>>;

/**
 * The placeholders a template may use. Loan values (masked variables among them are masked for a
 * masked reader), the company, and the statute's dates (statute.ts).
 */
export const NOTICE_VARIABLES = [
  'applicant_name',
  'address',
  'city',
  'state',
  'pincode',
  'loan_id',
  'product',
  'total_claim_amount',
  'principal_outstanding',
  'date_of_default',
  'cheque_number',
  'cheque_amount',
  'cheque_date',
  'bank_name',
  'cheque_return_memo_date',
  'demand_notice_date',
  'company_name',
  'issue_date',
  'pay_by',
  'notice_last_day',
  'complaint_by',
  'demand_expired_on',
  'reply_by',
] as const;
export type NoticeVariable = (typeof NOTICE_VARIABLES)[number];

/** The loan values a notice cannot be written without (a loan lacking one is no_data_found). */
export const REQUIRED_VARIABLES: readonly NoticeVariable[] = ['applicant_name', 'loan_id'];

const PLACEHOLDER = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

/** The placeholders a body uses that are not NOTICE_VARIABLES (a template with any is refused). */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(NOTICE_VARIABLES);
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !known.has(name)))];
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The body with each placeholder replaced by its value (escaped; missing values become an empty string). */
export function fillTemplate(body: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return body.replace(PLACEHOLDER, (_m, name: string) => escapeHtml(values[name] ?? ''));
}

/** Fonts named in the printed page: Noto covers Latin and Devanagari (Debian fonts-noto-core). */
const FONT_STACK = "'Noto Serif', 'Noto Serif Devanagari', 'Noto Sans Devanagari', 'Noto Sans', serif";

/** One notice's HTML fragment (a page): title line then the paragraphs of the filled body. */
export function noticeFragment(body: string, values: Readonly<Record<string, string | null | undefined>>): string {
  const paragraphs = fillTemplate(body, values)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<section class="notice">\n${paragraphs}\n</section>`;
}

/**
 * A printable HTML document of one or more notices (each starts on a new A4 page), in `language`
 * (the `lang` attribute lets Chromium pick the Devanagari font and shape conjuncts).
 */
export function noticeDocument(fragments: readonly string[], language: NoticeLanguage): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>Notice</title>
<style>
@page { size: A4; margin: 20mm 18mm; }
body { font-family: ${FONT_STACK}; font-size: 11.5pt; line-height: 1.55; color: #111; }
.notice { page-break-after: always; break-after: page; }
.notice:last-child { page-break-after: auto; break-after: auto; }
.notice p:first-child { font-weight: bold; text-align: center; font-size: 13pt; }
</style></head><body>
${fragments.join('\n')}
</body></html>`;
}

const en = (title: string, text: string) => `${title}\n\n${HEAD_EN}\n\n${text}\n\n${SIGN_EN}`;
const HEAD_EN = 'Date: {{issue_date}}\n\nTo,\n{{applicant_name}}\n{{address}}\n{{city}} {{state}} {{pincode}}\n\nLoan account: {{loan_id}} ({{product}})';
const SIGN_EN = 'For {{company_name}}\nAuthorised signatory';
const hi = (title: string, text: string) => `${title}\n\n${HEAD_HI}\n\n${text}\n\n${SIGN_HI}`;
const HEAD_HI = 'दिनांक: {{issue_date}}\n\nप्रति,\n{{applicant_name}}\n{{address}}\n{{city}} {{state}} {{pincode}}\n\nऋण खाता: {{loan_id}} ({{product}})';
const SIGN_HI = 'कृते {{company_name}}\nअधिकृत हस्ताक्षरकर्ता';
const id = (title: string, text: string) => `${title}\n\n${HEAD_ID}\n\n${text}\n\n${SIGN_ID}`;
const HEAD_ID = 'Tanggal: {{issue_date}}\n\nKepada Yth.\n{{applicant_name}}\n{{address}}\n{{city}} {{state}} {{pincode}}\n\nNomor kontrak: {{loan_id}} ({{product}})';
const SIGN_ID = 'Hormat kami,\n{{company_name}}';

/** A built-in template: its kind's name, texts and the country whose law it follows. A company starts with its country's, approved (version 1). */
export interface BuiltInTemplate {
  kind: NoticeKind;
  name: string;
  bodies: TemplateBodies;
  country: 'INDIA' | 'INDONESIA';
}

/** The built-in notice texts (statute wording kept short and plain; a company versions its own). */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    kind: 'ni_138',
    country: 'INDIA',
    name: 'NI Act s.138 demand notice',
    bodies: {
      en: en(
        'LEGAL NOTICE UNDER SECTION 138 OF THE NEGOTIABLE INSTRUMENTS ACT, 1881',
        'The cheque no. {{cheque_number}} dated {{cheque_date}} for {{cheque_amount}} drawn on {{bank_name}}, issued by you towards the above loan, was returned unpaid by your bank by its memo dated {{cheque_return_memo_date}}.\n\nYou are hereby called upon to pay the said amount of {{cheque_amount}} within 15 days of receipt of this notice, that is by {{pay_by}}. Failing payment, our client will file a complaint under Section 138 read with Section 142 of the Act before the competent court, without further notice, by {{complaint_by}}.',
      ),
      hi: hi(
        'परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के अंतर्गत कानूनी सूचना',
        'उपरोक्त ऋण के भुगतान हेतु आपके द्वारा जारी चेक संख्या {{cheque_number}} दिनांक {{cheque_date}}, राशि {{cheque_amount}}, बैंक {{bank_name}}, आपके बैंक द्वारा दिनांक {{cheque_return_memo_date}} के ज्ञापन के साथ बिना भुगतान लौटा दिया गया।\n\nआपसे अनुरोध है कि इस सूचना की प्राप्ति के 15 दिनों के भीतर, अर्थात {{pay_by}} तक, उक्त राशि {{cheque_amount}} का भुगतान करें। भुगतान न करने पर हमारे पक्षकार अधिनियम की धारा 138 सहपठित धारा 142 के अंतर्गत सक्षम न्यायालय में {{complaint_by}} तक परिवाद प्रस्तुत करेंगे।',
      ),
    },
  },
  {
    kind: 'sarfaesi_13_2',
    country: 'INDIA',
    name: 'SARFAESI s.13(2) demand notice',
    bodies: {
      en: en(
        'DEMAND NOTICE UNDER SECTION 13(2) OF THE SARFAESI ACT, 2002',
        'Your loan account has been classified as a non-performing asset. The amount outstanding is {{total_claim_amount}} (principal {{principal_outstanding}}) with further interest and charges.\n\nYou are called upon to discharge your liabilities in full within 60 days from the date of this notice, that is by {{pay_by}}, failing which the secured creditor will exercise its rights under Section 13(4) of the Act, including taking possession of the secured assets. Any representation or objection will be answered within 15 days of its receipt (Section 13(3A)).',
      ),
      hi: hi(
        'सरफेसी अधिनियम, 2002 की धारा 13(2) के अंतर्गत मांग सूचना',
        'आपका ऋण खाता अनर्जक आस्ति (एनपीए) के रूप में वर्गीकृत किया गया है। बकाया राशि {{total_claim_amount}} (मूलधन {{principal_outstanding}}) तथा आगे का ब्याज एवं प्रभार है।\n\nआपसे अपेक्षा है कि इस सूचना की तिथि से 60 दिनों के भीतर, अर्थात {{pay_by}} तक, अपनी संपूर्ण देनदारी का भुगतान करें, अन्यथा प्रतिभूत लेनदार अधिनियम की धारा 13(4) के अंतर्गत प्रतिभूत आस्तियों पर कब्जा लेने सहित अपने अधिकारों का प्रयोग करेगा। किसी भी आपत्ति का उत्तर उसकी प्राप्ति के 15 दिनों के भीतर दिया जाएगा (धारा 13(3क))।',
      ),
    },
  },
  {
    kind: 'sarfaesi_13_4',
    country: 'INDIA',
    name: 'SARFAESI s.13(4) possession notice',
    bodies: {
      en: en(
        'POSSESSION NOTICE UNDER SECTION 13(4) OF THE SARFAESI ACT, 2002',
        'A demand notice under Section 13(2) was issued to you on {{demand_notice_date}} calling upon you to repay {{total_claim_amount}} within 60 days. The 60 days expired on {{demand_expired_on}} without payment.\n\nNotice is hereby given that the undersigned has taken possession of the secured assets described in the loan documents in exercise of the powers under Section 13(4) of the Act read with Rule 8 of the Security Interest (Enforcement) Rules, 2002, on {{issue_date}}. You are cautioned not to deal with the said assets.',
      ),
      hi: hi(
        'सरफेसी अधिनियम, 2002 की धारा 13(4) के अंतर्गत कब्जा सूचना',
        'आपको धारा 13(2) के अंतर्गत दिनांक {{demand_notice_date}} को मांग सूचना जारी की गई थी, जिसमें 60 दिनों के भीतर {{total_claim_amount}} चुकाने को कहा गया था। यह अवधि {{demand_expired_on}} को बिना भुगतान समाप्त हो गई।\n\nएतद्द्वारा सूचित किया जाता है कि निम्नहस्ताक्षरी ने अधिनियम की धारा 13(4) तथा प्रतिभूति हित (प्रवर्तन) नियम, 2002 के नियम 8 के अंतर्गत प्राप्त शक्तियों का प्रयोग करते हुए दिनांक {{issue_date}} को प्रतिभूत आस्तियों का कब्जा ले लिया है।',
      ),
    },
  },
  {
    kind: 'arbitration_invocation',
    country: 'INDIA',
    name: 'Arbitration invocation notice',
    bodies: {
      en: en(
        'NOTICE INVOKING ARBITRATION UNDER SECTION 21 OF THE ARBITRATION AND CONCILIATION ACT, 1996',
        'Disputes have arisen under the loan agreement: {{total_claim_amount}} remains unpaid since {{date_of_default}}. In terms of the arbitration clause of the agreement, our client hereby invokes arbitration.\n\nYou are requested to concur in the appointment of the sole arbitrator proposed by our client within 30 days of receipt of this notice, that is by {{reply_by}}, failing which our client will proceed under Section 11 of the Act.',
      ),
      hi: hi(
        'मध्यस्थता और सुलह अधिनियम, 1996 की धारा 21 के अंतर्गत मध्यस्थता आह्वान सूचना',
        'ऋण अनुबंध के अंतर्गत विवाद उत्पन्न हुआ है: {{date_of_default}} से {{total_claim_amount}} का भुगतान बकाया है। अनुबंध के मध्यस्थता खंड के अनुसार हमारे पक्षकार एतद्द्वारा मध्यस्थता का आह्वान करते हैं।\n\nआपसे अनुरोध है कि इस सूचना की प्राप्ति के 30 दिनों के भीतर, अर्थात {{reply_by}} तक, प्रस्तावित एकमात्र मध्यस्थ की नियुक्ति पर सहमति दें, अन्यथा हमारे पक्षकार अधिनियम की धारा 11 के अंतर्गत कार्यवाही करेंगे।',
      ),
    },
  },
  {
    kind: 'loan_recall',
    country: 'INDIA',
    name: 'Loan recall notice',
    bodies: {
      en: en(
        'LOAN RECALL NOTICE',
        'You have defaulted in repayment of the above loan since {{date_of_default}}. In terms of the loan agreement, the entire loan is hereby recalled.\n\nYou are called upon to pay the total outstanding of {{total_claim_amount}} by {{pay_by}}, failing which legal proceedings will be initiated against you at your risk as to costs.',
      ),
      hi: hi(
        'ऋण वापसी सूचना',
        'आपने उपरोक्त ऋण के पुनर्भुगतान में {{date_of_default}} से चूक की है। ऋण अनुबंध के अनुसार संपूर्ण ऋण एतद्द्वारा वापस मांगा जाता है।\n\nआपसे अपेक्षा है कि {{pay_by}} तक कुल बकाया राशि {{total_claim_amount}} का भुगतान करें, अन्यथा आपके विरुद्ध कानूनी कार्यवाही प्रारंभ की जाएगी, जिसका व्यय आपको वहन करना होगा।',
      ),
    },
  },
  {
    kind: 'conciliation',
    country: 'INDIA',
    name: 'Invitation to conciliate',
    bodies: {
      en: en(
        'INVITATION TO CONCILIATE UNDER SECTION 62 OF THE ARBITRATION AND CONCILIATION ACT, 1996',
        'A dispute has arisen under the above loan: {{total_claim_amount}} remains unpaid since {{date_of_default}}. Our client invites you to settle it by conciliation under Part III of the Act, before a conciliator agreed between us.\n\nPlease accept this invitation in writing within 30 days of this notice, that is by {{reply_by}}. If no reply is received by then, the invitation will be treated as rejected (Section 62(3)) and our client will pursue its other remedies.',
      ),
      hi: hi(
        'मध्यस्थता और सुलह अधिनियम, 1996 की धारा 62 के अंतर्गत सुलह हेतु आमंत्रण',
        'उपरोक्त ऋण के अंतर्गत विवाद उत्पन्न हुआ है: {{date_of_default}} से {{total_claim_amount}} का भुगतान बकाया है। हमारे पक्षकार आपको अधिनियम के भाग III के अंतर्गत, परस्पर सहमत सुलहकर्ता के समक्ष, सुलह द्वारा इसका निपटारा करने के लिए आमंत्रित करते हैं।\n\nकृपया इस सूचना के 30 दिनों के भीतर, अर्थात {{reply_by}} तक, लिखित में यह आमंत्रण स्वीकार करें। तब तक उत्तर न मिलने पर आमंत्रण अस्वीकृत माना जाएगा (धारा 62(3)) और हमारे पक्षकार अन्य उपचार अपनाएँगे।',
      ),
    },
  },
  {
    kind: 'lok_adalat',
    country: 'INDIA',
    name: 'Lok Adalat notice',
    bodies: {
      en: en(
        'NOTICE FOR SETTLEMENT BEFORE THE LOK ADALAT',
        'Your loan account is in default since {{date_of_default}}; {{total_claim_amount}} is outstanding. Our client proposes to place this pre-litigation matter before the Lok Adalat under the Legal Services Authorities Act, 1987, where it can be settled by agreement. An award of the Lok Adalat is final and binding on both parties.\n\nPlease contact us by {{reply_by}} to confirm your participation and to receive the date and place of the sitting.',
      ),
      hi: hi(
        'लोक अदालत के समक्ष समझौते हेतु सूचना',
        'आपका ऋण खाता {{date_of_default}} से चूक में है; {{total_claim_amount}} बकाया है। हमारे पक्षकार इस मुकदमा-पूर्व मामले को विधिक सेवा प्राधिकरण अधिनियम, 1987 के अंतर्गत लोक अदालत के समक्ष रखना चाहते हैं, जहाँ आपसी सहमति से इसका निपटारा हो सकता है। लोक अदालत का निर्णय अंतिम है और दोनों पक्षों पर बाध्यकारी है।\n\nकृपया अपनी सहभागिता की पुष्टि करने तथा बैठक की तिथि और स्थान जानने के लिए {{reply_by}} तक हमसे संपर्क करें।',
      ),
    },
  },
  ...([1, 2, 3] as const).map(
    (n): BuiltInTemplate => ({
      kind: `somasi_${n}`,
      country: 'INDONESIA',
      name: `Somasi ${n}`,
      bodies: {
        id: id(
          `SOMASI ${['I', 'II', 'III'][n - 1]}`,
          `${n === 1 ? 'Berdasarkan catatan kami, Saudara belum memenuhi kewajiban pembayaran' : n === 2 ? 'Menindaklanjuti somasi sebelumnya yang tidak Saudara tanggapi, Saudara masih belum memenuhi kewajiban pembayaran' : 'Ini adalah somasi terakhir. Saudara tetap belum memenuhi kewajiban pembayaran'} atas pinjaman tersebut di atas sejak {{date_of_default}}, dengan total tagihan sebesar {{total_claim_amount}}.\n\nDengan ini kami meminta Saudara untuk melunasi kewajiban tersebut paling lambat tanggal {{pay_by}} (7 hari sejak surat ini). ${n === 3 ? 'Apabila tidak dipenuhi, kami akan menempuh upaya hukum sesuai Pasal 1238 dan 1243 KUHPerdata tanpa pemberitahuan lebih lanjut.' : 'Apabila tidak dipenuhi, kami akan mengirimkan somasi berikutnya dan mempertimbangkan upaya hukum.'}`,
        ),
        en: en(
          `SOMASI (FORMAL WARNING) ${['I', 'II', 'III'][n - 1]}`,
          `According to our records you have not paid the above loan since {{date_of_default}}; the total due is {{total_claim_amount}}.\n\nYou are requested to pay it in full by {{pay_by}} (7 days from this letter). ${n === 3 ? 'Failing payment we will take legal action under Articles 1238 and 1243 of the Indonesian Civil Code without further notice.' : 'Failing payment a further somasi will follow and legal action will be considered.'}`,
        ),
      },
    }),
  ),
];

/** The built-in template of `kind`. */
export function builtInTemplate(kind: NoticeKind): BuiltInTemplate {
  return BUILT_IN_TEMPLATES.find((t) => t.kind === kind)!;
}

/**
 * Why a contact is refused: stable codes (screens, tests and the timeline key on them) and their
 * human messages in English, Hindi and Bahasa Indonesia, with `{{param}}` placeholders.
 */

export const REASON_CODES = [
  'OUTSIDE_CONTACT_HOURS',
  'OUTSIDE_FIELD_VISIT_HOURS',
  'NOT_A_CONTACT_DAY',
  'HOLIDAY',
  'DAILY_CAP_REACHED',
  'WEEKLY_CAP_REACHED',
  'NUMBER_ON_DND',
  'LOAN_EXCLUDED',
  'PAYMENT_ASKED_OF_THIRD_PARTY',
  'DLT_TEMPLATE_REQUIRED',
  'DLT_TEMPLATE_INVALID',
  'DLT_TEXT_MISMATCH',
  'DLT_VARIABLE_TOO_LONG',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];
export type ReasonLang = 'en' | 'hi' | 'id';
export type ReasonParams = Record<string, string | number>;

/** A refused rule: its code, the message (in the asked language) and the values it names. */
export interface Reason {
  code: ReasonCode;
  message: string;
  params: ReasonParams;
}

/**
 * Reasons a supervisor's override may lift (timing, frequency, the lender's own exclusion). DND,
 * DLT and asking a third party to pay are never overridable: the operator drops a non-matching SMS
 * and the other two protect people who did not take the loan or asked not to be called.
 */
export const OVERRIDABLE: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'OUTSIDE_CONTACT_HOURS',
  'OUTSIDE_FIELD_VISIT_HOURS',
  'NOT_A_CONTACT_DAY',
  'HOLIDAY',
  'DAILY_CAP_REACHED',
  'WEEKLY_CAP_REACHED',
  'LOAN_EXCLUDED',
]);

const MESSAGES: Record<ReasonCode, Record<ReasonLang, string>> = {
  OUTSIDE_CONTACT_HOURS: {
    en: 'Contact is allowed only between {{start}} and {{end}} {{zone}}; it is {{local_time}} for the borrower',
    hi: 'संपर्क केवल {{start}} से {{end}} {{zone}} के बीच अनुमत है; उधारकर्ता के लिए अभी {{local_time}} है',
    id: 'Kontak hanya diizinkan antara pukul {{start}} dan {{end}} {{zone}}; saat ini pukul {{local_time}} bagi debitur',
  },
  OUTSIDE_FIELD_VISIT_HOURS: {
    en: 'Field visits are allowed only between {{start}} and {{end}} {{zone}}; it is {{local_time}} for the borrower',
    hi: 'फ़ील्ड विज़िट केवल {{start}} से {{end}} {{zone}} के बीच अनुमत है; उधारकर्ता के लिए अभी {{local_time}} है',
    id: 'Kunjungan lapangan hanya diizinkan antara pukul {{start}} dan {{end}} {{zone}}; saat ini pukul {{local_time}} bagi debitur',
  },
  NOT_A_CONTACT_DAY: {
    en: 'No contact on {{weekday}} ({{date}})',
    hi: '{{weekday}} ({{date}}) को संपर्क नहीं किया जा सकता',
    id: 'Tidak boleh ada kontak pada hari {{weekday}} ({{date}})',
  },
  HOLIDAY: {
    en: 'No contact on a holiday: {{name}} ({{date}})',
    hi: 'अवकाश के दिन संपर्क नहीं: {{name}} ({{date}})',
    id: 'Tidak boleh ada kontak pada hari libur: {{name}} ({{date}})',
  },
  DAILY_CAP_REACHED: {
    en: 'This loan has had {{count}} {{channel}} contacts today; the limit is {{cap}} a day',
    hi: 'इस लोन पर आज {{count}} {{channel}} संपर्क हो चुके हैं; सीमा {{cap}} प्रति दिन है',
    id: 'Pinjaman ini sudah dihubungi {{count}} kali lewat {{channel}} hari ini; batasnya {{cap}} per hari',
  },
  WEEKLY_CAP_REACHED: {
    en: 'This loan has had {{count}} {{channel}} contacts in 7 days; the limit is {{cap}} a week',
    hi: 'इस लोन पर 7 दिनों में {{count}} {{channel}} संपर्क हो चुके हैं; सीमा {{cap}} प्रति सप्ताह है',
    id: 'Pinjaman ini sudah dihubungi {{count}} kali lewat {{channel}} dalam 7 hari; batasnya {{cap}} per minggu',
  },
  NUMBER_ON_DND: {
    en: 'The number {{number}} is on the do-not-disturb list',
    hi: 'नंबर {{number}} डू-नॉट-डिस्टर्ब सूची में है',
    id: 'Nomor {{number}} ada di daftar jangan ganggu (DND)',
  },
  LOAN_EXCLUDED: {
    en: 'This loan is excluded from contact',
    hi: 'यह लोन संपर्क से बाहर रखा गया है',
    id: 'Pinjaman ini dikecualikan dari kontak',
  },
  PAYMENT_ASKED_OF_THIRD_PARTY: {
    en: 'Only the borrower may be asked to pay; a {{role}} may be contacted only to locate the borrower',
    hi: 'भुगतान केवल उधारकर्ता से मांगा जा सकता है; {{role}} से केवल उधारकर्ता का पता लगाने के लिए संपर्क किया जा सकता है',
    id: 'Hanya debitur yang boleh ditagih; {{role}} hanya boleh dihubungi untuk mencari keberadaan debitur',
  },
  DLT_TEMPLATE_REQUIRED: {
    en: 'An SMS in India needs a registered DLT template',
    hi: 'भारत में SMS के लिए पंजीकृत DLT टेम्पलेट आवश्यक है',
    id: 'SMS di India memerlukan templat DLT yang terdaftar',
  },
  DLT_TEMPLATE_INVALID: {
    en: 'The DLT template is not valid: {{problem}}',
    hi: 'DLT टेम्पलेट मान्य नहीं है: {{problem}}',
    id: 'Templat DLT tidak valid: {{problem}}',
  },
  DLT_TEXT_MISMATCH: {
    en: 'The message does not match its DLT template {{template_id}} exactly',
    hi: 'संदेश अपने DLT टेम्पलेट {{template_id}} से बिल्कुल मेल नहीं खाता',
    id: 'Pesan tidak sama persis dengan templat DLT {{template_id}}',
  },
  DLT_VARIABLE_TOO_LONG: {
    en: 'Variable {{index}} of the message has {{length}} characters; a DLT variable may have at most 30',
    hi: 'संदेश के वेरिएबल {{index}} में {{length}} अक्षर हैं; DLT वेरिएबल में अधिकतम 30 हो सकते हैं',
    id: 'Variabel {{index}} pada pesan berisi {{length}} karakter; variabel DLT paling banyak 30',
  },
};

/** The message of `code` in `lang` with its params filled in. */
export function reasonMessage(code: ReasonCode, params: ReasonParams, lang: ReasonLang = 'en'): string {
  return MESSAGES[code][lang].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** A reason with its message in `lang`. */
export function reason(code: ReasonCode, params: ReasonParams = {}, lang: ReasonLang = 'en'): Reason {
  return { code, message: reasonMessage(code, params, lang), params };
}

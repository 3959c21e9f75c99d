/**
 * Input validation rules of spec 5, shared by the web forms, the service worker and the server.
 *
 * Each predicate takes the raw string a user typed and answers whether it is acceptable; the
 * `check*` helpers answer the exact user-facing message of spec 5 or `null` when the input passes.
 * No zod here: the field app's first load imports these predicates, and zod's weight stays out of
 * it; the server's services check these same predicates and answer the same messages.
 */
/** Message for an email that fails spec 5's email rule. */
export const EMAIL_MESSAGE = 'Enter a valid email address';
/** Message for a password that fails spec 5's password rule. */
export const PASSWORD_MESSAGE =
  'Password must be at least 8 characters with a lowercase letter, an uppercase letter, a digit and a special character';
/** Message for a mobile number that fails spec 5's mobile rule. */
export const MOBILE_MESSAGE = 'Enter a valid mobile number (5 to 15 digits)';
/** Spec 5 logo upload message. */
export const LOGO_SIZE_MESSAGE = "Logo size can't be more than 3MB.";
/** Spec 5 / spec 8 support ticket message. */
export const MANDATORY_FIELDS_MESSAGE = 'Mandatory fields are missing.';
/** Spec 5 payment-setting text message. */
export const PAYMENT_SETTING_TEXT_MESSAGE = 'Special characters not allowed at the start or end.';

/** Logo upload limit (spec 9): 3 MB. */
export const LOGO_MAX_MB = 3;

/** Upload extensions refused whatever the screen (spec 5), lower case, without the dot. */
export const BLOCKED_EXTENSIONS = [
  'js', 'exe', 'php', 'bat', 'sh', 'cmd', 'bin', 'command', 'msc', 'osx', 'vbscript', 'awk', 'reg',
  'har', 'rar', 'html', 'svg', 'xml', 'json', 'asp', 'jsp', 'aspx', 'shtml',
] as const;

/** Extensions of the allocation spreadsheet uploads (issue 3), lower case, without the dot. */
export const SPREADSHEET_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
/** Extensions of photos (visits, deposit slips). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Extensions of documents against a loan (KYC, address proof): PDFs and photos of papers. */
export const DOCUMENT_EXTENSIONS = ['pdf', ...PHOTO_EXTENSIONS] as const;
/** Extensions of number lists (the DND upload). */
export const NUMBER_LIST_EXTENSIONS = ['csv', 'txt'] as const;

const MB = 1024 * 1024;

// Local part: letters, digits, underscore, dot, hyphen; domain labels; a 2-4 letter top level.
const EMAIL_RE = /^[A-Za-z0-9_.-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;
const MOBILE_RE = /^\d{5,15}$/;
const DIAL_PHONE_RE = /^[6-9]\d{9}$/;
// "Special" is anything that is neither a letter, a digit nor whitespace.
const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s]).{8,}$/;
const NUMBER_RE = /^\d+$/;
const ALPHANUMERIC_RE = /^[\w\s-]+$/;
const POSTAL_CODE_RE = /^[1-9]\d{5}$/;
const AMOUNT_RE = /^\d+(?:\.\d{1,2})?$/;
// An opening, closing or self-closing tag, a comment or a doctype; a bare "a < b" is not markup.
const MARKUP_RE = /<\s*\/?\s*[A-Za-z!][^>]*>/;

/** Spec 5 email rule: `local@domain.tld`, local part `[A-Za-z0-9_.-]`, top level 2 to 4 letters. */
export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/** Spec 5 mobile rule: digits only, 5 to 15 of them. */
export function isValidMobile(value: string): boolean {
  return MOBILE_RE.test(value);
}

/** Spec 5 dialing phone rule: exactly 10 digits, the first 6, 7, 8 or 9. */
export function isValidDialPhone(value: string): boolean {
  return DIAL_PHONE_RE.test(value);
}

/** Spec 5 password rule: at least 8 characters with a lowercase, an uppercase, a digit and a special character. */
export function isValidPassword(value: string): boolean {
  return PASSWORD_RE.test(value);
}

/** Spec 5 number rule: one or more digits and nothing else. */
export function isNumber(value: string): boolean {
  return NUMBER_RE.test(value);
}

/** Spec 5 alphanumeric rule: word characters (letters, digits, underscore), hyphens and spaces. */
export function isAlphanumeric(value: string): boolean {
  return ALPHANUMERIC_RE.test(value);
}

/** Spec 5 postal code rule: 6 digits, the first not 0 (Indian PIN code). */
export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE_RE.test(value);
}

/** Spec 5 amount input rule: digits with an optional decimal part of 1 or 2 digits (no sign). */
export function isValidAmount(value: string): boolean {
  return AMOUNT_RE.test(value);
}

/** The message for free text (remarks, visit notes) that carries markup tags (spec 5). */
export const REMARK_MARKUP_MESSAGE = 'Remark must not contain markup tags';

/** True when the text holds a markup tag such as `<b>`, `</div>`, `<img src=x>` or `<!-- -->` (spec 5). */
export function containsMarkup(value: string): boolean {
  return MARKUP_RE.test(value);
}

/** Spec 5: text with markup tags is rejected; empty (or absent) text passes. */
export function isAcceptableText(value: string | null | undefined): boolean {
  if (value == null || value === '') return true;
  return !containsMarkup(value);
}

/** A file as a picker reports it: its name and its size in bytes. */
export interface UploadCandidate {
  name: string;
  /** Bytes. */
  size: number;
}

/** Lower-case extension of a file name without the dot, or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

/**
 * Checks a selection of files against spec 5's upload rules.
 * @param files the selected files, sizes in bytes
 * @param limits `maxSizeMb` per file (1 MB = 1024 × 1024 bytes) and `maxFiles` per selection
 * @returns the first failing rule's message, in this order: too many files
 *   ('You can only select up to {n} files.'), then per file a blocked extension
 *   ('.{ext} file type is not supported!') or an oversize file ('File size exceeds limit of {n}MB');
 *   `null` when every file passes.
 */
export function checkUploads(
  files: readonly UploadCandidate[],
  limits: { maxSizeMb: number; maxFiles: number },
): string | null {
  if (files.length > limits.maxFiles) return `You can only select up to ${limits.maxFiles} files.`;
  for (const file of files) {
    const ext = fileExtension(file.name);
    if ((BLOCKED_EXTENSIONS as readonly string[]).includes(ext)) return `.${ext} file type is not supported!`;
    if (file.size > limits.maxSizeMb * MB) return `File size exceeds limit of ${limits.maxSizeMb}MB`;
  }
  return null;
}

/** Spec 5 logo rule: at most 3 MB (`size` in bytes); returns the spec message or null. */
export function checkLogo(size: number): string | null {
  return size > LOGO_MAX_MB * MB ? LOGO_SIZE_MESSAGE : null;
}

const blank = (v: string | null | undefined): boolean => v == null || v.trim() === '';

/** Spec 5 support ticket rule: product, subject and a non-empty description are all needed. */
export function checkSupportTicket(ticket: {
  product?: string | null;
  subject?: string | null;
  description?: string | null;
}): string | null {
  return blank(ticket.product) || blank(ticket.subject) || blank(ticket.description) ? MANDATORY_FIELDS_MESSAGE : null;
}

/** Spec 5 payment-setting text rule: a value starting or ending with a comma or a period is refused. */
export function checkPaymentSettingText(value: string): string | null {
  const v = value.trim();
  return /^[,.]|[,.]$/.test(v) ? PAYMENT_SETTING_TEXT_MESSAGE : null;
}

/** The part of a variable (spec 3 "Variable") the mandatory check reads. */
export interface MandatoryVariable {
  variable_name: string;
  is_mandatory: boolean;
  /** An inactive variable is not shown, so it cannot block a form. Absent means active. */
  active?: boolean;
}

function isEmptyValue(value: unknown): boolean {
  if (value == null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Spec 5: a form is blocked if a mandatory variable is empty.
 * @param variables the form's variables
 * @param values entered values keyed by variable_name; null, blank strings and empty arrays are empty
 * @returns the variable_names of active mandatory variables left empty (empty list: form may submit)
 */
export function missingMandatoryVariables(
  variables: readonly MandatoryVariable[],
  values: Readonly<Record<string, unknown>>,
): string[] {
  return variables
    .filter((v) => v.is_mandatory && v.active !== false && isEmptyValue(values[v.variable_name]))
    .map((v) => v.variable_name);
}

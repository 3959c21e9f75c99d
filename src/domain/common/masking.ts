/**
 * Masking of personal fields (spec 3 "Masked personal fields", spec 6 access_unmasked_data).
 *
 * The server masks these values for users without `Core Collection Modules › access_unmasked_data`
 * read permission, so the browser never receives the clear value (architecture "Data and tenancy").
 */

/** The sensitive fields, labelled as spec 3 lists them. */
export const MASKED_FIELDS = [
  'Applicant Name',
  'PAN number',
  'contact number',
  'email',
  'Aadhar number',
  'chassis',
  'engine number',
  'account number',
  'image URL',
] as const;
export type MaskedField = (typeof MASKED_FIELDS)[number];

export type MaskKind = 'name' | 'mobile' | 'email' | 'identifier' | 'image_url' | 'address';

/** How each masked field is masked. */
export const MASK_KIND_OF: Record<MaskedField, MaskKind> = {
  'Applicant Name': 'name',
  'PAN number': 'identifier',
  'contact number': 'mobile',
  email: 'email',
  'Aadhar number': 'identifier',
  chassis: 'identifier',
  'engine number': 'identifier',
  'account number': 'identifier',
  'image URL': 'image_url',
};

const maskName = (v: string): string =>
  v.replace(/\S+/g, (word) => word[0] + '*'.repeat(word.length - 1));

/** Name style, but no digit survives (a house number's first digit would locate the door). */
const maskAddress = (v: string): string =>
  v.replace(/\S+/g, (word) => (/^\d/.test(word) ? 'X' : word[0]) + '*'.repeat(word.length - 1));

function maskMobile(v: string): string {
  if (v.length <= 4) return 'X'.repeat(v.length);
  return v.slice(0, 2) + 'X'.repeat(v.length - 4) + v.slice(-2);
}

function maskEmail(v: string): string {
  const at = v.lastIndexOf('@');
  if (at < 0) return maskIdentifier(v);
  const local = v.slice(0, at);
  // A fixed run of stars so the mask does not reveal the local part's length.
  return `${local.slice(0, local.length > 2 ? 2 : 1)}****${v.slice(at)}`;
}

function maskIdentifier(v: string): string {
  if (v.length <= 4) return 'X'.repeat(v.length);
  return 'X'.repeat(v.length - 4) + v.slice(-4);
}

/**
 * Masks one value:
 * - name: first letter of each word, stars for the rest ('Ravi Kumar' → 'R*** K****')
 * - mobile: first 2 and last 2 digits kept ('9876543221' → '98XXXXXX21')
 * - email: first 2 characters of the local part, '****', the domain ('ravi.k@x.in' → 'ra****@x.in')
 * - identifier (PAN, Aadhar, chassis, engine, account number): last 4 kept ('ABCDE1234F' → 'XXXXXX234F')
 * - image_url: '' (no image is shown)
 * - address (address lines): name style, a word starting with a digit starts with 'X' ('12 MG Road' → 'X* M* R***')
 * Null, undefined and empty values come back as ''.
 */
export function maskValue(kind: MaskKind, value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') return '';
  switch (kind) {
    case 'name':
      return maskName(v);
    case 'mobile':
      return maskMobile(v);
    case 'email':
      return maskEmail(v);
    case 'identifier':
      return maskIdentifier(v);
    case 'image_url':
      return '';
    case 'address':
      return maskAddress(v);
  }
}

/**
 * Receipt numbers made on the phone without the network (issue 4 "Receipt": executive code +
 * sequence). The sequence is kept per executive on the device (IndexedDB); the server keeps the number
 * unique per company and refuses a second receipt with the same number for a different body.
 */

/** `FE0012-000123`: the executive code, a hyphen, the sequence zero-padded to 6 digits. */
export function formatReceiptNumber(executiveCode: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error('Receipt sequence must be a positive integer');
  const code = executiveCode.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (code === '') throw new Error('Executive code is empty');
  return `${code}-${String(sequence).padStart(6, '0')}`;
}

/** The parts of a receipt number, or null when it is not one. */
export function parseReceiptNumber(value: string): { executiveCode: string; sequence: number } | null {
  const m = /^([A-Z0-9]+)-(\d{6,})$/.exec(value);
  return m ? { executiveCode: m[1], sequence: Number(m[2]) } : null;
}

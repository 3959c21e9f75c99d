/** File sizes for people (spec 9 "File size formatting in Bytes, KB, MB, GB"), 1 KB = 1024 bytes. */

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * `formatFileSize(0)` → '0 Bytes', `1536` → '1.5 KB', `3 * 1024 ** 2` → '3 MB'; at most two
 * decimals, GB is the largest unit. Negative or non-finite sizes read '0 Bytes'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = Number((bytes / 1024 ** Math.max(i, 0)).toFixed(2));
  return `${value} ${UNITS[Math.max(i, 0)]}`;
}

/**
 * Ordering of identifiers (loan ids, ISO timestamps) by UTF-16 code units, as `Array.prototype.sort`
 * orders strings by default: stable across locales, and no ICU collator (a page's first
 * `localeCompare` builds one: tens of milliseconds on a cheap phone, issue 18). Not for names shown
 * to people, which want the language's collation.
 * @returns negative when a sorts first, positive when b does, 0 when equal
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

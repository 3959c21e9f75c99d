/** Text cells of an allocation file (normalise.ts explains the family). */
import { containsMarkup } from '../validation/rules';
import { excelError, fail, ok, show, squash, unwrapCell, type ParseResult } from './normalise';
import { parseDate } from './normalise-dates';

/**
 * Text cell (spec 5 "Text containing markup tags is rejected").
 * @param raw a string, number (e.g. an account number read as a number), boolean or Date
 *   (written as 'YYYY-MM-DD')
 * @returns the text trimmed with inner whitespace runs collapsed to one space; fails with
 *   "Text is empty" for blank input, "Text '<b>x</b>' contains markup tags" for markup, or a
 *   reason for Excel errors and unreadable objects.
 */
export function cleanText(raw: unknown): ParseResult<string> {
  const v = unwrapCell(raw);
  if (v === undefined && raw !== undefined) return fail('Cell value is not text');
  if (v instanceof Date) {
    const d = parseDate(v);
    return d.ok ? ok(d.value) : fail(d.reason);
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return fail(`Text '${show(v)}' is not a valid value`);
  const err = excelError(v);
  if (err) return fail(err);
  const text = v == null ? '' : squash(String(v));
  if (text === '') return fail('Text is empty');
  if (containsMarkup(text)) return fail(`Text '${show(text)}' contains markup tags`);
  return ok(text);
}

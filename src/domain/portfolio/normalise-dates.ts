/** Date cells of an allocation file (normalise.ts explains the family); years within the calendar's (common/calendar.ts). */
import { MAX_YEAR, MIN_YEAR, daysInMonth } from '../common/calendar';
import { excelError, fail, ok, show, squash, unwrapCell, type ParseResult } from './normalise';

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, januari: 1,
  feb: 2, february: 2, februari: 2, peb: 2,
  mar: 3, march: 3, maret: 3,
  apr: 4, april: 4,
  may: 5, mei: 5,
  jun: 6, june: 6, juni: 6,
  jul: 7, july: 7, juli: 7,
  aug: 8, august: 8, agu: 8, agt: 8, agustus: 8, ags: 8,
  sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, okt: 10, oktober: 10,
  nov: 11, november: 11, nop: 11, nopember: 11,
  dec: 12, december: 12, des: 12, desember: 12,
};


/** Two-digit years: 00–49 are 2000–2049, 50–99 are 1950–1999. */
function expandYear(yy: string): number {
  const n = Number(yy);
  return yy.length === 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Builds 'YYYY-MM-DD' after checking the calendar, or a reason naming the raw value. */
function calendarDate(year: number, month: number, day: number, raw: unknown): ParseResult<string> {
  if (year < MIN_YEAR || year > MAX_YEAR) return fail(`Date '${show(raw)}' has an implausible year ${year}`);
  if (month < 1 || month > 12) return fail(`Date '${show(raw)}' has no month ${month}`);
  if (day < 1 || day > daysInMonth(year, month)) return fail(`Date '${show(raw)}' does not exist`);
  return ok(`${pad(year, 4)}-${pad(month)}-${pad(day)}`);
}

/**
 * Excel serial date, 1900 date system: 1 is 1900-01-01, 61 is 1900-03-01 (Excel's fictitious
 * 1900-02-29, serial 60, is refused). A fractional part (the time of day) is dropped.
 */
function fromExcelSerial(serial: number, raw: unknown): ParseResult<string> {
  const whole = Math.floor(serial);
  if (whole < 1) return fail(`Date '${show(raw)}' is not a valid Excel date serial`);
  if (whole === 60) return fail(`Date '${show(raw)}' is Excel's non-existent 1900-02-29`);
  const epoch = Date.UTC(1899, 11, whole < 60 ? 31 : 30);
  const d = new Date(epoch + whole * 86_400_000);
  if (Number.isNaN(d.getTime())) return fail(`Date '${show(raw)}' is not a valid Excel date serial`);
  return calendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), raw);
}

/**
 * Date cell → calendar date 'YYYY-MM-DD'.
 *
 * Accepted: JS Date (the UTC day nearest the instant, so both UTC-midnight dates from xlsx
 * readers and local-midnight dates in IST/WIB land on the intended day); Excel serial numbers of
 * the 1900 system (a number, or text of exactly 5 digits); text 'dd/mm/yyyy', 'dd-mm-yyyy',
 * 'dd.mm.yyyy' (day first, as in India and Indonesia; 'dd/mm/yy' too), 'yyyy-mm-dd' and
 * 'yyyy/mm/dd' (a trailing time such as 'T00:00:00Z' or ' 00:00:00' is dropped), 'dd-MMM-yy',
 * 'dd-MMM-yyyy', 'dd MMM yyyy', 'MMM dd, yyyy' with English or Indonesian month names or
 * abbreviations ('Jan', 'Sept', 'Mei', 'Agustus', 'Des'). Two-digit years 00–49 are 20xx, 50–99 19xx.
 *
 * @returns 'YYYY-MM-DD' (years 1900–2199); fails for impossible dates ("Date '31/02/2024' does
 *   not exist"), month-first dates ("Date '12/31/2024' has no month 31"), anything else
 *   ("Date '2024' is not a recognised date") or blank input ("Date is empty").
 */
export function parseDate(raw: unknown): ParseResult<string> {
  const v = unwrapCell(raw);
  if (v instanceof Date) {
    const t = v.getTime();
    if (Number.isNaN(t)) return fail('Date is not a valid date');
    const d = new Date(t + 12 * 3_600_000);
    return calendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.toISOString().slice(0, 10));
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return fail(`Date '${show(v)}' is not a valid Excel date serial`);
    return fromExcelSerial(v, v);
  }
  if (typeof v !== 'string') return v == null ? fail('Date is empty') : fail(`Date '${show(v)}' is not a recognised date`);
  const err = excelError(v);
  if (err) return fail(err);
  const s = squash(v);
  if (s === '') return fail('Date is empty');

  if (/^\d{5}$/.test(s)) return fromExcelSerial(Number(s), v);

  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(s);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), v);

  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) return calendarDate(expandYear(m[4]), Number(m[3]), Number(m[1]), v);

  m = /^(\d{1,2})[-/. ]+([A-Za-z]{3,9})\.?[-/. ,]+(\d{4}|\d{2})$/.exec(s);
  if (m) {
    const month = MONTHS[m[2].toLowerCase()];
    if (month === undefined) return fail(`Date '${show(v)}' has an unknown month '${m[2]}'`);
    return calendarDate(expandYear(m[3]), month, Number(m[1]), v);
  }

  m = /^([A-Za-z]{3,9})\.?[ -](\d{1,2}),?[ -](\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS[m[1].toLowerCase()];
    if (month === undefined) return fail(`Date '${show(v)}' has an unknown month '${m[1]}'`);
    return calendarDate(Number(m[3]), month, Number(m[2]), v);
  }
  return fail(`Date '${show(v)}' is not a recognised date`);
}

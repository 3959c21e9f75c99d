/**
 * Validating and normalising one allocation-file row (issue 3 "Import management": "Rows are
 * validated against data types and spec 5 rules ... Normalise what is unambiguous; reject the
 * rest per row"; spec 5 "A form is blocked if a mandatory variable is empty").
 */
import type { Country } from '../contracts/companies/companies';
import type { ColumnMapping } from './column-mapping';
import { isBlankCell, type IsdCode, type ParseResult } from './normalise';
import { parseEmail, parseMobile, parsePincode } from './normalise-contact';
import { parseDate } from './normalise-dates';
import { parseAmount, parseInteger, parseNumber } from './normalise-numbers';
import { cleanText } from './normalise-text';
import type { ImportVariable, VariableDataType } from './system-variables';

/** The company context a row is read in: its ISD code (mobiles) and country (postal codes, amounts). */
export interface RowContext {
  isd: IsdCode;
  country: Country;
}

/** A normalised value: text, a number (amounts in rupees/rupiah, integers), or null when the cell was empty. */
export type RowValue = string | number | null;

/**
 * Outcome of validateRow: every mapped variable's normalised value, or every reason the row is
 * refused (one per failing cell, each prefixed with the variable's label).
 */
export type RowValidation = { ok: true; values: Record<string, RowValue> } | { ok: false; reasons: string[] };

/** The part of a variable the row check reads (see ImportVariable). */
export type RowVariable = Pick<ImportVariable, 'variable_name' | 'variable_label' | 'data_type' | 'is_mandatory' | 'active'>;

/**
 * Normalises one non-blank cell by data type, in the company's context:
 * string → cleanText, number → parseNumber, integer → parseInteger, amount → parseAmount (INR for
 * India, IDR for Indonesia), date → parseDate ('YYYY-MM-DD'), mobile → parseMobile, email →
 * parseEmail, pincode → parsePincode.
 */
export function normaliseCell(raw: unknown, dataType: VariableDataType, context: RowContext): ParseResult<string | number> {
  switch (dataType) {
    case 'amount':
      return parseAmount(raw, context.country === 'INDONESIA' ? 'IDR' : 'INR');
    case 'integer':
      return parseInteger(raw);
    case 'number':
      return parseNumber(raw);
    case 'date':
      return parseDate(raw);
    case 'mobile':
      return parseMobile(raw, context.isd);
    case 'email':
      return parseEmail(raw);
    case 'pincode':
      return parsePincode(raw, context.country);
    case 'string':
    default:
      return cleanText(raw);
  }
}

/**
 * Validates one data row.
 * @param row the row's cells keyed by file header (see rowToRecord)
 * @param mapping file header → variable_name or null (see suggestMapping / validateMapping);
 *   headers mapped to unknown or inactive variables are ignored
 * @param variables the company's variables (system and company-defined)
 * @param context the company's ISD code and country
 * @returns `{ ok: true, values }` with one entry per mapped variable (null for an empty cell; blank
 *   placeholders such as 'NA' or '-' count as empty), or `{ ok: false, reasons }`, e.g.
 *   ["Loan ID is mandatory", "Principal Outstanding: Amount '12,34a' is not a number"]. An active
 *   mandatory variable that no header maps to also gives "<label> is mandatory".
 */
export function validateRow(
  row: Readonly<Record<string, unknown>>,
  mapping: Readonly<ColumnMapping>,
  variables: readonly RowVariable[],
  context: RowContext,
): RowValidation {
  return rowValidator(mapping, variables, context)(row);
}

/**
 * validateRow with the mapping, variables and context fixed: the header → variable pairs and the
 * reasons for unmapped mandatory variables are worked out once, not per row (issue 12 "Speed": an
 * import validates 100,000 rows against the same mapping). Same results as validateRow, row for row.
 * @returns a function validating one row (cells keyed by file header)
 */
export function rowValidator(mapping: Readonly<ColumnMapping>, variables: readonly RowVariable[], context: RowContext): (row: Readonly<Record<string, unknown>>) => RowValidation {
  const byName = new Map(variables.filter((v) => v.active !== false).map((v) => [v.variable_name, v]));
  const columns: { header: string; variable: RowVariable }[] = [];
  const seen = new Set<string>();
  for (const [header, name] of Object.entries(mapping)) {
    if (name == null) continue;
    const variable = byName.get(name);
    if (!variable || seen.has(name)) continue;
    seen.add(name);
    columns.push({ header, variable });
  }
  const unmappedMandatory: string[] = [];
  for (const v of byName.values()) {
    if (v.is_mandatory && !seen.has(v.variable_name)) unmappedMandatory.push(`${v.variable_label} is mandatory`);
  }
  return (row) => {
    const values: Record<string, RowValue> = {};
    const reasons: string[] = [];
    for (const { header, variable } of columns) {
      const name = variable.variable_name;
      const raw = row[header];
      if (isBlankCell(raw)) {
        values[name] = null;
        if (variable.is_mandatory) reasons.push(`${variable.variable_label} is mandatory`);
        continue;
      }
      const result = normaliseCell(raw, variable.data_type, context);
      if (result.ok) values[name] = result.value;
      else reasons.push(`${variable.variable_label}: ${result.reason}`);
    }
    if (unmappedMandatory.length > 0) reasons.push(...unmappedMandatory);
    return reasons.length > 0 ? { ok: false, reasons } : { ok: true, values };
  };
}

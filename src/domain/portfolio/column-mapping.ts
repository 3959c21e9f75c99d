/**
 * Matching file columns to variables (issue 3 "Import management": "columns are matched to
 * variables by name and label, the user confirms or fixes the mapping, and a mapping is
 * remembered per company"; the API's optional `mapping` JSON `{ "<file header>": "<variable_name>" }`).
 *
 * A mapping is keyed by the file's header names (as makeHeaderNames gives them); its value is a
 * variable_name, or null for a column that is not imported.
 */
import { z } from 'zod';
import { normaliseHeader } from './header-detection';
import type { ImportVariable } from './system-variables';

/** `{ [file header]: variable_name | null }`; null (or a header left out) means "not imported". */
export type ColumnMapping = Record<string, string | null>;

/** The part of a variable the mapper reads (see ImportVariable). */
export type MappableVariable = Pick<ImportVariable, 'variable_name' | 'variable_label' | 'is_mandatory' | 'aliases' | 'active'>;

/**
 * The API's `mapping` field once JSON-parsed: header → variable_name or null; header and name
 * at most 200 characters. Variable names are checked later with validateMapping.
 */
export const columnMappingSchema = z.record(z.string().min(1).max(200), z.string().min(1).max(200).nullable());

const isActive = (v: MappableVariable): boolean => v.active !== false;

/**
 * Proposes a mapping for the headers. Passes, each over the headers in file order:
 * 1. normalised header = normalised variable_name ('LOAN_ID', 'loan id' → loan_id);
 * 2. = normalised variable_label ('Applicant Name');
 * 3. = a normalised alias ('LAN', 'Loan Account No.', 'POS', 'Bucket').
 * A variable is given to one header only: the first header to claim it in the earliest pass
 * wins, later ones stay null. Inactive variables are never proposed.
 * @returns every header as a key, with a variable_name or null
 */
export function suggestMapping(headers: readonly string[], variables: readonly MappableVariable[]): ColumnMapping {
  const active = variables.filter(isActive);
  const mapping: ColumnMapping = Object.fromEntries(headers.map((h) => [h, null]));
  const taken = new Set<string>();
  const keyOf = headers.map((h) => normaliseHeader(h));
  const passes: ((v: MappableVariable) => readonly string[])[] = [
    (v) => [v.variable_name],
    (v) => [v.variable_label],
    (v) => v.aliases ?? [],
  ];
  for (const texts of passes) {
    const index = new Map<string, string>();
    for (const v of active) {
      if (taken.has(v.variable_name)) continue;
      for (const t of texts(v)) {
        const key = normaliseHeader(t);
        if (key && !index.has(key)) index.set(key, v.variable_name);
      }
    }
    headers.forEach((h, i) => {
      if (mapping[h] !== null) return;
      const name = index.get(keyOf[i]);
      if (name && !taken.has(name)) {
        mapping[h] = name;
        taken.add(name);
      }
    });
  }
  return mapping;
}

/**
 * Applies a company's remembered mapping to a new file's headers.
 *
 * A header takes the remembered value of the same header, or failing that of a remembered header
 * with the same normaliseHeader key ('Loan No.' remembered, 'LOAN NO' now). A remembered null
 * stays null (the user chose not to import the column). Remembered variables that are unknown or
 * inactive in `variables`, or already taken by an earlier header, become null. When `variables`
 * is given, headers the memory does not know are filled by suggestMapping over the variables not
 * yet used; without it they are null.
 * @returns every header as a key, with a variable_name or null
 */
export function applyRememberedMapping(
  headers: readonly string[],
  remembered: Readonly<ColumnMapping>,
  variables?: readonly MappableVariable[],
): ColumnMapping {
  const byKey = new Map<string, string | null>();
  for (const [h, name] of Object.entries(remembered)) {
    const key = normaliseHeader(h);
    if (key && !byKey.has(key)) byKey.set(key, name);
  }
  const known = variables ? new Set(variables.filter(isActive).map((v) => v.variable_name)) : null;
  const mapping: ColumnMapping = {};
  const taken = new Set<string>();
  const unknownHeaders: string[] = [];
  for (const h of headers) {
    const hit = Object.prototype.hasOwnProperty.call(remembered, h) ? remembered[h] : byKey.get(normaliseHeader(h));
    if (hit === undefined) {
      mapping[h] = null;
      unknownHeaders.push(h);
      continue;
    }
    const usable = hit !== null && (!known || known.has(hit)) && !taken.has(hit);
    mapping[h] = usable ? hit : null;
    if (usable) taken.add(hit);
  }
  if (variables && unknownHeaders.length > 0) {
    const rest = suggestMapping(unknownHeaders, variables.filter((v) => !taken.has(v.variable_name)));
    for (const h of unknownHeaders) mapping[h] = rest[h];
  }
  return mapping;
}

/** One reason a mapping cannot be used, with a message for the mapping screen and the API. */
export interface MappingProblem {
  kind: 'mandatory_unmapped' | 'mapped_twice' | 'unknown_variable';
  variable_name: string;
  /** The file headers involved (none for mandatory_unmapped). */
  headers: string[];
  message: string;
}

/**
 * Checks a mapping before rows are read.
 * Problems, in this order:
 * - a variable mapped from two or more headers: "'Loan ID' is mapped from more than one column:
 *   'LAN', 'Loan No'";
 * - a header mapped to a variable that does not exist or is inactive: "Column 'X' is mapped to
 *   unknown variable 'foo'";
 * - an active mandatory variable no header maps to: "Mandatory column for 'Loan ID' is not mapped".
 * @returns the problems; an empty list means the mapping can be used
 */
export function validateMapping(mapping: Readonly<ColumnMapping>, variables: readonly MappableVariable[]): MappingProblem[] {
  const active = new Map(variables.filter(isActive).map((v) => [v.variable_name, v]));
  const headersByVariable = new Map<string, string[]>();
  for (const [header, name] of Object.entries(mapping)) {
    if (name == null) continue;
    headersByVariable.set(name, [...(headersByVariable.get(name) ?? []), header]);
  }
  const problems: MappingProblem[] = [];
  for (const [name, headers] of headersByVariable) {
    if (headers.length > 1) {
      const label = active.get(name)?.variable_label ?? name;
      problems.push({
        kind: 'mapped_twice',
        variable_name: name,
        headers,
        message: `'${label}' is mapped from more than one column: ${headers.map((h) => `'${h}'`).join(', ')}`,
      });
    }
  }
  for (const [name, headers] of headersByVariable) {
    if (!active.has(name)) {
      for (const h of headers) {
        problems.push({ kind: 'unknown_variable', variable_name: name, headers: [h], message: `Column '${h}' is mapped to unknown variable '${name}'` });
      }
    }
  }
  for (const v of active.values()) {
    if (v.is_mandatory && !headersByVariable.has(v.variable_name)) {
      problems.push({ kind: 'mandatory_unmapped', variable_name: v.variable_name, headers: [], message: `Mandatory column for '${v.variable_label}' is not mapped` });
    }
  }
  return problems;
}

/**
 * A company's variables (spec 3 "Variable"; issue 3 "Variables"): the system variables every
 * company has, with the company's overrides, plus its company-defined variables, and which of
 * them are masked personal fields (spec 3 "Masked personal fields").
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Variable } from '../../../domain/contracts/portfolio/variables';
import type { createVariableBody, updateVariableBody } from '../../../domain/contracts/portfolio/variables.schema';
import type { ImportVariable } from '../../../domain/portfolio/system-variables';
import { SYSTEM_VARIABLES, findSystemVariable, mergeVariables } from '../../../domain/portfolio/system-variables';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { companySettings, settingsChanged } from '../companies/queries';
import { companyVariables as companyVariablesTable, type CompanyVariableRow } from './schema';

/**
 * Variable names that are masked by default (spec 3 masked personal fields: applicant name,
 * contact numbers, email, PAN, Aadhar, chassis, engine number, account number, image URL).
 * Every variable of data_type 'mobile' (co-applicant and reference numbers too) is masked as well.
 */
export const DEFAULT_MASKED_VARIABLE_NAMES: ReadonlySet<string> = new Set([
  'applicant_name',
  'applicant_contact_number',
  'email',
  'pan_number',
  'aadhar_number',
  'chassis_number',
  'engine_number',
  'account_number',
  'image_url',
]);

/** A company variable: ImportVariable (what the import's mapping reads) plus the spec 3 fields. */
export type CompanyVariable = ImportVariable & {
  variable_id: string;
  variable_type: 'system' | 'custom';
  allow_multiple_values: boolean;
  active: boolean;
  sub_variables: string[];
  variable_group: string;
  is_masked: boolean;
};

const SYSTEM_ID_PREFIX = 'system:';

/** Co-applicant and reference names and the address lines (issue 12: "not masked at all"). */
const PERSONAL_NAME_PATTERN = /^(?:(?:co_applicant|reference)_\d+_name|address_line_\d+)$/;

/**
 * Whether a variable is a personal field that is always masked: the spec 3 list, every mobile,
 * co-applicant and reference names and address lines. City, state and pincode stay clear (they
 * place a loan in an area for allocation and maps, and do not find the door).
 */
export function maskedByDefault(name: string, dataType: string): boolean {
  return DEFAULT_MASKED_VARIABLE_NAMES.has(name) || dataType === 'mobile' || PERSONAL_NAME_PATTERN.test(name);
}

function fromRow(row: CompanyVariableRow): CompanyVariable {
  return {
    variable_id: row.variableId,
    variable_name: row.variableName,
    variable_label: row.variableLabel,
    variable_type: row.variableType,
    data_type: row.dataType as ImportVariable['data_type'],
    allow_multiple_values: row.allowMultipleValues,
    active: row.active,
    is_mandatory: row.isMandatory,
    sub_variables: row.subVariables,
    variable_group: row.variableGroup,
    is_masked: row.isMasked,
  };
}

function systemDefault(v: ImportVariable): CompanyVariable {
  return {
    ...v,
    variable_id: `${SYSTEM_ID_PREFIX}${v.variable_name}`,
    variable_type: 'system',
    allow_multiple_values: false,
    active: true,
    sub_variables: [],
    variable_group: v.variable_group ?? 'loan',
    is_masked: maskedByDefault(v.variable_name, v.data_type),
  };
}

let systemDefaultsOnce: ReadonlyMap<string, CompanyVariable> | null = null;

/**
 * The system variables as a company without overrides has them, built once: they are constants,
 * and building them (maskedByDefault on each) on every loan list showed in the issue 12 profile.
 * Callers copy before changing an entry.
 */
function systemDefaults(): ReadonlyMap<string, CompanyVariable> {
  systemDefaultsOnce ??= new Map(SYSTEM_VARIABLES.map((v) => [v.variable_name, systemDefault(v)]));
  return systemDefaultsOnce;
}

/**
 * The company's variables, system ones first (in SYSTEM_VARIABLES order, with the company's
 * overrides and the system aliases) then company-defined ones in creation order. Inactive
 * variables are included (with active false). A variable is masked when its row (or, for an
 * untouched system variable, the spec 3 default) says so, when the company's
 * masked_variables setting names it, or when it is a personal field (maskedByDefault) whatever
 * its row says. The list is what the import's column mapping reads.
 */
export async function companyVariables(db: DbOrTx, companyId: string): Promise<CompanyVariable[]> {
  const [rows, company] = await Promise.all([
    db.select().from(companyVariablesTable).where(eq(companyVariablesTable.companyId, companyId)).orderBy(companyVariablesTable.createdAt, companyVariablesTable.variableName),
    companySettings(db, companyId),
  ]);
  const companyMasked = new Set(company?.maskedVariables ?? []);
  const defaults = systemDefaults();
  // Untouched system variables come back from mergeVariables without the spec 3 fields.
  const merged = mergeVariables(rows.map(fromRow)) as (ImportVariable & Partial<CompanyVariable>)[];
  return merged.map((v) => {
    const full: CompanyVariable = v.variable_id ? (v as CompanyVariable) : defaults.get(v.variable_name)!;
    const variable_type: CompanyVariable['variable_type'] = findSystemVariable(full.variable_name) ? 'system' : 'custom';
    // Personal fields are masked whatever an override row says: masking is a floor, not a setting.
    const is_masked = full.is_masked || companyMasked.has(full.variable_name) || maskedByDefault(full.variable_name, full.data_type);
    return { ...full, variable_type, is_masked };
  });
}

/** Companies whose variables one process keeps (least recently filled first out). */
const CACHED_COMPANIES = 500;
const cachedVariables = new WeakMap<object, Map<string, { version: number; variables: Promise<CompanyVariable[]> }>>();

/**
 * `companyVariables`, kept per process and per database handle for the company's settings version
 * `version` (issue 12 "Speed": two statements less on every loan list request). The version is
 * read in the request's own access-hook statement and raised by every write to the company's
 * settings or variables in the same transaction (companies' settingsVersion, `settingsChanged`),
 * so an entry filled at version v holds data at least as new as v, in whichever process wrote.
 * Without a version (null) it reads the database. The answer is shared: never mutate it.
 */
export function companyVariablesAt(db: DbOrTx, companyId: string, version: number | null): Promise<CompanyVariable[]> {
  if (version === null) return companyVariables(db, companyId);
  let byCompany = cachedVariables.get(db);
  if (!byCompany) cachedVariables.set(db, (byCompany = new Map()));
  const hit = byCompany.get(companyId);
  // Another request's read may fail with its own transaction: then this one reads for itself.
  if (hit && hit.version === version) return hit.variables.catch(() => companyVariables(db, companyId));
  const variables = companyVariables(db, companyId);
  byCompany.delete(companyId);
  if (byCompany.size >= CACHED_COMPANIES) byCompany.delete(byCompany.keys().next().value!);
  byCompany.set(companyId, { version, variables });
  // A failed read is not kept.
  variables.catch(() => {
    if (byCompany.get(companyId)?.variables === variables) byCompany.delete(companyId);
  });
  return variables;
}

/** The wire form of a company variable (contract `variable`). */
export function toVariable(v: CompanyVariable): Variable {
  return {
    variable_id: v.variable_id,
    variable_name: v.variable_name,
    variable_label: v.variable_label,
    variable_type: v.variable_type,
    data_type: v.data_type,
    allow_multiple_values: v.allow_multiple_values,
    active: v.active,
    is_mandatory: v.is_mandatory,
    sub_variables: v.sub_variables,
    variable_group: v.variable_group,
    is_masked: v.is_masked,
  };
}

/**
 * POST /variables: a company-defined variable. Spec 3 personal fields (e.g. pan_number) and
 * mobiles are masked whatever the body says.
 * @throws 409 when the company already has a variable of that name (system ones included).
 */
export async function createVariable(db: DbOrTx, companyId: string, body: z.infer<typeof createVariableBody>): Promise<Variable> {
  const existing = await companyVariables(db, companyId);
  if (existing.some((v) => v.variable_name === body.variable_name)) throw conflict(`Variable ${body.variable_name} already exists`);
  const [row] = await db
    .insert(companyVariablesTable)
    .values({
      companyId,
      variableName: body.variable_name,
      variableLabel: body.variable_label,
      variableType: 'custom',
      dataType: body.data_type,
      allowMultipleValues: body.allow_multiple_values,
      isMandatory: body.is_mandatory,
      subVariables: body.sub_variables,
      variableGroup: body.variable_group,
      isMasked: body.is_masked || maskedByDefault(body.variable_name, body.data_type),
    })
    .returning();
  await settingsChanged(db, companyId);
  return toVariable((await companyVariables(db, companyId)).find((v) => v.variable_id === row.variableId)!);
}

/**
 * PATCH /variables/{variable_id}: changes a company variable, or overrides a system variable
 * (its id 'system:<name>'; the first change stores an override row with variable_type 'system').
 * A system variable's mandatory flag cannot be switched off (mergeVariables keeps it).
 * @throws 404 'Variable not found'.
 */
export async function updateVariable(db: DbOrTx, companyId: string, variableId: string, patch: z.infer<typeof updateVariableBody>): Promise<Variable> {
  const current = (await companyVariables(db, companyId)).find((v) => v.variable_id === variableId);
  if (!current) throw notFound('Variable not found');
  const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as CompanyVariable;
  const values = {
    variableLabel: next.variable_label,
    dataType: next.data_type,
    allowMultipleValues: next.allow_multiple_values,
    active: next.active,
    isMandatory: next.is_mandatory,
    subVariables: next.sub_variables,
    variableGroup: next.variable_group,
    isMasked: next.is_masked,
  };
  if (variableId.startsWith(SYSTEM_ID_PREFIX)) {
    await db
      .insert(companyVariablesTable)
      .values({ companyId, variableName: current.variable_name, variableType: 'system', ...values })
      .onConflictDoUpdate({ target: [companyVariablesTable.companyId, companyVariablesTable.variableName], set: values });
    const [row] = await db
      .select({ id: companyVariablesTable.variableId })
      .from(companyVariablesTable)
      .where(and(eq(companyVariablesTable.companyId, companyId), eq(companyVariablesTable.variableName, current.variable_name)));
    variableId = row.id;
  } else {
    await db.update(companyVariablesTable).set(values).where(and(eq(companyVariablesTable.companyId, companyId), eq(companyVariablesTable.variableId, variableId)));
  }
  await settingsChanged(db, companyId);
  return toVariable((await companyVariables(db, companyId)).find((v) => v.variable_id === variableId)!);
}

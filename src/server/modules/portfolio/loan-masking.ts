/**
 * Masking loans on the server (spec 3 "Masked personal fields", spec 6 access_unmasked_data;
 * issue 3 "the clear value never reaches that browser"). Every loan-bearing response (lists,
 * profiles, customer profiles, exports) goes through a Masker made for the caller.
 */
import type { MaskKind } from '../../../domain/common/masking';
import { maskValue } from '../../../domain/common/masking';
import type { PermissionsMap } from '../../../domain/users/permissions';
import { hasPermission } from '../../../domain/users/permissions';
import type { CompanyVariable } from './variables';

/** Whether the permissions allow reading masked fields in clear (Core Collection Modules › access_unmasked_data read). */
export function canReadUnmasked(permissions: PermissionsMap | null | undefined): boolean {
  return hasPermission(permissions, { module: 'Core Collection Modules', action: 'access_unmasked_data', access: 'read' });
}

/** How a masked variable's value is masked: by data type, else by name (names, address lines, image URLs, identifiers). */
export function maskKindOf(v: Pick<CompanyVariable, 'variable_name' | 'data_type'>): MaskKind {
  if (v.data_type === 'mobile') return 'mobile';
  if (v.data_type === 'email') return 'email';
  if (/^address_line_\d+$/.test(v.variable_name)) return 'address';
  if (/(^|_)name$/.test(v.variable_name)) return 'name';
  if (/image|photo|url/.test(v.variable_name)) return 'image_url';
  return 'identifier';
}

/**
 * Masks values by variable name. `unmasked` true gives an identity masker (the caller may read
 * clear values); otherwise every variable with is_masked is masked with maskValue.
 */
export class Masker {
  private readonly kinds: Map<string, MaskKind>;

  constructor(variables: readonly CompanyVariable[], readonly unmasked: boolean) {
    this.kinds = new Map(unmasked ? [] : variables.filter((v) => v.is_masked).map((v) => [v.variable_name, maskKindOf(v)]));
  }

  /** The variable names masked for this caller (empty for an unmasked caller). */
  maskedNames(): ReadonlySet<string> {
    return new Set(this.kinds.keys());
  }

  /** Whether variable `name` is masked for this caller. */
  masks(name: string): boolean {
    return this.kinds.has(name);
  }

  /** One value of variable `name` as this caller may see it ('' for empty values of masked variables). */
  value(name: string, v: unknown): unknown {
    const kind = this.kinds.get(name);
    if (!kind || v === null || v === undefined || v === '') return v;
    return maskValue(kind, String(v));
  }

  /** A copy of a flat record (keys are variable names) with masked values masked. */
  record<R extends Record<string, unknown>>(record: R): R {
    if (this.kinds.size === 0) return record;
    const out: Record<string, unknown> = { ...record };
    for (const [name, kind] of this.kinds) {
      const v = out[name];
      if (v !== null && v !== undefined && v !== '') out[name] = maskValue(kind, String(v));
    }
    return out as R;
  }
}

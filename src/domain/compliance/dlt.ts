/**
 * DLT templates for SMS in India (TRAI TCCCPR 2018): a registered template has the principal
 * entity id, a sender header of at most 6 characters, the content template id, a category, and a
 * body whose variable parts are written `{#var#}`, each filled with at most 30 characters. The
 * operator silently drops an SMS whose text does not match its template, so it is refused first.
 */

export const DLT_CATEGORIES = ['promotional', 'transactional', 'service_implicit', 'service_explicit'] as const;
export type DltCategory = (typeof DLT_CATEGORIES)[number];
export const DLT_VARIABLE = '{#var#}';
export const DLT_VARIABLE_MAX = 30;
export const DLT_HEADER_MAX = 6;

export interface DltTemplate {
  /** Content template id (as registered on the DLT platform). */
  template_id: string;
  /** Principal entity id. */
  entity_id: string;
  sender_header: string;
  category: DltCategory;
  body: string;
}

/** What is wrong with a template's registration fields, as short English problems (empty: fine). */
export function dltTemplateProblems(t: DltTemplate): string[] {
  const problems: string[] = [];
  if (!/^\d{1,30}$/.test(t.entity_id)) problems.push('the entity id must be digits');
  if (!/^\d{1,30}$/.test(t.template_id)) problems.push('the content template id must be digits');
  if (!/^[A-Za-z0-9]{1,6}$/.test(t.sender_header)) problems.push(`the sender header must be 1–${DLT_HEADER_MAX} letters or digits`);
  if (!DLT_CATEGORIES.includes(t.category)) problems.push('unknown category');
  if (!t.body.trim()) problems.push('the body is empty');
  return problems;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Compiled patterns by body and bound: a campaign checks a thousand texts a batch against one template.
const patterns = new Map<string, RegExp>();

/** The template's body as a regular expression, variables as captures of at most `max` characters (unbounded when null). */
function bodyPattern(body: string, max: number | null): RegExp {
  const key = `${max ?? ''}\u0000${body}`;
  let re = patterns.get(key);
  if (!re) {
    const literal = body.split(DLT_VARIABLE).map(escape);
    re = new RegExp(`^${literal.join(max === null ? '([\\s\\S]*?)' : `([\\s\\S]{0,${max}}?)`)}$`);
    if (patterns.size >= 256) patterns.clear();
    patterns.set(key, re);
  }
  return re;
}

export type DltMatch = { ok: true; variables: string[] } | { ok: false; problem: 'mismatch' } | { ok: false; problem: 'variable_too_long'; index: number; length: number };

/**
 * Whether `text` is exactly the template's body with each `{#var#}` filled by at most 30
 * characters. A text that fits only with a longer variable says which (1-based) and how long.
 */
export function matchDlt(body: string, text: string): DltMatch {
  const bounded = bodyPattern(body, DLT_VARIABLE_MAX).exec(text);
  if (bounded) return { ok: true, variables: bounded.slice(1) };
  const loose = bodyPattern(body, null).exec(text);
  if (!loose) return { ok: false, problem: 'mismatch' };
  const vars = loose.slice(1);
  const index = vars.findIndex((v) => v.length > DLT_VARIABLE_MAX);
  return index < 0 ? { ok: false, problem: 'mismatch' } : { ok: false, problem: 'variable_too_long', index: index + 1, length: vars[index].length };
}

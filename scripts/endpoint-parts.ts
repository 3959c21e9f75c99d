/**
 * Build-time transform of the endpoint definitions (src/domain/contracts/<area>/<sub>.ts) for the
 * browser and the service worker (issue 11: the field route no heavier than before the kernel).
 *
 * An endpoint definition is read by three runtimes, and the browser reads only part of it: the web
 * asks `can()` (access, permission), builds requests (method, path, idempotent, multipart) and
 * the menu keeps whole definitions (`opens`). The OpenAPI texts (`summary`, `description`, file
 * rules' `description`), the `tags` and the lazy `schemas()` thunk are read by the server alone
 * (src/server/http/route.ts, the OpenAPI document); in the browser they cost ~5 KB gzipped of the
 * entry chunk (46 menu endpoints' texts and the preload lists of their schema imports) and would
 * pull zod into the service worker. This transform removes them from every `endpoint({...})`
 * literal, so a browser caller that ever calls `schemas()` fails loudly (not a function) instead
 * of silently validating nothing.
 *
 * The server (tsx), the tests (vitest) and drizzle-kit never see this transform: only vite.config.ts
 * applies it.
 */
import MagicString from 'magic-string';
import ts from 'typescript';

/** Properties of an endpoint literal (and of the object literals inside it) that only the server reads. */
const SERVER_ONLY = new Set(['summary', 'description', 'tags', 'schemas']);

/**
 * Removes the server-only parts of every `endpoint({...})` call in a contract module's source.
 * @param code TypeScript source of the module
 * @param id the module's file name (for the parser and the source map)
 * @returns the new code and its source map, or null when the module defines no endpoint
 */
export function stripServerOnlyEndpointParts(code: string, id: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('endpoint(')) return null;
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = new MagicString(code);
  let changed = false;

  /** Removes a property and the comma after it (properties are comma-separated; a trailing one is allowed). */
  const remove = (property: ts.Node) => {
    let end = property.getEnd();
    const after = /^\s*,/.exec(code.slice(end));
    if (after) end += after[0].length;
    out.remove(property.getFullStart(), end);
    changed = true;
  };

  const strip = (literal: ts.ObjectLiteralExpression) => {
    for (const property of literal.properties) {
      if (ts.isShorthandPropertyAssignment(property)) {
        if (SERVER_ONLY.has(property.name.text)) remove(property);
        continue;
      }
      if (!ts.isPropertyAssignment(property) && !ts.isMethodDeclaration(property)) continue;
      const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : '';
      if (SERVER_ONLY.has(name)) remove(property);
      else if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) strip(property.initializer);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint') {
      const [definition] = node.arguments;
      if (definition && ts.isObjectLiteralExpression(definition)) strip(definition);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return changed ? { code: out.toString(), map: out.generateMap({ source: id, hires: true }) } : null;
}

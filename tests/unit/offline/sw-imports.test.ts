/**
 * The service worker reaches no page code (issue 11, decision 007: `src/offline` and `sw` import
 * nothing of `src/web`). Follows the static imports from sw/sw.ts (tests/unit/helpers/import-graph.ts)
 * and fails naming each module under src/ that it reaches and that uses the page's globals
 * (`window.`, `document.`), listens for `online` or `visibilitychange` (the page's drain triggers,
 * src/offline/triggers.ts), or lies under src/web. Comments count too: the check reads text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, staticImportGraph } from '../helpers/import-graph';

// Not after a quote: operation ids such as 'document.uploads.create' (the outbox's endpoint
// definitions, src/domain/contracts/field/documents.ts) name no global.
const PAGE_ONLY: [name: string, pattern: RegExp][] = [
  ['window.', /(?<!['"`])\bwindow\./],
  ['document.', /(?<!['"`])\bdocument\./],
  ["addEventListener('online'", /addEventListener\(\s*['"`]online['"`]/],
  ['visibilitychange', /visibilitychange/],
];

/** `module: what` for every module under src/ reached from `roots` that is page code, with its importer. */
function pageCodeReached(roots: string[]): string[] {
  const problems: string[] = [];
  for (const [file, importer] of staticImportGraph(roots).modules) {
    if (!file.startsWith('src/')) continue;
    const via = importer ? ` (imported by ${importer})` : '';
    if (file.startsWith('src/web/')) problems.push(`${file}: under src/web${via}`);
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [name, pattern] of PAGE_ONLY) if (pattern.test(source)) problems.push(`${file}: ${name}${via}`);
  }
  return problems.sort();
}

describe('the service worker', () => {
  it('reaches no window, document, page listener or src/web module through static imports', () => {
    expect(pageCodeReached(['sw/sw.ts'])).toEqual([]);
  });

  it('does reach the drain, and the check does see page code', () => {
    const reached = [...staticImportGraph(['sw/sw.ts']).modules.keys()];
    expect(reached).toEqual(expect.arrayContaining(['src/offline/queue.ts', 'src/offline/connection.ts', 'src/offline/outbox-store.ts', 'src/offline/db.ts']));
    expect(reached).not.toContain('src/offline/triggers.ts');
    expect(pageCodeReached(['src/offline/triggers.ts'])).toEqual(
      expect.arrayContaining(['src/offline/triggers.ts: window.', 'src/offline/triggers.ts: document.', "src/offline/triggers.ts: addEventListener('online'", 'src/offline/triggers.ts: visibilitychange']),
    );
    expect(pageCodeReached(['src/web/features/field/shell/field-shell.tsx'])).toContain('src/web/features/field/shell/field-shell.tsx: under src/web');
  });
});

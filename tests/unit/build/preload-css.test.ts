/**
 * The preload lists without the entry's inlined CSS (scripts/preload-css.ts, issue 18): the day
 * list's lazy import no longer fetches and waits for a stylesheet index.html already has.
 */
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { blockStylesheets, entryCss, withoutPreloads } from '../../../scripts/preload-css';

const mapDeps = (files: string[]) => `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(files)})))=>i.map(i=>d[i]);\n`;

describe('withoutPreloads', () => {
  it('takes the dropped files out of every list and keeps the file table', () => {
    const code = `${mapDeps(['assets/a.js', 'assets/core.css', 'assets/b.js', 'assets/day.css'])}E(()=>import("./a.js"),__vite__mapDeps([0,1,3]));E(()=>import("./b.js"),__vite__mapDeps([1]));E(()=>import("./c.js"),__vite__mapDeps([2,0]))`;
    const out = withoutPreloads(code, new Set(['assets/core.css']));
    expect(out).toContain('__vite__mapDeps([0,3])');
    expect(out).toContain('__vite__mapDeps([])');
    expect(out).toContain('__vite__mapDeps([2,0])');
    expect(out).toContain('"assets/core.css"');
  });

  it('leaves code without preload lists or without the files as it is', () => {
    expect(withoutPreloads('export const a = 1;', new Set(['assets/core.css']))).toBe('export const a = 1;');
    const code = `${mapDeps(['assets/a.js'])}__vite__mapDeps([0])`;
    expect(withoutPreloads(code, new Set(['assets/core.css']))).toBe(code);
  });
});

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; code: string; viteMetadata: { importedCss: Set<string> } };
const chunk = (fileName: string, imports: string[], css: string[], isEntry = false): Chunk => ({ type: 'chunk', fileName, isEntry, imports, code: '', viteMetadata: { importedCss: new Set(css) } });

describe('entryCss and blockStylesheets', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['assets/core.js'], [], true),
      chunk('assets/core.js', [], ['assets/core.css']),
      chunk('assets/field-day.js', ['assets/core.js'], ['assets/field-day.css']),
      chunk('assets/my-visits.js', ['assets/field-day.js'], []),
    ].map((c) => [c.fileName, c]),
  ) as unknown as Rollup.OutputBundle;

  it('finds the CSS the entry loads statically', () => {
    expect([...entryCss(bundle)]).toEqual(['assets/core.css']);
  });

  it('links a block’s CSS once, not the inlined entry CSS nor what the page links already', () => {
    expect(blockStylesheets(bundle, ['assets/my-visits.js', 'assets/field-day.js', 'assets/core.js'], '<html>')).toEqual(['<link rel="preload" as="style" crossorigin href="/assets/field-day.css">']);
    expect(blockStylesheets(bundle, ['assets/field-day.js'], '<link rel="preload" as="style" crossorigin href="/assets/field-day.css">')).toEqual([]);
  });
});

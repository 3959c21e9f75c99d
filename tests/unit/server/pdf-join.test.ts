/** Joining PDFs on disk (src/server/documents/pdf.ts withJoinedPdf, withUnitedPdfs; issue 17 Merged File). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNITE_PART, withJoinedPdf, withUnitedPdfs } from '../../../src/server/documents/pdf';

/** A minimal one-page PDF `width` points wide with a correct cross-reference table. */
function onePagePdf(width = 595): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} 842] >>`];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const pages = (path: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

describe('withJoinedPdf', () => {
  it('joins the parts in order into one file and removes the temporary files afterwards', async () => {
    let seen = '';
    const n = await withJoinedPdf(
      async (add) => {
        for (let i = 0; i < 3; i += 1) await add(onePagePdf());
      },
      async (path) => {
        seen = path;
        return pages(path);
      },
    );
    expect(n).toBe(3);
    expect(existsSync(dirname(seen))).toBe(false);
  });

  it('uses a single part as it is', async () => {
    expect(await withJoinedPdf(async (add) => add(onePagePdf()), async (path) => pages(path))).toBe(1);
  });

  it('fails when there is nothing to join or a part is not a PDF, and still cleans up', async () => {
    await expect(withJoinedPdf(async () => undefined, async () => 0)).rejects.toThrow(/No PDF part/);
    let dir = '';
    await expect(
      withJoinedPdf(
        async (add) => {
          await add(onePagePdf());
          await add(Buffer.from('not a pdf'));
        },
        async (path) => {
          dir = dirname(path);
          return 0;
        },
      ),
    ).rejects.toThrow();
    expect(dir).toBe('');
  });
});

describe('withUnitedPdfs', () => {
  /** Page widths of a PDF, in page order. */
  const widths = (path: string) => [...execFileSync('pdfinfo', ['-f', '1', '-l', '100000', path], { encoding: 'utf8' }).matchAll(/Page\s+\d+ size:\s+([\d.]+) x/g)].map((m) => Number(m[1]));

  it('joins more files than one pdfunite run takes, in order, and removes the temporary files', async () => {
    const sources = Array.from({ length: 2 * UNITE_PART + 1 }, (_, i) => 200 + i);
    let seen = '';
    const got = await withUnitedPdfs(
      sources.map(String),
      (source, path) => writeFile(path, onePagePdf(Number(source))),
      async (path) => {
        seen = path;
        return widths(path);
      },
    );
    expect(got).toEqual(sources);
    expect(existsSync(dirname(seen))).toBe(false);
  });

  it('uses a single file as it is and refuses an empty list', async () => {
    expect(await withUnitedPdfs(['300'], (s, path) => writeFile(path, onePagePdf(Number(s))), async (path) => widths(path))).toEqual([300]);
    await expect(withUnitedPdfs([], async () => undefined, async () => 0)).rejects.toThrow(/No PDF to join/);
  });
});

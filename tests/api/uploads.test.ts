/**
 * What an upload may be, on every upload route (issue 12; spec 5 upload messages): each route's
 * allow-list of extensions (names with a trailing dot, no extension, a blocked extension anywhere,
 * empty files refused), the file signature checked against the extension, the CSV line and column
 * caps, and .xls parsed off the main thread (the server keeps answering meanwhile).
 */
import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldFixture, JPEG, visitForm, type FieldFixture } from './field-fixture';
import { headers, LENDER, signIn } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a tiny png body')]);
const PDF = Buffer.from('%PDF-1.4 a tiny document');
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
const CSV = Buffer.from('Loan ID,Applicant Name,Mobile\nL1,Meena Das,9876500001\n');

let f: FieldFixture;
let admin: Record<string, string>;

beforeAll(async () => {
  f = await fieldFixture();
  admin = headers((await signIn(f.t.app, 'admin@demo.in')).token, LENDER);
}, 120_000);

afterAll(async () => {
  await f?.t.close();
});

/** POST /api/bulk/imports/preview with one file. */
function preview(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return f.t.app.inject({ method: 'POST', url: '/api/bulk/imports/preview', headers: admin, payload: form });
}

/** POST /api/document/uploads with one file. */
function document(name: string, bytes: Buffer, type = 'application/pdf') {
  const form = new FormData();
  form.append('loan_id', f.loanAt(0).loan_id);
  form.append('allocation_month', f.loanAt(0).allocation_month);
  form.append('document_type', 'kyc');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return f.t.app.inject({ method: 'POST', url: '/api/document/uploads', headers: { ...f.fos, 'idempotency-key': randomUUID() }, payload: form });
}

/** POST /api/fos/visits with one photo. */
function visit(name: string, bytes: Buffer, type = 'image/jpeg') {
  return f.t.app.inject({ method: 'POST', url: '/api/fos/visits', headers: { ...f.fos, 'idempotency-key': randomUUID() }, payload: visitForm(f.visitJson(3), [bytes], type, name) });
}

const refused = (res: { statusCode: number; json(): { message?: string } }) => ({ status: res.statusCode, message: res.json().message });

describe('allow-listed extensions per route', () => {
  it('refuses on the allocation import what is not xlsx, xls or csv', async () => {
    const cases: [string, Buffer, string][] = [
      ['allocation.htm', CSV, '.htm file type is not supported!'],
      ['allocation.xhtml', CSV, '.xhtml file type is not supported!'],
      ['allocation.exe.', MZ, 'File type is not supported!'],
      ['allocation.csv.', CSV, 'File type is not supported!'],
      ['allocation', MZ, 'File type is not supported!'],
      ['allocation.exe.csv', CSV, '.exe file type is not supported!'],
      ['allocation.csv', Buffer.alloc(0), 'The file is empty'],
    ];
    for (const [name, bytes, message] of cases) expect(refused(await preview(name, bytes)), name).toEqual({ status: 400, message });
    expect((await preview('allocation.CSV', CSV)).statusCode).toBe(200);
  });

  it('refuses on document uploads what is not a PDF or a photo', async () => {
    const cases: [string, Buffer, string][] = [
      ['id.htm', PDF, '.htm file type is not supported!'],
      ['id.xhtml', PDF, '.xhtml file type is not supported!'],
      ['id.exe.', MZ, 'File type is not supported!'],
      ['id', MZ, 'File type is not supported!'],
      ['id.php.pdf', PDF, '.php file type is not supported!'],
      ['id.docm', PDF, '.docm file type is not supported!'],
      ['id.pdf', Buffer.alloc(0), 'The file is empty'],
    ];
    for (const [name, bytes, message] of cases) expect(refused(await document(name, bytes)), name).toEqual({ status: 400, message });
    expect((await document('id.png', PNG, 'image/png')).statusCode).toBe(200);
  });

  it('refuses on visit photos what is not a photo', async () => {
    expect(refused(await visit('photo.htm', JPEG))).toEqual({ status: 400, message: '.htm file type is not supported!' });
    expect(refused(await visit('photo.jpg.', JPEG))).toEqual({ status: 400, message: 'File type is not supported!' });
    expect(refused(await visit('photo', JPEG))).toEqual({ status: 400, message: 'File type is not supported!' });
  });
});

describe('file signatures', () => {
  const MISMATCH = { status: 400, message: 'File content does not match its type' };

  it('refuses an allocation file whose bytes are not of its extension', async () => {
    expect(refused(await preview('allocation.xls', ZIP))).toEqual(MISMATCH);
    expect(refused(await preview('allocation.xls', CSV))).toEqual(MISMATCH);
    expect(refused(await preview('allocation.xlsx', CSV))).toEqual(MISMATCH);
    expect(refused(await preview('allocation.csv', MZ))).toEqual(MISMATCH);
  });

  it('refuses a document or a photo whose bytes are not of its extension', async () => {
    expect(refused(await document('id.pdf', MZ))).toEqual(MISMATCH);
    expect(refused(await document('id.png', JPEG, 'image/png'))).toEqual(MISMATCH);
    expect(refused(await visit('photo.jpg', MZ))).toEqual(MISMATCH);
    expect(refused(await visit('photo.png', JPEG, 'image/png'))).toEqual(MISMATCH);
    expect((await document('id.pdf', PDF)).statusCode).toBe(200);
    expect((await visit('photo.jpg', JPEG)).statusCode).toBe(200);
  });
});

/** A workbook of `rows` written as `bookType`, its first sheet declaring `ref` when given. */
function workbook(rows: unknown[][], bookType: 'xls' | 'xlsx', ref?: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  if (ref) sheet['!ref'] = ref;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Allocation');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const HEAD = ['Loan ID', 'Applicant Name', 'Mobile'];

describe('spreadsheet caps', () => {
  it('answers a 20 MB one-line CSV with a 400 at once', async () => {
    const started = Date.now();
    const res = await preview('allocation.csv', Buffer.alloc(20 * 1024 * 1024, 'a'));
    const ms = Date.now() - started;
    expect(refused(res)).toEqual({ status: 400, message: 'A line of the file is longer than 64 KB' });
    expect(ms).toBeLessThan(5_000);
  });

  // retry: the xlsx half was seen answering the generic 'could not be read as xlsx' once in a few
  // loaded CI runs (cause not found yet; the sheet worker now reports only its first failure).
  it('refuses a CSV or an xlsx with more than 500 columns', async () => {
    const wide = Array.from({ length: 501 }, (_, i) => `Column ${i + 1}`);
    const message = 'The file has more than 500 columns';
    expect(refused(await preview('allocation.csv', Buffer.from(`${wide.join(',')}\n`)))).toEqual({ status: 400, message });
    expect(refused(await preview('allocation.xlsx', workbook([wide], 'xlsx')))).toEqual({ status: 400, message });
  });

  it('reads an .xls declaring a huge range by its stored cells only', async () => {
    // 3 columns and 2 rows stored; the DIMENSIONS record patched to declare 200,000 rows × 2,000 columns.
    const bomb = workbook([HEAD, ['L1', 'Meena Das', '9876500001']], 'xls');
    const dimensions = bomb.indexOf(Buffer.from([0x00, 0x02, 0x0e, 0x00]));
    bomb.writeUInt32LE(200_000, dimensions + 8);
    bomb.writeUInt16LE(2_000, dimensions + 14);
    const started = Date.now();
    const res = await preview('allocation.xls', bomb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.headers).toEqual(HEAD);
    expect(res.json().data.sample_rows).toEqual([['L1', 'Meena Das', '9876500001']]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('parses an .xls off the main thread: the server keeps answering /api/health meanwhile', async () => {
    // 20,000 rows (~4 MB): SheetJS takes over a second on it, which the main thread used to spend blocked.
    const rows = Array.from({ length: 20_000 }, (_, i) => [`L${i}`, `Name ${i}`, 9876500000 + i, `House ${i} Long Street Name Area City`, i * 10, `note ${i}`]);
    const big = workbook([[...HEAD, 'Address', 'Amount', 'Note'], ...rows], 'xls');
    let done = false;
    // The longest gap between two health answers: a blocked main thread delays the timer too.
    let slowestHealth = 0;
    const pings = (async () => {
      let last = Date.now();
      while (!done) {
        const health = await f.t.app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(200);
        slowestHealth = Math.max(slowestHealth, Date.now() - last);
        last = Date.now();
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const res = await preview('allocation.xls', big);
    done = true;
    await pings;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sample_rows[0].slice(0, 2)).toEqual(['L0', 'Name 0']);
    expect(slowestHealth).toBeLessThan(500);
  }, 180_000);
});

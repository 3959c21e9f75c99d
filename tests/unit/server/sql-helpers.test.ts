/**
 * inTextList's one text parameter (issue 13 campaign batches): every value comes back as one array
 * element, whatever it holds (quotes, backslashes, commas, braces, the word NULL, spaces, unicode).
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { textArrayLiteral } from '../../../src/server/db/sql-helpers';

const pg = new PGlite();
afterAll(() => pg.close());

describe('textArrayLiteral', () => {
  it('quotes and escapes each value', () => {
    expect(textArrayLiteral(['a', 'b"c', 'd\\e'])).toBe('{"a","b\\"c","d\\\\e"}');
    expect(textArrayLiteral([])).toBe('{}');
  });

  it('is read back by PostgreSQL as the same values', async () => {
    const values = ['BL00000001', 'a,b', '{x}', 'NULL', ' padded ', 'say "hi"', 'back\\slash', 'हिंदी', '', "it's"];
    const res = await pg.query<{ v: string[] }>('select $1::text[] as v', [textArrayLiteral(values)]);
    expect(res.rows[0].v).toEqual(values);
    const hit = await pg.query<{ n: number }>("select count(*)::int as n from unnest($2::text[]) x where x = any($1::text[])", [textArrayLiteral(['a,b', 'NULL']), textArrayLiteral(values)]);
    expect(hit.rows[0].n).toBe(2);
  }, 30_000); // PGlite's start-up on a loaded machine
});

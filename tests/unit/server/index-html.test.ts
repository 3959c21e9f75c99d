import { describe, expect, it } from 'vitest';
import { FIELD_PRELOAD_END, FIELD_PRELOAD_START, indexHtmlFor } from '../../../src/server/http/index-html';

const html = `<head><script type="module" src="/assets/index-a.js"></script>
    ${FIELD_PRELOAD_START}
    <link rel="modulepreload" crossorigin href="/assets/my-visits-screen-b.js">
    <link rel="modulepreload" crossorigin href="/assets/session-c.js">
    ${FIELD_PRELOAD_END}
  </head>`;

describe('index.html per page (issue 18: the sign-in page does not download the day list before its form works)', () => {
  it('keeps the day list preloads inside the app, under every app prefix', () => {
    for (const path of ['/app', '/app/visit-details', '/v1/app/visit-details', '/v2/app/']) expect(indexHtmlFor(html, path)).toContain('my-visits-screen-b.js');
  });

  it('leaves them out of the sign-in pages and anything else outside the app', () => {
    for (const path of ['/login', '/login/link', '/', '/application']) {
      const page = indexHtmlFor(html, path);
      expect(page).not.toContain('modulepreload');
      expect(page).toContain('/assets/index-a.js');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { indexHtmlFor, preloadEnd, preloadStart } from '../../../src/server/http/index-html';

const html = `<head><script type="module" src="/assets/index-a.js"></script>
    ${preloadStart('app')}
    <link rel="modulepreload" crossorigin href="/assets/app-main-d.js">
    ${preloadEnd('app')}
    ${preloadStart('field')}
    <link rel="modulepreload" crossorigin href="/assets/my-visits-screen-b.js">
    <link rel="modulepreload" crossorigin href="/assets/session-c.js">
    ${preloadEnd('field')}
    ${preloadStart('sign-in')}
    <link rel="modulepreload" crossorigin href="/assets/login-screen-e.js">
    ${preloadEnd('sign-in')}
  </head>`;

describe('index.html per page (issue 18: the sign-in page downloads neither the app nor the day list before its form works)', () => {
  it('keeps the app and day list preloads inside the app, under every app prefix, without the sign-in screen', () => {
    for (const path of ['/app', '/app/visit-details', '/v1/app/visit-details', '/v2/app/']) {
      const page = indexHtmlFor(html, path);
      expect(page).toContain('my-visits-screen-b.js');
      expect(page).toContain('app-main-d.js');
      expect(page).not.toContain('login-screen-e.js');
    }
  });

  it('preloads only the sign-in screen on the sign-in page', () => {
    for (const path of ['/login', '/login/']) {
      const page = indexHtmlFor(html, path);
      expect(page).toContain('login-screen-e.js');
      expect(page).not.toContain('app-main-d.js');
      expect(page).not.toContain('my-visits-screen-b.js');
      expect(page).toContain('/assets/index-a.js');
    }
  });

  it('preloads the app, not the day list, on the other pages outside the app', () => {
    for (const path of ['/login/link', '/login/sso', '/', '/application']) {
      const page = indexHtmlFor(html, path);
      expect(page).toContain('app-main-d.js');
      expect(page).not.toContain('my-visits-screen-b.js');
      expect(page).not.toContain('login-screen-e.js');
      expect(page).toContain('/assets/index-a.js');
    }
  });
});

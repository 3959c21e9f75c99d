/**
 * Short links for payment links sent by SMS (issue 15; India's DLT: each `{#var#}` of a registered
 * template holds at most 30 characters, so a gateway's checkout URL cannot go in an SMS). A link
 * sent with `send_via: 'sms'` gets a short link `{origin}/p/{code}`: `code` is 12 random base62
 * characters (~71 bits, not guessable or enumerable), it redirects to the checkout until the
 * payment link expires, and then answers 410. Templates may hold `{{payment_link}}` (the whole
 * short URL) or `{{payment_code}}` (the code alone, for a template registered with the fixed
 * `https://…/p/` prefix). Endpoint definitions; zod schemas in ./short-links.schema.ts.
 */
import { endpoint } from '../endpoint';

/** Characters of a short code: [0-9A-Za-z]{12}. */
export const SHORT_CODE_LENGTH = 12;

/** GET /p/{code} (public, outside /api): 302 to the link's checkout; 404 unknown code; 410 expired or cancelled. */
export const openShortLink = endpoint({
  operation: 'payments.short_links.open',
  method: 'GET',
  path: '/p/{code}',
  access: 'public',
  produces: 'file',
  tags: ['payments'],
  summary: 'A payment link’s short link (sent by SMS): redirects to the hosted checkout',
  schemas: async () => ({ params: (await import('./short-links.schema')).shortLinkParams }),
});

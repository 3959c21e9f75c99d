/** Schemas of payment short links (issue 15). Behind ./short-links.ts. */
import { z } from 'zod';
import { SHORT_CODE_LENGTH } from './short-links';

export const shortLinkParams = z.object({ code: z.string().regex(new RegExp(`^[0-9A-Za-z]{${SHORT_CODE_LENGTH}}$`), 'Not a payment short link') });

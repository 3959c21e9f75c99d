/**
 * Sign-in one-time passwords as messages (issue 13 "The OTP messages of sign-in move onto this
 * area"): which SMS text an OTP uses and whether that SMS may be handed to a provider. Pure.
 *
 * The rule applied (TRAI TCCCPR 2018 and its DLT directions; RBI recovery rules; POJK 22/2023):
 * - An OTP is a transactional message (a bank's OTP) or "service implicit" (any other entity's
 *   OTP for its own service). Under TCCCPR both are delivered whatever preference the number
 *   registered (NCPR/DND) and at any hour: the 10:00–21:00 window applies to promotional
 *   messages only. So an OTP SMS is never held back by DND, nor by the company's own DND list
 *   (numbers of borrowers who asked not to be contacted for collection).
 * - RBI's 08:00–19:00 and POJK/AFPI's 08:00–20:00 govern recovery contacts with borrowers; a user
 *   asking for their own sign-in code is not one, so contact hours, contact days, holidays and
 *   the per-loan caps do not apply. Abuse is bounded by the sign-in rate limits instead (per IP
 *   and per OTP recipient, src/server/http/rate-limits.ts).
 * - DLT still applies: in India, when the company checks DLT (`dlt_check_applicable`), the SMS
 *   needs a registered template of category `transactional` or `service_implicit`, valid
 *   registration fields, and the text must match the registered body exactly with each `{#var#}`
 *   of at most 30 characters; otherwise it is refused before the provider (the operator would
 *   drop it silently).
 *
 * Language (otpLanguage): the user's preferred language when stored, else the company's default
 * (Bahasa Indonesia for a company in Indonesia, English in India), else English. A company's `otp`
 * template in that language is used, else its English one (pickOtpTemplate). The platform's own
 * text (PLATFORM_OTP_SMS_TEXTS) has a Hindi and a Bahasa variant, but each DLT registration is of
 * one exact text: a variant is used only when its own DLT content template id is configured
 * (PLATFORM_OTP_DLT_TEMPLATE_ID_HI / _ID), else the registered English text goes (platformOtpSms).
 */
import type { DltCategory, DltTemplate } from '../compliance/dlt';
import { dltTemplateProblems, matchDlt } from '../compliance/dlt';
import { reasonMessage } from '../compliance/reasons';
import { dltBodyOf, renderTemplate } from './render';
import { TEMPLATE_LANGUAGES, type TemplateLanguage } from './status';

/** A company's SMS template with this name (any case) is the text of its OTPs: variables `{{otp}}` and `{{minutes}}`. */
export const OTP_TEMPLATE_NAME = 'otp';

/** DLT categories an OTP may be registered under. */
export const OTP_DLT_CATEGORIES: readonly DltCategory[] = ['transactional', 'service_implicit'];

/**
 * The platform's default OTP text (a company without its own `otp` SMS template, and the
 * platform's own users outside any company). Chosen to be registrable as is: one line, the code
 * first (phones offer to copy it), two `{#var#}` variables (the 6-digit code, the minutes), no
 * link or number, category service_implicit (the platform is not a bank), sender header RCVOPS.
 */
export const PLATFORM_OTP_SMS = {
  body: '{{otp}} is your Recovery Ops one-time password. It expires in {{minutes}} minutes. Do not share it with anyone.',
  category: 'service_implicit' as DltCategory,
  senderHeader: 'RCVOPS',
} as const;

/** The platform default as it is registered on DLT (`{#var#}` for each variable). */
export const PLATFORM_OTP_DLT_BODY = dltBodyOf(PLATFORM_OTP_SMS.body);

/**
 * The platform's OTP text per language: English is PLATFORM_OTP_SMS.body; the Hindi and Bahasa
 * Indonesia texts say the same (code first, same two variables) and need their own DLT registration.
 */
export const PLATFORM_OTP_SMS_TEXTS: Readonly<Record<TemplateLanguage, string>> = {
  en: PLATFORM_OTP_SMS.body,
  hi: '{{otp}} आपका Recovery Ops वन-टाइम पासवर्ड है। यह {{minutes}} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।',
  id: '{{otp}} adalah kata sandi sekali pakai Recovery Ops Anda. Berlaku {{minutes}} menit. Jangan berikan kepada siapa pun.',
};

/**
 * The language of a user's OTP SMS: `userLanguage` when it is one of en/hi/id, else the company's
 * default (INDONESIA → id, INDIA → en), else en (a platform user without a preference).
 */
export function otpLanguage(userLanguage: string | null | undefined, companyCountry: 'INDIA' | 'INDONESIA' | null): TemplateLanguage {
  if (userLanguage && (TEMPLATE_LANGUAGES as readonly string[]).includes(userLanguage)) return userLanguage as TemplateLanguage;
  return companyCountry === 'INDONESIA' ? 'id' : 'en';
}

/**
 * The company's OTP template for `language`: the first in that language, else the first in English,
 * else the first of any language (`templates` in the company's order of preference); null when none.
 */
export function pickOtpTemplate<T extends { language: string }>(templates: readonly T[], language: TemplateLanguage): T | null {
  return templates.find((t) => t.language === language) ?? templates.find((t) => t.language === 'en') ?? templates[0] ?? null;
}

/**
 * The platform's OTP SMS for `language`: that language's text with its DLT content template id
 * when one is configured for it; otherwise the English text with the English id (a text sent under
 * another text's registration would be dropped by the operator). `dltIds.en` may be null (development).
 */
export function platformOtpSms(language: TemplateLanguage, dltIds: Readonly<Partial<Record<TemplateLanguage, string | null>>>): { language: TemplateLanguage; body: string; dltTemplateId: string | null } {
  const own = language !== 'en' ? dltIds[language] : null;
  if (own) return { language, body: PLATFORM_OTP_SMS_TEXTS[language], dltTemplateId: own };
  return { language: 'en', body: PLATFORM_OTP_SMS_TEXTS.en, dltTemplateId: dltIds.en ?? null };
}

/** The OTP's SMS text from a template body (`{{otp}}`, `{{minutes}}`). @throws Error when the body does not use `{{otp}}` */
export function otpSmsText(body: string, code: string, minutes: number): string {
  if (!/\{\{\s*otp\s*\}\}/.test(body)) throw new Error('The OTP template does not contain {{otp}}');
  return renderTemplate(body, { otp: code, minutes: String(minutes) }).text;
}

/** Why an OTP SMS is refused: a short code and an English sentence for the record and the admin. */
export interface OtpRefusal {
  code: 'DLT_TEMPLATE_REQUIRED' | 'DLT_TEMPLATE_INVALID' | 'DLT_TEXT_MISMATCH' | 'DLT_VARIABLE_TOO_LONG' | 'DLT_CATEGORY_NOT_FOR_OTP';
  message: string;
}

/**
 * Whether an OTP SMS may go out (the rule in the module comment): null when it may, else why not.
 * Only DLT is judged: no contact hours, no DND.
 * @param rules the company's country and `dlt_check_applicable` (null: the platform, no company — not checked)
 * @param template the DLT registration the text claims (null: none)
 */
export function otpSmsRefusal(rules: { country: 'INDIA' | 'INDONESIA'; dltCheckApplicable: boolean } | null, text: string, template: DltTemplate | null): OtpRefusal | null {
  if (!rules || rules.country !== 'INDIA' || !rules.dltCheckApplicable) return null;
  const refuse = (code: OtpRefusal['code'], message: string): OtpRefusal => ({ code, message });
  if (!template) return refuse('DLT_TEMPLATE_REQUIRED', `${reasonMessage('DLT_TEMPLATE_REQUIRED', {})}: add an SMS template named "${OTP_TEMPLATE_NAME}" with its DLT registration`);
  const problems = dltTemplateProblems(template);
  if (problems.length > 0) return refuse('DLT_TEMPLATE_INVALID', reasonMessage('DLT_TEMPLATE_INVALID', { problem: problems.join('; ') }));
  if (!OTP_DLT_CATEGORIES.includes(template.category)) {
    return refuse('DLT_CATEGORY_NOT_FOR_OTP', `DLT template ${template.template_id} is registered as ${template.category}; an OTP needs a transactional or service implicit template`);
  }
  const match = matchDlt(template.body, text);
  if (match.ok) return null;
  if (match.problem === 'variable_too_long') return refuse('DLT_VARIABLE_TOO_LONG', reasonMessage('DLT_VARIABLE_TOO_LONG', { index: match.index, length: match.length }));
  return refuse('DLT_TEXT_MISMATCH', reasonMessage('DLT_TEXT_MISMATCH', { template_id: template.template_id }));
}

import { describe, expect, it } from 'vitest';
import type { Contact, RulesInForce } from '../../../src/domain/compliance/check';
import { check } from '../../../src/domain/compliance/check';
import { matchDlt } from '../../../src/domain/compliance/dlt';
import type { DltTemplate } from '../../../src/domain/compliance/dlt';
import { DEFAULT_HOLIDAYS } from '../../../src/domain/compliance/holidays';
import { localDayStart } from '../../../src/domain/compliance/local-time';
import { defaultRules, rulesOutsideTheLaw } from '../../../src/domain/compliance/rules';
import type { ComplianceCountry } from '../../../src/domain/compliance/rules';
import { IST, WIB, WIT, WITA, zoneOfAddress } from '../../../src/domain/compliance/zones';

const rulesOf = (country: ComplianceCountry): RulesInForce => ({ ...defaultRules(country), holidays: DEFAULT_HOLIDAYS[country] });
const india = rulesOf('INDIA');
const indonesia = rulesOf('INDONESIA');

function contact(zone: string, at: string, extra: Partial<Contact> = {}): Contact {
  return {
    channel: 'call',
    loan: { loan_id: 'L1', time_zone: zone, excluded: false },
    to: '9876543210',
    role: 'borrower',
    purpose: 'payment',
    at: new Date(at),
    on_dnd: false,
    history: { today: 0, this_week: 0 },
    ...extra,
  };
}
const codes = (c: Contact, rules: RulesInForce) => check(c, rules, new Date(0)).reasons.map((r) => r.code);

describe('India: 08:00–19:00 IST', () => {
  // 2026-11-24 is a Tuesday but Guru Nanak's birthday — India does not skip holidays by law; use the 23rd.
  it.each([
    ['2026-11-23T07:59:00+05:30', false],
    ['2026-11-23T08:00:00+05:30', true],
    ['2026-11-23T18:59:00+05:30', true],
    ['2026-11-23T19:00:00+05:30', false],
  ])('a call at %s is allowed: %s', (at, allowed) => {
    const d = check(contact(IST, at), india, new Date(0));
    expect(d.allowed).toBe(allowed);
    if (!allowed) {
      expect(d.reasons.map((r) => r.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
      expect(d.reasons[0].message).toContain('08:00 and 19:00 IST');
    }
    expect(d.time_zone).toBe(IST);
  });

  it('an India call on a Sunday is allowed (the law names hours, not days)', () => {
    expect(check(contact(IST, '2026-11-22T10:00:00+05:30'), india, new Date(0)).allowed).toBe(true);
  });

  it('uses now when the contact has no time', () => {
    const c = { ...contact(IST, '2026-11-23T10:00:00+05:30'), at: undefined };
    expect(check(c, india, new Date('2026-11-23T20:30:00+05:30')).allowed).toBe(false);
    expect(check(c, india, new Date('2026-11-23T12:30:00+05:30')).allowed).toBe(true);
  });

  it('caps contacts per loan and channel per day and per week', () => {
    expect(codes(contact(IST, '2026-11-23T10:00:00+05:30', { history: { today: 2, this_week: 9 } }), india)).toEqual([]);
    expect(codes(contact(IST, '2026-11-23T10:00:00+05:30', { history: { today: 3, this_week: 3 } }), india)).toEqual(['DAILY_CAP_REACHED']);
    expect(codes(contact(IST, '2026-11-23T10:00:00+05:30', { history: { today: 0, this_week: 10 } }), india)).toEqual(['WEEKLY_CAP_REACHED']);
  });
});

describe('Indonesia: Monday–Saturday 08:00–20:00 in the borrower zone, no holidays', () => {
  it('refuses a Sunday in Jakarta', () => {
    const d = check(contact(WIB, '2026-11-22T10:00:00+07:00'), indonesia, new Date(0), 'id');
    expect(d.allowed).toBe(false);
    expect(d.reasons.map((r) => r.code)).toEqual(['NOT_A_CONTACT_DAY']);
    expect(d.reasons[0].message).toContain('Minggu');
  });

  it('refuses a national holiday in Jakarta (17 August)', () => {
    const d = check(contact(WIB, '2026-08-17T10:00:00+07:00'), indonesia, new Date(0));
    expect(d.reasons.map((r) => r.code)).toEqual(['HOLIDAY']);
    expect(d.reasons[0].message).toContain('Kemerdekaan');
  });

  it('allows a Saturday in Jakarta', () => {
    expect(check(contact(WIB, '2026-11-21T10:00:00+07:00'), indonesia, new Date(0)).allowed).toBe(true);
  });

  it('20:00 WITA is refused while the same instant (19:00 WIB) is allowed in Jakarta', () => {
    const instant = '2026-11-23T12:00:00Z'; // 19:00 WIB, 20:00 WITA, 21:00 WIT
    expect(check(contact(WIB, instant), indonesia, new Date(0)).allowed).toBe(true);
    const bali = check(contact(WITA, instant), indonesia, new Date(0));
    expect(bali.allowed).toBe(false);
    expect(bali.reasons[0].message).toContain('20:00 WITA');
    expect(bali.local_time).toBe('2026-11-23 20:00');
    expect(check(contact(WITA, '2026-11-23T11:59:00Z'), indonesia, new Date(0)).allowed).toBe(true);
  });

  it('field visits run 07:00–20:00 but never on a Sunday or holiday', () => {
    const visit = (at: string) => contact(WIB, at, { channel: 'field_visit' });
    expect(codes(visit('2026-11-23T07:00:00+07:00'), indonesia)).toEqual([]);
    expect(codes(visit('2026-11-23T06:59:00+07:00'), indonesia)).toEqual(['OUTSIDE_FIELD_VISIT_HOURS']);
    expect(codes(visit('2026-11-22T07:30:00+07:00'), indonesia)).toEqual(['NOT_A_CONTACT_DAY']);
    // A call at 07:30 is still refused: calls start at 08:00.
    expect(codes(contact(WIB, '2026-11-23T07:30:00+07:00'), indonesia)).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('only the borrower (or a co-applicant) may be asked to pay; a reference only to locate', () => {
    const at = '2026-11-23T10:00:00+07:00';
    expect(codes(contact(WIB, at, { role: 'reference', purpose: 'payment' }), indonesia)).toEqual(['PAYMENT_ASKED_OF_THIRD_PARTY']);
    expect(codes(contact(WIB, at, { role: 'reference', purpose: 'locate' }), indonesia)).toEqual([]);
    expect(codes(contact(WIB, at, { role: 'co_applicant', purpose: 'payment' }), indonesia)).toEqual([]);
  });

  it('finds the zone from the province', () => {
    expect(zoneOfAddress('INDONESIA', 'Dki Jakarta', WIB)).toBe(WIB);
    expect(zoneOfAddress('INDONESIA', 'BALI', WIB)).toBe(WITA);
    expect(zoneOfAddress('INDONESIA', 'Papua Barat Daya', WIB)).toBe(WIT);
    expect(zoneOfAddress('INDONESIA', 'Atlantis', WITA)).toBe(WITA);
    expect(zoneOfAddress('INDIA', 'Maharashtra', WIB)).toBe(IST);
  });
});

describe('DND, exclusion and overrides', () => {
  const at = '2026-11-23T10:00:00+05:30';
  it('refuses a number on the DND list and an excluded loan', () => {
    expect(codes(contact(IST, at, { on_dnd: true }), india)).toEqual(['NUMBER_ON_DND']);
    expect(codes(contact(IST, at, { loan: { loan_id: 'L1', time_zone: IST, excluded: true } }), india)).toEqual(['LOAN_EXCLUDED']);
    expect(codes(contact(IST, at, { loan: { loan_id: 'L1', time_zone: IST, excluded: true } }), { ...india, check_loan_exclusion: false })).toEqual([]);
  });

  it('an override allows a contact outside the hours, listing the broken rule', () => {
    const d = check(contact(IST, '2026-11-23T19:30:00+05:30', { override: { override_id: 'o1' } }), india, new Date(0));
    expect(d).toMatchObject({ allowed: true, override_id: 'o1' });
    expect(d.reasons.map((r) => r.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
  });

  it('an override never lifts DND', () => {
    const d = check(contact(IST, '2026-11-23T19:30:00+05:30', { on_dnd: true, override: { override_id: 'o1' } }), india, new Date(0));
    expect(d).toMatchObject({ allowed: false, override_id: null });
  });

  it('an unused override on an allowed contact is not consumed', () => {
    expect(check(contact(IST, at, { override: { override_id: 'o1' } }), india, new Date(0))).toMatchObject({ allowed: true, override_id: null });
  });
});

describe('DLT (India SMS)', () => {
  const template: DltTemplate = { template_id: '1107161234567890123', entity_id: '1101234567890', sender_header: 'RCVOPS', category: 'service_explicit', body: 'Dear {#var#}, your EMI of Rs {#var#} is due on {#var#}. Pay at {#var#} - RCVOPS' };
  const sms = (text: string, t: DltTemplate | null = template) => contact(IST, '2026-11-23T10:00:00+05:30', { channel: 'sms', sms: { text, template: t } });
  const good = 'Dear Ravi Kumar, your EMI of Rs 4,500.00 is due on 05-12-2026. Pay at https://pay.example/x1 - RCVOPS';

  it('passes a text that matches its template', () => {
    expect(codes(sms(good), india)).toEqual([]);
    expect(matchDlt(template.body, good)).toEqual({ ok: true, variables: ['Ravi Kumar', '4,500.00', '05-12-2026', 'https://pay.example/x1'] });
  });

  it('refuses a text that differs from the template by one character', () => {
    expect(codes(sms(good.replace('is due', 'is  due')), india)).toEqual(['DLT_TEXT_MISMATCH']);
    expect(codes(sms(`${good}.`), india)).toEqual(['DLT_TEXT_MISMATCH']);
  });

  it('refuses a variable over 30 characters, naming it', () => {
    const long = good.replace('Ravi Kumar', 'R'.repeat(31));
    const d = check(sms(long), india, new Date(0));
    expect(d.reasons.map((r) => r.code)).toEqual(['DLT_VARIABLE_TOO_LONG']);
    expect(d.reasons[0].params).toMatchObject({ index: 1, length: 31 });
    expect(codes(sms(good.replace('Ravi Kumar', 'R'.repeat(30))), india)).toEqual([]);
  });

  it('needs a template, a header of at most 6 characters, and applies only when the company checks DLT in India', () => {
    expect(codes(sms(good, null), india)).toEqual(['DLT_TEMPLATE_REQUIRED']);
    expect(codes(sms(good, { ...template, sender_header: 'RCVOPS1' }), india)).toEqual(['DLT_TEMPLATE_INVALID']);
    expect(codes(sms(good, null), { ...india, dlt_check_applicable: false })).toEqual([]);
    expect(codes({ ...sms(good, null), loan: { loan_id: 'L1', time_zone: WIB, excluded: false } }, { ...indonesia, contact_days: [1, 2, 3, 4, 5, 6] })).toEqual([]);
  });
});

describe('rules stay within the law', () => {
  it('accepts the defaults and narrower hours, refuses wider ones', () => {
    expect(rulesOutsideTheLaw(defaultRules('INDIA'))).toEqual([]);
    expect(rulesOutsideTheLaw({ ...defaultRules('INDIA'), contact_end: '18:00' })).toEqual([]);
    expect(rulesOutsideTheLaw({ ...defaultRules('INDIA'), contact_end: '19:30' })).toHaveLength(1);
    expect(rulesOutsideTheLaw({ ...defaultRules('INDONESIA'), contact_days: [1, 2, 3, 4, 5, 6, 7] })).toHaveLength(1);
    expect(rulesOutsideTheLaw({ ...defaultRules('INDONESIA'), skip_holidays: false })).toHaveLength(1);
  });

  it('finds the start of the local day', () => {
    expect(localDayStart(new Date('2026-11-23T02:00:00Z'), IST).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(localDayStart(new Date('2026-11-23T17:30:00Z'), WIT).toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });
});

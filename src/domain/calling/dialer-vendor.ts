/**
 * Dispositions posted to a third-party dialer vendor (spec 7 "Third-party dialer vendors also
 * receive a disposition post; failures are only logged"; spec 9 "Dialer vendor disposition
 * endpoints are fixed per company"; issue 14). Pure rules: which endpoints are accepted and the
 * body the vendor receives.
 */
import { indiaCallbackTime } from './dispositions';

/**
 * An endpoint a company may name: https:// anywhere, http:// only on this machine (a vendor's
 * connector running beside the server). Nothing else, so the server cannot be pointed at an
 * internal address in clear.
 */
export function isDialerVendorEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

/** What the disposition post carries (JSON). Amounts in major units as the vendor's form takes them; minor units beside. */
export interface DialerVendorDisposition {
  company_id: string;
  loan_id: string;
  call_id: string;
  shoot_id: string;
  agent_email: string;
  disposition: string;
  call_type: string;
  ptp_date: string | null;
  ptp_amount: number | null;
  ptp_amount_minor: number | null;
  /** The callback time with the +0530 offset the vendor needs (spec 4), or null. */
  reminder_date: string | null;
  remarks: string;
  disposed_at: string;
}

export function dialerVendorDisposition(
  companyId: string,
  agentEmail: string,
  d: { loan_id: string; call_id: string; shoot_id: string; disposition: string; call_type: string; ptp_date: string | null; ptp_amount: number | null; ptp_amount_minor: number | null; callback_at: string | null; remarks: string; created_at: string },
): DialerVendorDisposition {
  return {
    company_id: companyId,
    loan_id: d.loan_id,
    call_id: d.call_id,
    shoot_id: d.shoot_id,
    agent_email: agentEmail,
    disposition: d.disposition,
    call_type: d.call_type,
    ptp_date: d.ptp_date,
    ptp_amount: d.ptp_amount,
    ptp_amount_minor: d.ptp_amount_minor,
    reminder_date: d.callback_at ? indiaCallbackTime(new Date(d.callback_at)) : null,
    remarks: d.remarks,
    disposed_at: d.created_at,
  };
}

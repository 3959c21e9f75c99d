/**
 * Schemas of a loan's and a customer's profile (spec 3 "Loan and customer profile"; /api/recovery
 * loan-details, call-details, final status, activity, remarks, customer profile; issue 3). Behind ./profiles.ts.
 */
import { z } from 'zod';
import { majorField, minorField } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { ACTIVITY_KINDS } from './profiles';
import { allocationMonth, loanRecord } from './loans.schema';
export { companyQuery } from '../envelope';

export const loanDetailsQuery = z.object({ company_id: z.string().optional(), allocation_month: allocationMonth.optional() });
export const loanParams = z.object({ loan_id: z.string().min(1).max(100) });
export const customerParams = z.object({ client_customer_id: z.string().min(1).max(100) });
export const activityQuery = companyQuery.extend(pagingQuery.shape);

export const moduleStatus = z.object({ module: z.string(), status_name: z.string().nullable() });
/** Spec 3 "Final status per module". */
export const finalStatus = z.object({ module: z.string(), status_name: z.string().nullable(), attempts: z.number().int() });
export const finalStatusResponse = z.object({ final_status: z.array(finalStatus) });
/** Spec 3 "Call details"; counts over spec 9's windows (calls: last week, PTPs: last month). */
export const callDetails = z.object({
  total_calls: z.number().int(),
  successful_calls: z.number().int(),
  total_ptp: z.number().int(),
  total_broken_ptp: z.number().int(),
  /** The latest PTP: date 'YYYY-MM-DD' and amount, or null. */
  last_ptp: z.object({ ptp_date: z.string(), ptp_amount: majorField.nullable(), ptp_amount_minor: minorField.nullable() }).nullable(),
});
export const contactPerson = z.object({ name: z.string().nullable(), contact_number: z.string().nullable(), relation: z.enum(['co_applicant', 'reference']) });
export const address = z.object({
  address_type: z.string(),
  lines: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
});

export const loanDetails = z.object({
  loan: loanRecord,
  header: z.object({
    name: z.string().nullable(),
    /** 'Customer Id' for credit-line companies, else 'Loan Id' (spec 3). */
    id_label: z.enum(['Loan Id', 'Customer Id']),
    id_value: z.string(),
    total_dues: majorField.nullable(),
    total_dues_minor: minorField.nullable(),
    dpd: z.number().nullable(),
    bucket: z.string().nullable(),
    currency: z.enum(['INR', 'IDR']),
  }),
  statuses: z.array(moduleStatus),
  final_status: z.array(finalStatus),
  call_details: callDetails,
  co_applicants: z.array(contactPerson),
  references: z.array(contactPerson),
  addresses: z.array(address),
  /** Every month this loan_id was allocated in, newest first. */
  allocation_months: z.array(z.string()),
  /** Display names of the variables present in `loan`, for the profile's field list. */
  fields: z.array(z.object({ variable_name: z.string(), variable_label: z.string(), data_type: z.string(), variable_group: z.string() })),
});
export type LoanDetails = z.infer<typeof loanDetails>;

export const activityEvent = z.object({
  event_id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  module: z.string().nullable(),
  remark: z.string().nullable(),
  author_name: z.string().nullable(),
  /** A call's recording (spec 3 "Recordings playable from the activity timeline"; issue 14): http(s) only. */
  recording_url: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;
export const activityResponse = z.object({ events: z.array(activityEvent), total: z.number().int() });
/** POST a remark: plain text (markup rejected, spec 5). */
export const createRemarkBody = z.object({ remark: z.string().trim().min(1).max(2000), allocation_month: allocationMonth.optional() });

export const customerProfile = z.object({
  client_customer_id: z.string(),
  applicant_name: z.string().nullable(),
  applicant_contact_number: z.string().nullable(),
  email: z.string().nullable(),
  addresses: z.array(address),
  loans: z.array(loanRecord),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

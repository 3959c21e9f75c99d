/** Schemas of the payments dashboard (issue 15). Behind ./dashboard.ts. Amounts: integer minor units. */
import { z } from 'zod';
import { calendarDay, minorField } from '../common.schema';
import { companyQuery } from '../envelope';

export const dashboardQuery = companyQuery.extend({ from: calendarDay.optional(), to: calendarDay.optional() });
const slice = z.object({ key: z.string(), count: z.number().int(), amount_minor: minorField });
export const paymentsDashboard = z.object({
  from: z.string(),
  to: z.string(),
  total: z.object({ count: z.number().int(), amount_minor: minorField }),
  /** Every day of the range, oldest first, zeros included. */
  by_day: z.array(z.object({ day: z.string(), count: z.number().int(), amount_minor: minorField })),
  /** online | field_receipt | upload | repossession_proceeds | mandate; largest amount first. */
  by_source: z.array(slice),
  /** As posted (upi, card, cash, enach…); largest amount first. */
  by_channel: z.array(slice),
  /** cashfree | easebuzz | phonepe, or 'none' (not through a gateway); largest amount first. */
  by_gateway: z.array(slice),
  /** The loan's DPD bucket (allocation_dpd_value, else its dpd banded), or 'unknown'; largest amount first. */
  by_bucket: z.array(slice),
});
export type PaymentsDashboard = z.infer<typeof paymentsDashboard>;

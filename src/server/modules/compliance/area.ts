/**
 * The compliance area's front door (issue 13 "Compliance engine"): one decision in front of every
 * outbound contact — rules per company within the law (India RBI hours and caps; Indonesia POJK
 * days, hours in the borrower's zone, holidays), DND, loan exclusion, DLT for SMS, overrides.
 * Other areas call `decide()` from ./queries.ts.
 */
import { defineArea } from '../../http/area';
import { complianceRoutes } from './routes';
import * as tables from './schema';

export default defineArea({ name: 'compliance', tables, routes: [complianceRoutes] });

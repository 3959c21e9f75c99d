/**
 * The payments area's front door. Today it holds only the online payments table that online
 * recoveries read (issue 4); gateways, links and reconciliation arrive with their issue.
 */
import { defineArea } from '../../http/area';
import * as tables from './schema';

export default defineArea({ name: 'payments', tables });

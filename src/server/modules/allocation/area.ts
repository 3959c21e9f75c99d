/**
 * The allocation area's front door (issue 5 portfolio assignment; spec 2 portfolio assignment):
 * who holds which loan, and the territory-aware assignment suggestion.
 */
import { defineArea } from '../../http/area';
import { allocationRoutes } from './routes';
import * as tables from './schema';

export default defineArea({ name: 'allocation', tables, routes: [allocationRoutes] });

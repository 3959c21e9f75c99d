/**
 * The portfolio area's front door (issue 3; spec 3 loan and customer profile, variables, filters;
 * spec 7 recovery service): loans, customers, variables, filters, saved filters, profiles and masking.
 */
import { defineArea } from '../../http/area';
import { portfolioRoutes } from './routes';
import * as tables from './schema';

export default defineArea({ name: 'portfolio', tables, routes: [portfolioRoutes] });

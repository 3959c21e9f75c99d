/**
 * The companies area's front door (spec 3 "Organisation and company settings"; spec 7 user service
 * `/companies`, `/company`, `/company-type`): companies and their settings.
 */
import { defineArea } from '../../http/area';
import { companyRoutes } from './routes';
import * as tables from './schema';

export default defineArea({ name: 'companies', tables, routes: [companyRoutes] });

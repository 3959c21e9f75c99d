/** placeholder */
import { defineWebArea } from '../../lib/area';

export default defineWebArea({ name: 'compliance', routes: [], menu: [] });

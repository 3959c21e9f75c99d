/** The payments area's web front door (decision 007): no screens yet (the server has its table). */
import { defineWebArea } from '../../lib/area';

export default defineWebArea({ name: 'payments', routes: [], menu: [] });

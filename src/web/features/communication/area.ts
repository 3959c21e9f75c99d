/** The communication area's web front door (decision 007): an empty skeleton; screens arrive with the area's issue. */
import { defineWebArea } from '../../lib/area';

export default defineWebArea({ name: 'communication', routes: [], menu: [] });

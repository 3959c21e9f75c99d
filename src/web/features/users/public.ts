/** What other areas may use of the users area (decision 007): the team filter options (teams, roles, managers). */
export { useUserFilters } from './api';

/**
 * What other areas may use of the portfolio area (decision 007): the loans of a month (filters,
 * pages, cells), the month picker of the profile screens, and links to the portfolio screens that
 * keep the company (a loan's profile from a visit or a dashboard row).
 */
export { LOANS_PAGE_SIZE, useFilterConfig, useLoanPages, useLoansPage, type LoansSelection } from './api';
export { cellValue, formatCell } from './columns';
export { FilterChips, FiltersDrawer, filterNames } from '../../components/loan-filters-drawer';
export { SCREENS, screenLink } from './links';
export { MonthSelect } from './profile-parts';

/**
 * What the rest of the web app may use of the companies area (decision 007): the caller's
 * permissions in a company and the shell's company switcher (plain, in the entry chunk).
 */
export { usePermissions } from './api';
export { CompanySwitcher } from './company-switcher';

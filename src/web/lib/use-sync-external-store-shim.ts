/**
 * `use-sync-external-store/shim` for the browser build (vite.config.ts `resolve.alias`): react-i18next
 * imports the shim for React versions before 18; React 19 has the hook itself, so the shim's own
 * copy (~0.4 KB gzipped on every first load, issue 18) is replaced by React's.
 */
export { useSyncExternalStore } from 'react';

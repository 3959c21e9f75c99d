/**
 * What the rest of the web app may use of the auth area (docs/decisions/007-area-kernel.md: other
 * areas and the app shell import an area only through its public.ts). Plain modules only: the app
 * shell imports this from the entry chunk, which carries no Chakra (decision 006).
 */
export { useProfile } from './session-api';
export { leaveToLogin, signOut } from './sign-out';

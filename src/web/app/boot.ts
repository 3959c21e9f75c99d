/**
 * Side effects that must run before the router reads the URL: imported first by main.tsx so a
 * link token (spec 4) is saved and removed from the address bar before routing starts.
 */
import { applyLinkToken } from '../lib/link-token';

applyLinkToken();

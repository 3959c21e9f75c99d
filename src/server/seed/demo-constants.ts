/** The demo's fixed names (README "Demo sign-ins"), shared by the demo seed's parts. */
export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_COMPANY_IN = 'demo-lender-in';
export const DEMO_COMPANY_ID = 'demo-trust-id';

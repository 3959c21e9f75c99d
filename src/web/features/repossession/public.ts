/** What other features may import of the repossession area: the path of the agent's phone screen. */
export const REPOSSESSION_STEPS_SCREEN = 'repossession-steps';

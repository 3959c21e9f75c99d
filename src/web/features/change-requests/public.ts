/** What other features may import of the change-requests area: the path of its desk page. */
export const CHANGE_REQUESTS_SCREEN = 'change-request';

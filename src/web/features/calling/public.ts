/** What other features may import of the calling area: nothing yet. */
export {};

/** The query Products sends a new subscriber to Home with (issue 39 item 7). */
export const WELCOME_QUERY = { welcome: 'subscribed' } as const;

/**
 * The income feature's public face (issue 41): routes, jobs, scripts and other features import this
 * file, never a file inside the folder (the architecture test checks it).
 * Dividends of a share, a portfolio's dividend income (received, expected, booking), what a
 * portfolio or a person holds (allocation with concentration rules), and the user's settings.
 */
export * from './allocationService';
export * from './dividendsService';
export * from './incomeService';
export * from './incomeSettingsService';

/**
 * The alerts feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * What reaches the user: signal and price alerts, notifications, e-mail and unsubscribe tokens.
 */
export * from './alertService';
export * from './notificationService';
export * from './priceAlertService';

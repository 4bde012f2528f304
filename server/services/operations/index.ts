/**
 * The operations feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Running the service: health and backups (the scheduled jobs are server/jobs).
 */
export * from './backupService';
export * from './healthService';

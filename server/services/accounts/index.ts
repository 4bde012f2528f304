/**
 * The accounts feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Users and their accounts: profile, identity, export and deletion of your data, admin promotion, demo accounts.
 */
export * from './accountService';
export * from './adminUserService';
export * from './demoAccounts';
export * from './userService';
export * from './firstSteps';

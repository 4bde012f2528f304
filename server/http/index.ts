export * from './apiHandler';
export * from './errors';
export * from './validate';
export * from './sendJson';

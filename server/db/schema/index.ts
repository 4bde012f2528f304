// The one drizzle schema: PGlite and PostgreSQL share it and its migrations.
export * from './users';
export * from './market';
export * from './portfolio';
export * from './rateLimits';
export * from './billing';
export * from './articles';
export * from './jobs';
export * from './signals';
export * from './income';

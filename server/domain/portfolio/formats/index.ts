/** Broker files: Nordnet's transaction export and the mapped CSV reader. */
export * from './mappedCsv';
export * from './nordnet';
export * from './mappedDates';
export * from './mappedPlausibility';
export * from './instrumentKind';

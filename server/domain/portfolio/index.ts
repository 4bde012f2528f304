/** The pure portfolio domain (DESIGN §7): average-cost positions, results, metadata, FIFO tax, performance, Nordnet files. */
export * from './decimal';
export * from './errors';
export * from './events';
export * from './fx';
export * from './mappedCsv';
export * from './metadata';
export * from './nordnet';
export * from './performance';
export * from './positions';
export * from './results';
export * from './tax';
export * from './totals';
export * from './transactions';
export * from './types';
export * from './cash';
export * from './personTax';
export * from './taxRates';

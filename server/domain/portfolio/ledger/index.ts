/** The ledger: decimal amounts, the one event applier, positions, results, metadata, cash and FX. */
export * from './decimal';
export * from './errors';
export * from './events';
export * from './fx';
export * from './metadata';
export * from './positions';
export * from './prices';
export * from './results';
export * from './totals';
export * from './transactions';
export * from './types';
export * from './cash';

/** The pure portfolio domain (DESIGN §7): average-cost positions, results, metadata, FIFO tax, performance, Nordnet files. */
export * from './ledger';
export * from './formats';
export * from './performance';
export * from './tax';
export * from './income';

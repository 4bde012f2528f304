/** Exact decimals as scaled integers for the performance series (see scaledNumbers.ts). */
export * from './scaledNumbers';
export * from './scaledSums';
export * from './scaledRounding';

/** Nordnet's transaction export (DESIGN.md §5): decoding and cells, vocabulary, parse, leg pairing, export. */
export * from './cells';
export * from './export';
export * from './parse';
export { HEADER_NAMES } from './vocabulary';

export { EodhdClient, type EodhdClientOptions } from './client';
export {
  mapBulkDividendRows,
  mapDividendRows,
  mapEodRows,
  mapFxRows,
  parseSymbolRows,
  type EodSeriesKind,
  type EodhdEodRow,
  type EodhdSymbolRow,
} from './mapping';
export { EodhdProvider } from './provider';

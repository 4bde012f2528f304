import type { MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';

import { detectDelimiter, firstLine, readCsv } from '@/server/domain/csv';
import { filterByDate, isIsoDate } from './dates';
import { MarketDataError } from './errors';
import type { DateRange, FxRate, MarketDataProvider, TickerInfo } from './provider';
import { findUniverseTicker, universeMarket } from './universe';

/** A problem in a CSV file; `line` is 1-based and the header is line 1. */
export interface CsvError {
  line: number;
  message: string;
}

export interface ParsedPriceCsv {
  /** The valid rows, ascending by date. */
  bars: Bar[];
  /** One entry per problem, in file order; rows with errors are not in `bars`. */
  errors: CsvError[];
}

const COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume'] as const;
type Column = (typeof COLUMNS)[number];
const PRICE_COLUMNS = ['open', 'high', 'low', 'close'] as const;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parse a daily price file with the header `date,open,high,low,close,volume` (any column order,
 * any letter case, extra columns ignored). Tolerates a UTF-8 BOM, CRLF line ends, blank lines and
 * quoted fields. Semicolon- or tab-separated files are accepted too, and with a semicolon a decimal
 * comma is allowed (Norwegian spreadsheets). Dates must be YYYY-MM-DD; prices > 0; volume a whole
 * number >= 0; low <= open, close <= high; one row per date. Every problem is reported with its
 * line number and the row is left out.
 */
export function parsePriceCsv(text: string): ParsedPriceCsv {
  const errors: CsvError[] = [];
  const source = text.replace(/^\uFEFF/, '');
  const headerLine = firstLine(source);
  if (headerLine.trim() === '') {
    return { bars: [], errors: [{ line: 1, message: `missing header: expected ${COLUMNS.join(',')}` }] };
  }
  // A comma when the header has one, else a semicolon or a tab (Norwegian spreadsheets).
  const delimiter = headerLine.includes(',') ? ',' : (detectDelimiter(headerLine, [';', '\t']) ?? ',');
  const decimalComma = delimiter === ';';
  const read = readCsv(source, { delimiter });
  const [headerRecord, ...records] = read.records;
  const header = (headerRecord?.line === 1 ? headerRecord.fields : []).map((h) => h.toLowerCase());
  const position = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const col of COLUMNS) {
    const at = header.indexOf(col);
    if (at === -1) missing.push(col);
    else if (header.indexOf(col, at + 1) !== -1)
      errors.push({ line: 1, message: `column "${col}" appears twice in the header` });
    position[col] = at;
  }
  if (missing.length > 0) {
    errors.push({
      line: 1,
      message: `missing column(s) ${missing.join(', ')}: expected header ${COLUMNS.join(',')}`,
    });
  }
  if (errors.length > 0) return { bars: [], errors };

  const bars: Bar[] = [];
  errors.push(...read.errors);
  const firstLineOfDate = new Map<string, number>();
  for (const { line: lineNo, fields } of records) {
    if (fields.length < header.length) {
      errors.push({ line: lineNo, message: `expected ${header.length} fields, found ${fields.length}` });
      continue;
    }
    const lineErrors: string[] = [];

    const date = fields[position.date];
    if (!isIsoDate(date)) lineErrors.push(`invalid date "${date}" (expected YYYY-MM-DD)`);

    const values = {} as Record<Exclude<Column, 'date'>, number>;
    for (const col of [...PRICE_COLUMNS, 'volume'] as const) {
      const text = fields[position[col]];
      const normalised = decimalComma ? text.replace(',', '.') : text;
      if (!NUMBER.test(normalised)) {
        lineErrors.push(text === '' ? `${col} is empty` : `${col} is not a number: "${text}"`);
        continue;
      }
      const value = Number(normalised);
      if (value < 0) lineErrors.push(`${col} is negative: ${text}`);
      else if (col === 'volume' && !Number.isInteger(value))
        lineErrors.push(`volume is not a whole number: ${text}`);
      else if (col !== 'volume' && value === 0) lineErrors.push(`${col} must be greater than 0`);
      values[col] = value;
    }

    if (lineErrors.length === 0) {
      const { open, high, low, close, volume } = values;
      if (high < low) lineErrors.push(`high ${high} is below low ${low}`);
      else {
        if (open < low || open > high) lineErrors.push(`open ${open} is outside low–high ${low}–${high}`);
        if (close < low || close > high) lineErrors.push(`close ${close} is outside low–high ${low}–${high}`);
      }
      if (lineErrors.length === 0) {
        const first = firstLineOfDate.get(date);
        if (first !== undefined) {
          lineErrors.push(`duplicate date ${date} (first on line ${first})`);
        } else {
          firstLineOfDate.set(date, lineNo);
          bars.push({ date, open, high, low, close, volume });
        }
      }
    }
    for (const message of lineErrors) errors.push({ line: lineNo, message });
  }
  bars.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  errors.sort((a, b) => a.line - b.line);
  return { bars, errors };
}

/** A CSV price file for one ticker of a market. */
export interface CsvTickerSource {
  marketId: MarketId;
  /** Symbol without exchange suffix. */
  symbol: string;
  /** Defaults to the universe name, else the symbol. */
  name?: string;
  csv: string;
}

/** The files a CsvProvider serves; index files per market and USD/NOK (close = rate) are optional. */
export interface CsvProviderSources {
  tickers: readonly CsvTickerSource[];
  indexes?: Partial<Record<MarketId, string>>;
  usdNok?: string;
}

/**
 * A provider over CSV files already read into memory (the `market:import` script reads them).
 * A file with any error is refused as a whole (INVALID_DATA listing the first problems), so an
 * import never stores half a file; zero-volume rows of tickers are dropped like at EODHD.
 */
export class CsvProvider implements MarketDataProvider {
  readonly name = 'csv' as const;
  private readonly sources: CsvProviderSources;
  private readonly parsed = new Map<string, Bar[]>();

  constructor(sources: CsvProviderSources) {
    this.sources = sources;
  }

  /** The tickers that have a file for this market. */
  async listSymbols(marketId: MarketId): Promise<TickerInfo[]> {
    const currency = universeMarket(marketId).currency;
    return this.sources.tickers
      .filter((s) => s.marketId === marketId)
      .map((s) => {
        const member = findUniverseTicker(marketId, s.symbol);
        return {
          symbol: s.symbol,
          name: s.name ?? member?.name ?? s.symbol,
          sector: member?.sector ?? null,
          currency,
          img: member?.img ?? '',
          isin: null,
        };
      });
  }

  /** The ticker file's bars in `range`, zero-volume rows dropped. */
  async getDailyBars(symbol: string, marketId: MarketId, range: DateRange): Promise<Bar[]> {
    const source = this.sources.tickers.find((s) => s.marketId === marketId && s.symbol === symbol);
    if (!source)
      throw new MarketDataError('UNKNOWN_SYMBOL', `No CSV file for ${symbol} in market ${marketId}`);
    const bars = this.parse(`${marketId}:${symbol}`, source.csv).filter((b) => b.volume > 0);
    return filterByDate(bars, range);
  }

  /** The market's index file in `range` (volume may be 0). */
  async getIndexBars(marketId: MarketId, range: DateRange): Promise<Bar[]> {
    const csv = this.sources.indexes?.[marketId];
    if (csv === undefined)
      throw new MarketDataError('UNKNOWN_SYMBOL', `No CSV file for the index of market ${marketId}`);
    return filterByDate(this.parse(`index:${marketId}`, csv), range);
  }

  /** USD/NOK from the FX file's close column, in `range`. */
  async getUsdNok(range: DateRange): Promise<FxRate[]> {
    if (this.sources.usdNok === undefined)
      throw new MarketDataError('UNKNOWN_SYMBOL', 'No CSV file for USD/NOK');
    return filterByDate(this.parse('fx:USDNOK', this.sources.usdNok), range).map((b) => ({
      date: b.date,
      rate: b.close,
    }));
  }

  private parse(key: string, csv: string): Bar[] {
    const cached = this.parsed.get(key);
    if (cached) return cached;
    const { bars, errors } = parsePriceCsv(csv);
    if (errors.length > 0) {
      const first = errors
        .slice(0, 3)
        .map((e) => `line ${e.line}: ${e.message}`)
        .join('; ');
      throw new MarketDataError('INVALID_DATA', `CSV for ${key} has ${errors.length} error(s): ${first}`);
    }
    this.parsed.set(key, bars);
    return bars;
  }
}

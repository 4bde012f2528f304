import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT, type EventId } from '@/lib/constants';
import { legsToSplit, SPLIT_PART_MAX, splitQuantityText } from '@/lib/splitRatio';
import { toDecimal, ZERO, type DecimalInput } from './decimal';
import { splitQuantity } from './events';
import { compareTransactions, isIsoDate, normalizeTransaction } from './transactions';

/**
 * Nordnet's "transactions and notes" export (Transaksjoner og notater → Eksporter):
 * UTF-16LE with a BOM, tab-separated, Norwegian headers, decimal comma, spaces (often no-break
 * spaces) as thousands separators, newest row first. Several columns are called "Valuta"; each
 * one is the currency of the amount column just before it, so they are told apart by that column.
 *
 * Splits: Nordnet books a split as two rows on the same day, "SPLITT UTTAK VP" taking out the old
 * quantity and "SPLITT INNLEGG VP" putting in the new quantity (a reverse split looks the same with
 * a smaller new quantity; the ISIN may change). We pair them per trade date (same ISIN, else same
 * name, else the only remaining pair of that day) and emit one split transaction with
 * ratio = new quantity / old quantity.
 */

/** One importable transaction from the file; the service resolves `isin`/`name` to a ticker. */
export interface ParsedNordnetRow {
  /** 1-based line in the file (the header is line 1); for a split, the line of its UTTAK row. */
  line: number;
  /** Nordnet's Id; for a split "outId/inId" (or the single Id when both legs share it). */
  externalId: string | null;
  /** Handelsdag (trade date) as YYYY-MM-DD, Bokføringsdag when Handelsdag is empty. */
  date: string;
  eventId: EventId;
  isin: string | null;
  name: string | null;
  /** Shares; for a split the ratio new per old (split_to / split_from, at most 10 decimals). Always positive. */
  quantity: Decimal;
  /** A split's two whole numbers (new shares `splitTo` for every `splitFrom` old ones); null otherwise. */
  splitTo: number | null;
  splitFrom: number | null;
  /** Transaksjonstekst, read back as our export wrote it (a neutralised cell restored). */
  comment: string;
  /** Price per share (dividend: amount per share) in the trade currency; 0 for a split. */
  price: Decimal;
  /** Total fees, converted to the trade currency when the file states them in another one. */
  fee: Decimal;
  /** The trade currency as the file states it (informational: the resolved ticker's currency wins). */
  currency: string | null;
  /** The raw Transaksjonstype (for a split both legs', joined with " + "). */
  transactionType: string;
}

export interface NordnetParseResult {
  rows: ParsedNordnetRow[];
  skipped: { line: number; reason: string }[];
  errors: { line: number; message: string }[];
}

/** A transaction to write in Nordnet's format; `name`/`isin` identify the security as in a real export. */
export interface NordnetExportTransaction {
  id: number;
  date: string;
  eventId: number;
  isin: string | null;
  name: string;
  quantity: DecimalInput;
  price: DecimalInput;
  fee?: DecimalInput | null;
  currency: string;
  comment?: string | null;
  splitTo?: number | null;
  splitFrom?: number | null;
  /** The Id column: the broker's Id the row came with, else `id`. */
  externalId?: string | null;
}

type ColumnKey =
  | 'id'
  | 'bookingDate'
  | 'tradeDate'
  | 'settlementDate'
  | 'portfolio'
  | 'type'
  | 'security'
  | 'isin'
  | 'quantity'
  | 'price'
  | 'interest'
  | 'totalFees'
  | 'amount'
  | 'purchaseValue'
  | 'result'
  | 'totalQuantity'
  | 'balance'
  | 'exchangeRate'
  | 'text'
  | 'cancelDate'
  | 'brokerage';

/**
 * Header names of the same export in Nordnet's four languages (Norwegian, Swedish, Danish,
 * Finnish) → column. Compared after normalizeHeader (lower case, ö/ä folded to ø/æ).
 */
const HEADER_NAMES: Record<ColumnKey, readonly string[]> = {
  id: ['id'],
  bookingDate: ['bokføringsdag', 'bokföringsdag', 'bogføringsdag', 'kirjauspäivä'],
  tradeDate: ['handelsdag', 'handelsdato', 'affärsdag', 'kauppapäivä'],
  settlementDate: ['oppgjørsdag', 'likviddag', 'valørdag', 'maksupäivä'],
  portfolio: ['portefølje', 'depå', 'depot', 'salkku'],
  type: ['transaksjonstype', 'transaktionstyp', 'transaktionstype', 'tapahtumatyyppi'],
  security: ['verdipapir', 'värdepapper', 'værdipapirer', 'værdipapir', 'arvopaperi'],
  isin: ['isin'],
  quantity: ['antall', 'antal', 'määrä'],
  price: ['kurs', 'kurssi'],
  interest: ['rente', 'ränta', 'korko'],
  totalFees: ['totale avgifter', 'totala avgifter', 'samlede afgifter', 'kokonaiskulut'],
  amount: ['beløp', 'belopp', 'beløb', 'summa'],
  purchaseValue: ['kjøpsverdi', 'inköpsvärde', 'købsværdi', 'indkøbsværdi', 'hankinta-arvo'],
  result: ['resultat', 'tulos'],
  totalQuantity: ['totalt antall', 'totalt antal', 'total antal', 'kokonaismäärä'],
  balance: ['saldo'],
  exchangeRate: ['vekslingskurs', 'växlingskurs', 'vekselkurs', 'vaihtokurssi'],
  text: ['transaksjonstekst', 'transaktionstext', 'transaktionstekst', 'tapahtumateksti'],
  cancelDate: ['makuleringsdato', 'makuleringsdatum', 'annulleringsdato', 'mitätöintipäivä'],
  brokerage: ['kurtasje', 'courtage', 'kurtage', 'välityspalkkio'],
};

/** "Valuta" in the four languages: each follows the amount column it belongs to. */
const CURRENCY_HEADERS = new Set(['valuta', 'valuutta']);

const HEADER_ALIASES = new Map<string, ColumnKey>(
  (Object.entries(HEADER_NAMES) as [ColumnKey, readonly string[]][]).flatMap(([key, names]) =>
    names.map((name): [string, ColumnKey] => [normalizeHeader(name), key]),
  ),
);

interface ColumnMap {
  columns: Partial<Record<ColumnKey, number>>;
  /** "Valuta" columns keyed by the column they follow. */
  currencies: Partial<Record<ColumnKey, number>>;
  firstCurrency: number | null;
}

// Transaction types in Norwegian, Swedish, Danish and Finnish (compared upper-cased).
const BUY_TYPES = new Set(['KJØPT', 'KJØP', 'KÖPT', 'KÖP', 'KØBT', 'KØB', 'OSTO']);
const SELL_TYPES = new Set(['SOLGT', 'SALG', 'SÅLT', 'SÄLJ', 'MYYNTI']);
const DIVIDEND_TYPES = new Set(['UTBYTTE', 'UTDELNING', 'UDBYTTE', 'OSINKO']);
/** A split leg: the old quantity out, or the new quantity in. */
const SPLIT_OUT = /(^|\s)(UTTAK|UTTAG|UDTAG|OTTO)(?=\s|$)/;
const SPLIT_IN = /(^|\s)(INNLEGG|INLÄGG|INDLÆG|JÄTTÖ)(?=\s|$)/;
const CASH_TYPES = new Set([
  'INNSKUDD',
  'INNSKUDD KONTANTER',
  'UTTAK',
  'UTTAK INTERNET',
  'AVGIFT',
  'RENTE',
  'DEBETRENTE',
  'KREDITRENTE',
  'OVERFØRING',
  'UTBYTTESKATT',
  'KUPONGSKATT',
  'TILBAKEBET. FOND AVG',
  'INSÄTTNING',
  'UTTAG',
  'UTTAG INTERNET',
  'INDBETALING',
  'HÆVNING',
  'TALLETUS',
  'NOSTO',
  'KUPONGSKAT',
  'UTLÄNDSK KÄLLSKATT',
  'UDBYTTESKAT',
  'ENNAKKOPIDÄTYS',
]);

/** At most this many data rows per file (DESIGN.md §4: more is 413 with the count). */
export const NORDNET_MAX_ROWS = 10_000;

/** The file has more data rows than NORDNET_MAX_ROWS; nothing of it is read. */
export class TooManyRowsError extends Error {
  readonly rows: number;
  constructor(rows: number) {
    super(`The file has ${rows} rows; at most ${NORDNET_MAX_ROWS} are read`);
    this.name = 'TooManyRowsError';
    this.rows = rows;
  }
}

/**
 * OWASP CSV injection: a text cell that starts with = + - @, tab or carriage return is written
 * with a leading apostrophe, so a spreadsheet shows it as text instead of running it.
 */
export function neutralizeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The inverse of neutralizeCell for a text cell read back: the apostrophe before = + - @ tab CR goes. */
export function restoreCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Decode the file's bytes: UTF-16LE/BE by BOM (or by NUL pattern without one), else UTF-8 (BOM optional), else Windows-1252. */
export function decodeNordnetBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16Be(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) {
    return new TextDecoder('utf-16le').decode(bytes);
  }
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) {
    return decodeUtf16Be(bytes);
  }
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  // Older exports saved by spreadsheet programs can be Windows-1252: invalid UTF-8 gives U+FFFD.
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

function decodeUtf16Be(bytes: Uint8Array): string {
  const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return new TextDecoder('utf-16le').decode(swapped);
}

/**
 * Parse a Nordnet-formatted number: decimal comma (or point), thousands separated by spaces,
 * no-break spaces or the other separator, unicode minus. Empty → null; throws RangeError when it
 * is not a number.
 */
export function parseNordnetNumber(text: string): Decimal | null {
  let s = text.replace(/[\s\u00a0\u202f\u2009\u2007']/g, '').replace(/\u2212/g, '-');
  if (s === '') return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the last one is the decimal separator, the other groups thousands.
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    if (s.indexOf(',') !== lastComma) throw new RangeError(`Not a number: ${text}`);
    s = s.replace(',', '.');
  } else if (lastDot >= 0 && s.indexOf('.') !== lastDot) {
    s = s.replace(/\./g, '');
  }
  if (!/^[+-]?\d+(\.\d+)?$/.test(s)) throw new RangeError(`Not a number: ${text}`);
  return toDecimal(s);
}

/** Parse YYYY-MM-DD (optionally followed by a time) or DD.MM.YYYY into YYYY-MM-DD; null when it is neither. */
function parseNordnetDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(t);
  if (iso) return isIsoDate(iso[1]) ? iso[1] : null;
  const nb = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  if (nb) {
    const date = `${nb[3]}-${nb[2]}-${nb[1]}`;
    return isIsoDate(date) ? date : null;
  }
  return null;
}

function normalizeHeader(name: string): string {
  return name
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/ö/g, 'ø')
    .replace(/ä/g, 'æ')
    .replace(/\s+/g, ' ');
}

function normalizeType(type: string): string {
  return type.normalize('NFC').trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Split one line on `separator`, honouring double quotes ("" is a literal quote); fields are trimmed. */
function splitLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === separator) {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

function detectSeparator(header: string): string | null {
  const tabs = header.split('\t').length - 1;
  const semicolons = header.split(';').length - 1;
  if (tabs === 0 && semicolons === 0) return null;
  return tabs >= semicolons ? '\t' : ';';
}

function mapColumns(headerFields: readonly string[]): ColumnMap {
  const map: ColumnMap = { columns: {}, currencies: {}, firstCurrency: null };
  let previous: ColumnKey | null = null;
  headerFields.forEach((raw, index) => {
    const name = normalizeHeader(raw);
    if (CURRENCY_HEADERS.has(name)) {
      map.firstCurrency ??= index;
      if (previous !== null && map.currencies[previous] === undefined) map.currencies[previous] = index;
      return;
    }
    const key = HEADER_ALIASES.get(name);
    if (key !== undefined && map.columns[key] === undefined) map.columns[key] = index;
    // An unknown column still breaks the "Valuta follows its amount" chain.
    previous = key ?? null;
  });
  return map;
}

interface RawRow {
  line: number;
  get(key: ColumnKey): string;
  currencyOf(key: ColumnKey): string;
  firstCurrency(): string;
}

interface SplitLeg {
  line: number;
  id: string | null;
  comment: string;
  date: string;
  isin: string | null;
  name: string | null;
  quantity: Decimal;
  fee: Decimal;
  currency: string | null;
  type: string;
}

class RowError extends Error {}

function requireNumber(row: RawRow, key: ColumnKey, label: string): Decimal {
  const value = optionalNumber(row, key, label);
  if (value === null) throw new RowError(`${label} is missing`);
  return value;
}

function optionalNumber(row: RawRow, key: ColumnKey, label: string): Decimal | null {
  const text = row.get(key);
  try {
    return parseNordnetNumber(text);
  } catch {
    throw new RowError(`${label} "${text}" is not a number`);
  }
}

function readDate(row: RawRow): string {
  const text = row.get('tradeDate') || row.get('bookingDate');
  if (text === '') throw new RowError('Handelsdag is missing');
  const date = parseNordnetDate(text);
  if (date === null) throw new RowError(`Handelsdag "${text}" is not a date`);
  return date;
}

/** The trade currency: the "Valuta" of Kurs if the file has one, else of the purchase value, result, fees or amount. */
function readCurrency(row: RawRow): string | null {
  const candidates: ColumnKey[] = ['price', 'purchaseValue', 'result', 'totalFees', 'amount'];
  for (const key of candidates) {
    const c = row.currencyOf(key);
    if (c !== '') return c.toUpperCase();
  }
  const first = row.firstCurrency();
  return first === '' ? null : first.toUpperCase();
}

/** Total fees in the trade currency; a fee stated in another currency is converted with Vekslingskurs. */
function readFee(row: RawRow, currency: string | null): Decimal {
  const total = optionalNumber(row, 'totalFees', 'Totale Avgifter');
  const fee = (total ?? optionalNumber(row, 'brokerage', 'Kurtasje') ?? ZERO).abs();
  if (fee.isZero()) return fee;
  const feeCurrency = (
    total !== null ? row.currencyOf('totalFees') : row.currencyOf('brokerage')
  ).toUpperCase();
  if (feeCurrency === '' || currency === null || feeCurrency === currency) return fee;
  const rate = optionalNumber(row, 'exchangeRate', 'Vekslingskurs');
  if (rate === null || !rate.gt(0)) {
    throw new RowError(`fee is in ${feeCurrency}, the trade in ${currency}, and there is no Vekslingskurs`);
  }
  // Vekslingskurs is account-currency units per trade-currency unit; rounded to what a
  // transaction keeps (10 decimals, 15 significant digits).
  return fee.div(rate).toSignificantDigits(15).toDecimalPlaces(10);
}

function readSecurity(row: RawRow): { isin: string | null; name: string | null } {
  const isin = row.get('isin').toUpperCase();
  const name = restoreCell(row.get('security'));
  if (isin === '' && name === '') throw new RowError('neither ISIN nor Verdipapir is given');
  return { isin: isin === '' ? null : isin, name: name === '' ? null : name };
}

function parseTradeRow(row: RawRow, eventId: EventId, type: string): ParsedNordnetRow {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const quantity = requireNumber(row, 'quantity', 'Antall').abs();
  if (quantity.isZero()) throw new RowError('Antall is 0');
  const currency = readCurrency(row);
  let price = optionalNumber(row, 'price', 'Kurs')?.abs() ?? null;
  if (price === null && eventId === EVENT_DIVIDEND) {
    // Some dividend rows leave Kurs empty: derive the amount per share from Beløp.
    const amount = optionalNumber(row, 'amount', 'Beløp');
    // Rounded to what a transaction keeps (10 decimals, 15 significant digits).
    if (amount !== null) price = amount.abs().div(quantity).toSignificantDigits(15).toDecimalPlaces(10);
  }
  if (price === null) throw new RowError('Kurs is missing');
  const fee = readFee(row, currency);
  const id = restoreCell(row.get('id'));
  return {
    line: row.line,
    externalId: id === '' ? null : id,
    date,
    eventId,
    isin,
    name,
    quantity,
    splitTo: null,
    splitFrom: null,
    comment: restoreCell(row.get('text')),
    price,
    fee,
    currency,
    transactionType: type,
  };
}

function parseSplitLeg(row: RawRow, type: string): SplitLeg {
  const date = readDate(row);
  const { isin, name } = readSecurity(row);
  const quantity = requireNumber(row, 'quantity', 'Antall').abs();
  if (quantity.isZero()) throw new RowError('Antall is 0');
  const id = restoreCell(row.get('id'));
  const currency = readCurrency(row);
  return {
    line: row.line,
    id: id === '' ? null : id,
    comment: restoreCell(row.get('text')),
    date,
    isin,
    name,
    quantity,
    fee: readFee(row, currency),
    currency,
    type,
  };
}

/**
 * Pair split legs per date: same ISIN, then same name, then a lone remaining pair (ISIN changed).
 * Linear: legs are grouped by date and looked up by key in maps, never searched in a list.
 */
function pairSplitLegs(
  outs: SplitLeg[],
  ins: SplitLeg[],
): { pairs: [SplitLeg, SplitLeg][]; unmatched: SplitLeg[] } {
  const byDate = new Map<string, { o: SplitLeg[]; n: SplitLeg[] }>();
  const group = (date: string) => {
    let g = byDate.get(date);
    if (!g) byDate.set(date, (g = { o: [], n: [] }));
    return g;
  };
  for (const leg of outs) group(leg.date).o.push(leg);
  for (const leg of ins) group(leg.date).n.push(leg);
  const pairs: [SplitLeg, SplitLeg][] = [];
  const unmatched: SplitLeg[] = [];
  for (const { o, n } of byDate.values()) {
    let outsLeft = o;
    let insLeft = n;
    const take = (key: (l: SplitLeg) => string | null): void => {
      // The first "in" leg per key, in file order; each out leg takes the first free one.
      const free = new Map<string, SplitLeg[]>();
      for (const leg of insLeft) {
        const k = key(leg);
        if (k !== null) free.set(k, [...(free.get(k) ?? []), leg]);
      }
      const used = new Set<SplitLeg>();
      const still: SplitLeg[] = [];
      for (const leg of outsLeft) {
        const k = key(leg);
        const match = k === null ? undefined : free.get(k)?.shift();
        if (match) {
          pairs.push([leg, match]);
          used.add(match);
        } else still.push(leg);
      }
      outsLeft = still;
      insLeft = insLeft.filter((leg) => !used.has(leg));
    };
    take((l) => l.isin);
    take((l) => l.name);
    if (outsLeft.length === 1 && insLeft.length === 1) take(() => '');
    unmatched.push(...outsLeft, ...insLeft);
  }
  return { pairs, unmatched };
}

function joinIds(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return a === b ? a : `${a}/${b}`;
}

const REQUIRED: readonly [ColumnKey, string][] = [
  ['type', 'Transaksjonstype'],
  ['quantity', 'Antall'],
  ['price', 'Kurs'],
];

/**
 * Parse a Nordnet transaction export (bytes as uploaded). Buys, sells, dividends and split pairs
 * become rows, in chronological order (date, then Nordnet Id); cash movements, cancelled and
 * unsupported rows are skipped with a reason; unreadable rows are errors with their line.
 */
export function parseNordnetCsv(bytes: Uint8Array): NordnetParseResult {
  const steps = parseNordnetCsvInSteps(bytes);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Lines parsed between two pauses of parseNordnetCsvInSteps. */
export const NORDNET_LINES_PER_STEP = 500;

/**
 * parseNordnetCsv as a generator that pauses every NORDNET_LINES_PER_STEP lines (and before the
 * split pairing and the final sort), so that a caller on a shared thread can let other work run
 * between the steps; its return value is parseNordnetCsv's result. Throws TooManyRowsError.
 */
export function* parseNordnetCsvInSteps(bytes: Uint8Array): Generator<void, NordnetParseResult, void> {
  const result: NordnetParseResult = { rows: [], skipped: [], errors: [] };
  const text = decodeNordnetBytes(bytes).replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\n|\r/);
  const header = lines[0] ?? '';
  if (header.trim() === '') {
    result.errors.push({ line: 1, message: 'the file is empty' });
    return result;
  }
  const separator = detectSeparator(header);
  if (separator === null) {
    result.errors.push({ line: 1, message: 'no tab or semicolon separator in the header line' });
    return result;
  }
  const map = mapColumns(splitLine(header, separator));
  const missing = REQUIRED.filter(([key]) => map.columns[key] === undefined).map(([, label]) => label);
  if (map.columns.tradeDate === undefined && map.columns.bookingDate === undefined)
    missing.push('Handelsdag');
  if (missing.length > 0) {
    result.errors.push({ line: 1, message: `missing column(s): ${missing.join(', ')}` });
    return result;
  }

  let dataRows = 0;
  for (let index = 1; index < lines.length; index++) if (lines[index].trim() !== '') dataRows += 1;
  if (dataRows > NORDNET_MAX_ROWS) throw new TooManyRowsError(dataRows);

  const outs: SplitLeg[] = [];
  const ins: SplitLeg[] = [];
  for (let index = 1; index < lines.length; index++) {
    if (index % NORDNET_LINES_PER_STEP === 0) yield;
    const line = index + 1;
    if (lines[index].trim() === '') continue;
    const fields = splitLine(lines[index], separator);
    const cell = (i: number | undefined): string => (i === undefined ? '' : (fields[i] ?? ''));
    const row: RawRow = {
      line,
      get: (key) => cell(map.columns[key]),
      currencyOf: (key) => cell(map.currencies[key]),
      firstCurrency: () => cell(map.firstCurrency ?? undefined),
    };
    const type = normalizeType(row.get('type'));
    try {
      if (type === '') throw new RowError('Transaksjonstype is missing');
      const cancelled = row.get('cancelDate');
      if (cancelled !== '') {
        result.skipped.push({ line, reason: `${type}: cancelled (Makuleringsdato ${cancelled})` });
        continue;
      }
      if (BUY_TYPES.has(type)) result.rows.push(parseTradeRow(row, EVENT_BUY, type));
      else if (SELL_TYPES.has(type)) result.rows.push(parseTradeRow(row, EVENT_SELL, type));
      else if (DIVIDEND_TYPES.has(type)) result.rows.push(parseTradeRow(row, EVENT_DIVIDEND, type));
      else if (/\bSPLITT?\b/.test(type)) {
        if (SPLIT_OUT.test(type)) outs.push(parseSplitLeg(row, type));
        else if (SPLIT_IN.test(type)) ins.push(parseSplitLeg(row, type));
        else
          throw new RowError(`${type}: a split row must say UTTAK (old quantity) or INNLEGG (new quantity)`);
      } else if (CASH_TYPES.has(type)) {
        result.skipped.push({ line, reason: `${type}: a cash movement, not a portfolio transaction` });
      } else {
        result.skipped.push({ line, reason: `${type}: transaction type not supported; record it by hand` });
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.errors.push({ line, message: error.message });
    }
  }

  yield;
  const { pairs, unmatched } = pairSplitLegs(outs, ins);
  for (const [i, [out, inn]] of pairs.entries()) {
    if (i > 0 && i % NORDNET_LINES_PER_STEP === 0) yield;
    const split = legsToSplit(out.quantity.toFixed(), inn.quantity.toFixed());
    if (!split) {
      result.errors.push({
        line: out.line,
        message: `split of ${out.quantity.toString()} into ${inn.quantity.toString()}: not a ratio of two whole numbers up to ${SPLIT_PART_MAX}`,
      });
      continue;
    }
    result.rows.push({
      line: out.line,
      externalId: joinIds(out.id, inn.id),
      date: out.date,
      eventId: EVENT_SPLIT,
      isin: out.isin ?? inn.isin,
      name: out.name ?? inn.name,
      quantity: toDecimal(splitQuantityText(split.to, split.from)),
      splitTo: split.to,
      splitFrom: split.from,
      comment: out.comment || inn.comment,
      price: ZERO,
      // Nordnet charges nothing for a split; should a leg carry a fee anyway, the split keeps the sum.
      fee: out.fee.plus(inn.fee),
      currency: out.currency ?? inn.currency,
      transactionType: `${out.type} + ${inn.type}`,
    });
  }
  for (const leg of unmatched) {
    result.errors.push({
      line: leg.line,
      message: `${leg.type}: split row without its matching UTTAK/INNLEGG row`,
    });
  }

  // Chronological order so the service can insert in this order and same-day ids follow the trades.
  // Nordnet files are newest first: ties without a numeric Id fall back to the reverse file order.
  const newestFirst =
    result.rows.length > 1 && result.rows[0].date > result.rows[result.rows.length - 1].date;
  const numericId = (id: string | null): number | null =>
    id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null;
  yield;
  // Each row's Id read once, not in every comparison.
  const idOf = new Map(result.rows.map((r) => [r, numericId(r.externalId?.split('/')[0] ?? null)]));
  result.rows.sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    const ia = idOf.get(a) ?? null;
    const ib = idOf.get(b) ?? null;
    if (ia !== null && ib !== null && ia !== ib) return ia - ib;
    return newestFirst ? b.line - a.line : a.line - b.line;
  });
  result.skipped.sort((a, b) => a.line - b.line);
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}

const EXPORT_HEADER = [
  'Id',
  'Bokføringsdag',
  'Handelsdag',
  'Oppgjørsdag',
  'Portefølje',
  'Transaksjonstype',
  'Verdipapir',
  'ISIN',
  'Antall',
  'Kurs',
  'Rente',
  'Totale Avgifter',
  'Valuta',
  'Beløp',
  'Valuta',
  'Totalt antall',
  'Transaksjonstekst',
];

function formatNumber(d: Decimal): string {
  return d.toFixed().replace('.', ',');
}

/**
 * A text cell of our export: line breaks become spaces (a row is one line), a cell that a
 * spreadsheet would run as a formula is neutralised (neutralizeCell), and a cell with a tab, a
 * semicolon or a quote is quoted with quotes doubled, so the import reads it back unchanged.
 */
export function textCell(text: string): string {
  const cell = neutralizeCell(text.replace(/[\r\n]+/g, ' ').trim());
  return /[\t;"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * Write transactions as a UTF-8 (with BOM), tab-separated Nordnet-style export, newest first, that
 * `parseNordnetCsv` reads back to the same transactions (amounts exactly as stored, the comment in
 * Transaksjonstekst). A split becomes its UTTAK/INNLEGG pair: the quantity held and that quantity
 * × to / from when that is exact to 10 decimals, else `from` and `to` themselves. Throws
 * InvalidTransactionError.
 */
export function exportNordnetCsv(
  transactions: readonly NordnetExportTransaction[],
  portfolio = '',
): Uint8Array {
  const ordered = transactions
    .map((t) => ({ source: t, tx: normalizeTransaction({ ...t, tickerId: 0 }) }))
    .sort((a, b) => compareTransactions(a.tx, b.tx));
  const held = new Map<string, Decimal>();
  const lines: string[][] = [];
  for (const { source, tx } of ordered) {
    const key = source.isin ?? source.name;
    const before = held.get(key) ?? ZERO;
    const base = (
      type: string,
      quantity: Decimal,
      price: string,
      amount: string,
      total: Decimal,
      fee = tx.fee,
    ): string[] => [
      textCell(source.externalId ?? String(tx.id)),
      tx.date,
      tx.date,
      tx.date,
      textCell(portfolio),
      type,
      textCell(source.name),
      source.isin ?? '',
      formatNumber(quantity),
      price,
      '',
      fee.isZero() ? '' : formatNumber(fee),
      fee.isZero() ? '' : source.currency,
      amount,
      amount === '' ? '' : source.currency,
      formatNumber(total),
      textCell(source.comment ?? ''),
    ];
    const gross = tx.quantity.mul(tx.price);
    switch (tx.eventId) {
      case EVENT_BUY: {
        const after = before.plus(tx.quantity);
        lines.push(
          base('KJØPT', tx.quantity, formatNumber(tx.price), formatNumber(gross.plus(tx.fee).neg()), after),
        );
        held.set(key, after);
        break;
      }
      case EVENT_SELL: {
        const after = before.minus(tx.quantity);
        lines.push(
          base('SALG', tx.quantity, formatNumber(tx.price), formatNumber(gross.minus(tx.fee)), after),
        );
        held.set(key, after);
        break;
      }
      case EVENT_DIVIDEND:
        lines.push(
          base('UTBYTTE', tx.quantity, formatNumber(tx.price), formatNumber(gross.minus(tx.fee)), before),
        );
        break;
      case EVENT_SPLIT: {
        const split = tx.split!;
        const after = splitQuantity(before, split);
        // Both legs must be exact in 10 decimals (after a 7-for-3 the holding itself may not be).
        const exact = before.gt(0) && before.decimalPlaces() <= 10 && after.decimalPlaces() <= 10;
        const oldQuantity = exact ? before : split.from;
        const newQuantity = exact ? after : split.to;
        lines.push(base('SPLITT UTTAK VP', oldQuantity, '', '', ZERO));
        lines.push(base('SPLITT INNLEGG VP', newQuantity, '', '', before.gt(0) ? after : ZERO, ZERO));
        if (before.gt(0)) held.set(key, after);
        break;
      }
    }
  }
  const body = [EXPORT_HEADER, ...lines.reverse()].map((fields) => fields.join('\t')).join('\r\n');
  const encoded = new TextEncoder().encode(`${body}\r\n`);
  const out = new Uint8Array(encoded.length + 3);
  out.set([0xef, 0xbb, 0xbf], 0);
  out.set(encoded, 3);
  return out;
}

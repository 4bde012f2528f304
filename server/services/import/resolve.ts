/**
 * Import, step 1 (market data only, no lock): every parsed row resolved to its ticker and held to
 * the API's own schema. Securities are resolved by ISIN, then by ticker code on the file's market
 * (Nordnet writes `EQNR` in Verdipapir), then by exact name (case and spacing aside); an unknown or
 * ambiguous security is reported with its line, never guessed. A cash row has no security.
 */
import crypto from 'node:crypto';
import type Decimal from 'decimal.js';
import type { z } from 'zod';
import { isCashEvent, marketForCurrency } from '@/lib/constants';
import { newTransactionSchema, type NewTransactionInput } from '@/lib/schemas/portfolio';
import type { ImportSkippedRowDto } from '@/lib/types/portfolio';
import type { Db } from '@/server/db';
import {
  guessInstrumentKind,
  type NordnetParseResult,
  type ParsedNordnetRow,
} from '@/server/domain/portfolio';
import type { InstrumentFacts } from '@/server/repositories/instrumentRepository';
import {
  findTickersByIsin,
  findTickersByName,
  findTickersBySymbols,
  nameKey,
  type TickerRef,
} from '@/server/repositories/marketRepository';

/** Rows handled between two yields to the event loop, so /api/health answers during an import. */
export const YIELD_EVERY = 500;
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ResolvedRow {
  parsed: ParsedNordnetRow;
  /** Null for a cash event. */
  ticker: TickerRef | null;
  externalId: string;
  /** The row as the API's own schema accepted it (canonical decimal strings, split resolved). */
  input: NewTransactionInput;
}

/** The file's rows resolved to tickers and held to the API's schema (errors by line). */
export interface ResolvedFile {
  candidates: ResolvedRow[];
  /**
   * Issue 37: securities the universe does not list, to be created as instruments when the import
   * is written (a dry run creates nothing), keyed by the provisional ticker id their rows carry.
   */
  newInstruments: Map<number, InstrumentFacts>;
  errors: { line: number; message: string }[];
  skipped: ImportSkippedRowDto[];
}

interface Lookups {
  byIsin: Map<string, TickerRef[]>;
  bySymbol: Map<string, TickerRef[]>;
  byName: Map<string, TickerRef[]>;
}

/** The market a file row trades on, from its currency (Oslo in NOK, the US in USD); null when unknown. */
/** The market of a file's currency column (lib/constants: one mapping). */
const marketOf = marketForCurrency;

export function describe(row: { isin: string | null; name: string | null }): string {
  const name = row.name ?? '';
  return row.isin ? `${name} (${row.isin})`.trim() : name;
}

/** Pick the one ticker a candidate list means; several listings are narrowed by the row's currency. */
function pickOne(candidates: TickerRef[] | undefined, currency: string | null): TickerRef[] {
  if (!candidates || candidates.length <= 1) return candidates ?? [];
  const sameCurrency = currency ? candidates.filter((c) => c.currency === currency) : [];
  return sameCurrency.length >= 1 ? sameCurrency : candidates;
}

/**
 * The tickers a row can mean (DESIGN.md §5): by ISIN; else by ticker code on the file's market;
 * else by exact name. A ticker whose own ISIN differs from the row's is another security and never
 * matches by code or name.
 */
function resolveTicker(row: ParsedNordnetRow, lookups: Lookups): TickerRef[] {
  const isin = row.isin?.toUpperCase() ?? null;
  const compatible = (t: TickerRef) => isin === null || t.isin === null || t.isin.toUpperCase() === isin;
  if (isin) {
    const byIsin = pickOne(lookups.byIsin.get(isin), row.currency);
    if (byIsin.length > 0) return byIsin;
  }
  if (row.name) {
    const market = marketOf(row.currency);
    const byCode = (lookups.bySymbol.get(row.name.trim()) ?? []).filter(
      (t) => compatible(t) && (market === null || t.countryId === market),
    );
    if (byCode.length > 0) return byCode;
    const byName = pickOne(lookups.byName.get(nameKey(row.name)), row.currency).filter(compatible);
    if (byName.length > 0) return byName;
  }
  return [];
}

/** A broker row without an Id still gets a stable one (a hash of its content), so a second import skips it. */
function contentId(row: ParsedNordnetRow): string {
  const content = [
    row.date,
    row.eventId,
    row.isin ?? '',
    row.name ?? '',
    row.quantity.toString(),
    row.price.toString(),
    row.fee.toString(),
  ].join('|');
  return `noid-${crypto.createHash('sha256').update(content).digest('hex').slice(0, 24)}`;
}

/** The first message of a row the API's schema refused, naming the field ("quantity: At most 10 decimals"). */
function schemaMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'row';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/**
 * Provisional ticker ids of instruments a file introduces (above every serial id, within the
 * schema's int4): the plan checks their holdings like any ticker's; the write swaps in real ids.
 */
export const PROVISIONAL_INSTRUMENT_ID = 2_000_000_000;

export function isProvisionalInstrument(id: number | null | undefined): boolean {
  return id !== null && id !== undefined && id >= PROVISIONAL_INSTRUMENT_ID;
}

/**
 * The currency of a security the universe does not list: the one the row names, else (a foreign
 * trade whose Kurs currency the file leaves out, with a Vekslingskurs) USD for a US ISIN, else
 * the account's; null when it cannot be known.
 */
function instrumentCurrency(row: ParsedNordnetRow, baseCurrency: string): string | null {
  if (row.currency) return row.currency;
  if (row.fxRate !== null) return row.isin?.toUpperCase().startsWith('US') ? 'USD' : null;
  return baseCurrency;
}

const text = (d: Decimal | null): string | null => (d === null ? null : d.toFixed());

/**
 * Resolve every row to its ticker and hold it to the API's schema. Market data only: this runs
 * before the portfolio is locked, so the database (PGlite serves one statement at a time) stays
 * free for other requests while the rows are checked.
 */
export async function resolveFile(
  db: Db,
  parsed: Pick<NordnetParseResult, 'rows' | 'errors' | 'skipped'>,
  options: { today: string; baseCurrency: string },
): Promise<ResolvedFile> {
  const errors = [...parsed.errors];
  const skipped = [...parsed.skipped];
  const securities = parsed.rows.filter((r) => !isCashEvent(r.eventId));
  const lookups: Lookups = {
    byIsin: await findTickersByIsin(
      db,
      securities.flatMap((r) => (r.isin ? [r.isin] : [])),
    ),
    bySymbol: await findTickersBySymbols(
      db,
      securities.flatMap((r) => (r.name ? [r.name] : [])),
    ),
    byName: await findTickersByName(
      db,
      securities.flatMap((r) => (r.name ? [r.name] : [])),
    ),
  };
  const schema = newTransactionSchema(options.today);

  const candidates: ResolvedRow[] = [];
  const occurrences = new Map<string, number>();
  // Issue 37: one provisional instrument per ISIN the universe does not list; its kind from the
  // name and every quantity the file gives it.
  const newInstruments = new Map<number, InstrumentFacts>();
  const provisional = new Map<string, TickerRef>();
  const quantitiesOf = new Map<string, string[]>();
  for (const r of securities) {
    if (!r.isin) continue;
    const key = r.isin.toUpperCase();
    quantitiesOf.set(key, [...(quantitiesOf.get(key) ?? []), r.quantity.toFixed()]);
  }
  const instrumentFor = (row: ParsedNordnetRow): TickerRef | string => {
    const isin = row.isin!.toUpperCase();
    const known = provisional.get(isin);
    if (known) return known;
    const currency = instrumentCurrency(row, options.baseCurrency);
    if (currency === null)
      return `${describe(row)}: the file does not state the currency of this security; add it in the transaction dialog first`;
    const market = marketOf(currency);
    if (market === null)
      return `${describe(row)} is in ${currency}: holdings outside the universe are kept in NOK or USD only`;
    const id = PROVISIONAL_INSTRUMENT_ID + newInstruments.size;
    const facts: InstrumentFacts = {
      isin,
      name: row.name ?? isin,
      currency,
      // The kind the file states (our export's Kind column), else a guess from the name and units.
      kind: row.kind ?? guessInstrumentKind(row.name, quantitiesOf.get(isin) ?? []),
      exchange: null,
    };
    newInstruments.set(id, facts);
    const ref: TickerRef = {
      id,
      symbol: isin,
      name: facts.name,
      currency: currency === 'USD' ? 'USD' : 'NOK',
      countryId: market,
      isIndex: false,
      isin,
      img: '',
      inUniverse: false,
      kind: facts.kind,
      segment: null, // an instrument outside the universe has no Euronext segment
    };
    provisional.set(isin, ref);
    return ref;
  };
  for (let i = 0; i < parsed.rows.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    const row = parsed.rows[i];
    let ticker: TickerRef | null = null;
    if (isCashEvent(row.eventId)) {
      if (row.currency && row.currency !== options.baseCurrency) {
        errors.push({
          line: row.line,
          message: `a cash row in ${row.currency}; this portfolio's cash is in ${options.baseCurrency}`,
        });
        continue;
      }
    } else {
      let matches = resolveTicker(row, lookups);
      if (matches.length === 0 && row.isin) {
        // Issue 37: any security can be held; one the universe does not list becomes an instrument.
        const made = instrumentFor(row);
        if (typeof made === 'string') {
          errors.push({ line: row.line, message: made });
          continue;
        }
        matches = [made];
      }
      if (matches.length === 0) {
        errors.push({
          line: row.line,
          message: `unknown security ${describe(row)}: no ticker has this ISIN, ticker code or name`,
        });
        continue;
      }
      if (matches.length > 1) {
        errors.push({
          line: row.line,
          message: `ambiguous security ${describe(row)}: ${matches.map((m) => m.symbol).join(', ')} all match`,
        });
        continue;
      }
      ticker = matches[0];
      if (row.currency && row.currency !== ticker.currency) {
        errors.push({
          line: row.line,
          message: `${describe(row)} is in ${row.currency} in the file but ${ticker.symbol} trades in ${ticker.currency}`,
        });
        continue;
      }
    }
    // The trade's own exchange rate is kept only where it converts: a ticker in another currency
    // than the portfolio's.
    const fxRate = ticker !== null && ticker.currency !== options.baseCurrency ? text(row.fxRate) : null;
    // The API's own rules for the row (date, amounts: 10 decimals and 15 significant digits, split, comment).
    const checked = schema.safeParse({
      date: row.date,
      event_id: row.eventId,
      ticker_id: ticker?.id ?? null,
      quantity: row.quantity.toFixed(),
      price: row.price.toFixed(),
      fee: row.fee.toFixed(),
      split_to: row.splitTo,
      split_from: row.splitFrom,
      withholding_tax: text(row.withholdingTax),
      fx_rate: fxRate,
      comment: row.comment,
    });
    if (!checked.success) {
      errors.push({ line: row.line, message: schemaMessage(checked.error) });
      continue;
    }
    let externalId = row.externalId;
    if (externalId === null) {
      const base = contentId(row);
      const n = occurrences.get(base) ?? 0;
      occurrences.set(base, n + 1);
      externalId = `${base}-${n}`;
    }
    candidates.push({ parsed: row, ticker, externalId, input: checked.data });
  }
  return { candidates, errors, skipped, newInstruments };
}

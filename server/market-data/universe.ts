import { z } from 'zod';

import { MARKET_OSLO, MARKET_US, OSLO_SEGMENTS, type MarketId } from '@/lib/constants';

import rawUniverse from './universe.json';

/**
 * The one universe data file (DESIGN.md §8): every share of Oslo Børs, Euronext Expand Oslo and
 * Euronext Growth Oslo whose ISIN and symbol are sourced (server/market-data/README.md names the
 * sources), and the NASDAQ-100 with both Alphabet classes. Rough real price levels are given for
 * the larger names; the demo generator derives one for the rest. Validated once at load, so a bad
 * edit fails at start-up instead of deep inside a sync.
 */

/** ISO 6166 check digit: letters as numbers (A = 10 … Z = 35), then the Luhn sum over the digits. */
export function isinCheckDigitValid(isin: string): boolean {
  const digits = [...isin.slice(0, 11)].map((c) => parseInt(c, 36).toString()).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

const tickerSchema = z.object({
  /** EODHD-style symbol without exchange suffix. */
  symbol: z.string().regex(/^[A-Z0-9][A-Z0-9.-]*$/),
  name: z.string().min(1),
  /** GICS-style sector where the source gives one. */
  sector: z.string().min(1).optional(),
  /**
   * Rough real close (NOK or USD) at the universe's `asOf` date; the demo anchors on it. Absent
   * for the smaller Oslo shares: the generator then derives a deterministic level (demoPriceLevel).
   */
  priceLevel: z.number().positive().optional(),
  /** Shares outstanding in millions, for index weights; optional. */
  sharesOutstandingM: z.number().positive().optional(),
  img: z.string(),
  /**
   * The share's public ISIN (broker files name securities by it). Absent where it was not
   * confirmed; an ISIN is never guessed. The check digit is verified at load.
   */
  isin: z
    .string()
    .regex(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/)
    .refine(isinCheckDigitValid, 'ISIN check digit does not match')
    .optional(),
  /** Oslo shares: Euronext's segment (main list, Expand, Growth). */
  segment: z.enum(OSLO_SEGMENTS).optional(),
  /**
   * The issuer's home state (ISO 3166 alpha-2) where it differs from the ISIN's country prefix;
   * the aksjesparekonto rule reads it (lib/askEligibility.ts).
   */
  domicile: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Oslo: an OSEBX constituent (the demo builds the index from these; every US name is an NDX member). */
  indexMember: z.boolean().optional(),
});

const marketSchema = z.object({
  exchange: z.string().min(1),
  currency: z.enum(['NOK', 'USD']),
  index: z.object({ symbol: z.string().min(1), name: z.string().min(1), level: z.number().positive() }),
  tickers: z.array(tickerSchema).min(1),
});

const universeSchema = z.object({
  /** Where the names, symbols, ISINs and segments come from (also in README.md beside this file). */
  sources: z.array(z.string().min(1)).optional(),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  markets: z.object({ '160': marketSchema, '226': marketSchema }),
  fx: z.object({ USDNOK: z.number().positive() }),
});

export type UniverseTicker = z.infer<typeof tickerSchema>;
export type UniverseMarket = z.infer<typeof marketSchema>;
export type Universe = z.infer<typeof universeSchema>;

/** Parse and check a universe document: schema plus unique symbols per market (throws on error). */
export function parseUniverse(data: unknown): Universe {
  const universe = universeSchema.parse(data);
  for (const [marketId, market] of Object.entries(universe.markets)) {
    const seen = new Set<string>();
    for (const t of market.tickers) {
      if (seen.has(t.symbol)) throw new Error(`universe: duplicate symbol ${t.symbol} in market ${marketId}`);
      seen.add(t.symbol);
    }
  }
  return universe;
}

const UNIVERSE: Universe = parseUniverse(rawUniverse);

/** The validated universe data file. */
export function getUniverse(): Universe {
  return UNIVERSE;
}

/** One market of the universe (exchange, currency, main index, tickers). */
export function universeMarket(marketId: MarketId): UniverseMarket {
  return marketId === MARKET_OSLO ? UNIVERSE.markets['160'] : UNIVERSE.markets['226'];
}

/** The tickers of a market, in file order. */
export function universeTickers(marketId: MarketId): readonly UniverseTicker[] {
  return universeMarket(marketId).tickers;
}

/** The universe entry for `symbol` in a market, or undefined. */
export function findUniverseTicker(marketId: MarketId, symbol: string): UniverseTicker | undefined {
  return universeTickers(marketId).find((t) => t.symbol === symbol);
}

/** Whether a ticker is a member of its market's main index (every US name; OSEBX constituents in Oslo). */
export function isIndexMember(marketId: MarketId, ticker: UniverseTicker): boolean {
  return marketId === MARKET_US || ticker.indexMember === true;
}

/** Both market ids in a stable order (Oslo first). */
export const UNIVERSE_MARKET_IDS: readonly MarketId[] = [MARKET_OSLO, MARKET_US];

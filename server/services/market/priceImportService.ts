/**
 * Price import (`npm run market:import`): a CSV price file (`date,open,high,low,close,volume`) as
 * the bars of one ticker, then that ticker's analysis.
 */
import { DEFAULT_MARKET, type MarketId } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Db } from '@/server/db';
import {
  findUniverseTicker,
  parsePriceCsv,
  UNIVERSE_MARKET_IDS,
  universeMarket,
  type CsvError,
} from '@/server/market-data';
import {
  findTickerBySymbol,
  upsertDailyBars,
  upsertMarkets,
  upsertTickers,
} from '@/server/repositories/marketRepository';

import type { NotifyResult } from '@/server/services/alerts';
import { recomputeAnalysis, type AnalysisRunResult } from './analysisSnapshotService';
import { deliverMarketMoved } from './marketMoved';
import { marketRows } from './marketShared';

/**
 * The market a symbol belongs to when the import does not say: the one market that already stores
 * it, else the one universe market that lists it, else Oslo Børs (the default market).
 */
export async function marketOfSymbol(db: Db, symbol: string): Promise<MarketId> {
  const stored: MarketId[] = [];
  for (const countryId of UNIVERSE_MARKET_IDS) {
    if (await findTickerBySymbol(db, countryId, symbol)) stored.push(countryId);
  }
  if (stored.length === 1) return stored[0];
  const listed = UNIVERSE_MARKET_IDS.filter(
    (countryId) => findUniverseTicker(countryId, symbol) || universeMarket(countryId).index.symbol === symbol,
  );
  return listed.length === 1 ? listed[0] : DEFAULT_MARKET;
}

export type ImportPriceCsvResult =
  | { ok: false; errors: CsvError[] }
  | {
      ok: true;
      tickerId: number;
      countryId: MarketId;
      symbol: string;
      /** A new ticker row was created for the symbol. */
      created: boolean;
      rows: number;
      barsWritten: number;
      /** Stock rows with volume 0 are not stored (DESIGN.md §6 drops them anyway). */
      zeroVolumeDropped: number;
      analysis: AnalysisRunResult;
      /** The alerts delivered for the signals the imported prices moved. */
      alerts: NotifyResult[];
    };

/**
 * `npm run market:import`: store a CSV price file (`date,open,high,low,close,volume`) as the bars of
 * one ticker, creating the ticker when the market does not have it, then recompute its analysis.
 * All or nothing: a file with any bad row writes nothing and returns every problem with its line.
 * Rows for dates already stored replace them.
 */
export async function importPriceCsv(
  db: Db,
  opts: { csv: string; symbol: string; countryId?: MarketId; name?: string },
): Promise<ImportPriceCsvResult> {
  const parsed = parsePriceCsv(opts.csv);
  if (parsed.errors.length > 0) return { ok: false, errors: parsed.errors };
  if (parsed.bars.length === 0)
    return { ok: false, errors: [{ line: 2, message: 'the file has no price rows' }] };

  const symbol = opts.symbol.trim().toUpperCase();
  const countryId = opts.countryId ?? (await marketOfSymbol(db, symbol));
  const market = universeMarket(countryId);
  const isIndex = symbol === market.index.symbol;
  const bars = isIndex ? parsed.bars : parsed.bars.filter((b) => b.volume > 0);
  if (bars.length === 0) {
    return { ok: false, errors: [{ line: 2, message: 'every row has volume 0: nothing to analyse' }] };
  }

  await upsertMarkets(db, marketRows());
  let ticker = await findTickerBySymbol(db, countryId, symbol);
  const created = ticker === undefined;
  if (!ticker) {
    const member = findUniverseTicker(countryId, symbol);
    const name = opts.name?.trim() || member?.name || (isIndex ? market.index.name : symbol);
    [ticker] = await upsertTickers(db, [
      {
        countryId,
        symbol,
        name,
        searchName: foldForSearch(name),
        exchange: market.exchange,
        currency: market.currency,
        sector: member?.sector ?? null,
        isin: null,
        img: member?.img ?? '',
        isIndex,
      },
    ]);
  }
  const tickerId = ticker.id;
  const barsWritten = await db.transaction((tx) => upsertDailyBars(tx, tickerId, bars));
  const analysis = await recomputeAnalysis(db, { tickerIds: [tickerId], force: true });
  const alerts = await deliverMarketMoved(db, analysis.moved);
  return {
    ok: true,
    tickerId,
    countryId,
    symbol,
    created,
    rows: parsed.bars.length,
    barsWritten,
    zeroVolumeDropped: parsed.bars.length - bars.length,
    analysis,
    alerts,
  };
}

/**
 * Shared by the market, signals, search and chart tests: realistic API answers (DESIGN.md §5
 * shapes) and an msw server that records every market request it answers.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { Signal, Timeframe } from '@/lib/constants';
import type { Bar, HomeDashboard, TickerDetail, TickerListItem, TickerSuggestion } from '@/lib/types/market';

export function listItem(overrides: Partial<TickerListItem> = {}): TickerListItem {
  return {
    ticker_id: 1,
    symbol: 'EQNR',
    long_name: 'Equinor ASA',
    img: '',
    country_id: 160,
    currency: 'NOK',
    close: 287.4,
    change_pct: 1.25,
    date: '2026-11-20',
    technical_score: 0.62,
    signal: 'buy',
    rsi: 64.2,
    volbal_22: 0.183,
    liquidity_risk: 1,
    volatility_risk: 2,
    segment: 'oslo_bors',
    previous_signal: 'buy',
    turnover: 1_250_000_000,
    early_warning: { buy_above: null, sell_below: 271.05 },
    patterns: [],
    ...overrides,
  };
}

/** `n` daily bars from 2026-01-01 (weekdays skipped for simplicity: every calendar day). */
export function makeBars(n: number, start = 100, step = 0.5): Bar[] {
  return Array.from({ length: n }, (_, i) => {
    const close = start + i * step + (i % 3 === 0 ? -1 : 0.5);
    const d = new Date(Date.UTC(2026, 0, 1 + i));
    return {
      date: d.toISOString().slice(0, 10),
      open: close - 0.3,
      high: close + 1,
      low: close - 1,
      close,
      volume: 1000 + i * 10,
    };
  });
}

export function tickerDetail(
  overrides: Partial<Omit<TickerDetail, 'analysis'>> & { analysis?: Partial<TickerDetail['analysis']> } = {},
): TickerDetail {
  const bars = overrides.bars ?? makeBars(40);
  const { analysis, ...rest } = overrides;
  const timeframe: Timeframe = analysis?.timeframe ?? 2;
  return {
    ticker_id: 1,
    symbol: 'EQNR',
    long_name: 'Equinor ASA',
    img: '',
    country_id: 160,
    currency: 'NOK',
    exchange: 'OL',
    last: {
      date: bars[bars.length - 1].date,
      close: bars[bars.length - 1].close,
      change_pct: 1.25,
      volume: 1390,
    },
    bars,
    scores: { '1': 0.31, '2': 0.62, '3': -0.12, overall: 0.405 },
    demo: false,
    ...rest,
    analysis: {
      timeframe,
      technical_score: 0.62,
      signal: 'buy' as Signal,
      components: { trend: 0.8, support_resistance: 1, momentum: 0.47, volume: 0.183 },
      rsi: 64.2,
      volbal_5: 0.31,
      volbal_22: 0.183,
      volbal_66: -0.05,
      volatility_pct: 14.6,
      volatility_risk: 2,
      turnover_avg_66: 1_250_000_000,
      liquidity_risk: 1,
      trend: {
        direction: 'rising',
        from: bars[5].date,
        to: bars[bars.length - 1].date,
        lower: [95, 110],
        upper: [105, 125],
        slope_pct_per_year: 23.4,
      },
      supports: [112.5],
      resistances: [130, 140],
      early_warning: { buy_above: null, sell_below: 104.37 },
      patterns: [],
      ...analysis,
    },
  };
}

export function suggestion(overrides: Partial<TickerSuggestion> = {}): TickerSuggestion {
  return {
    ticker_id: 1,
    long_name: 'Equinor ASA',
    symbol: 'EQNR',
    img: '',
    country_id: 160,
    delisted_on: null,
    ...overrides,
  };
}

export function dashboard(overrides: Partial<HomeDashboard> = {}): HomeDashboard {
  return {
    index: {
      ...listItem({
        ticker_id: 900,
        symbol: 'OSEBX.INDX',
        long_name: 'Oslo Børs Benchmark Index',
        close: 1432.55,
        change_pct: -0.42,
      }),
      bars: makeBars(60, 1300, 2),
    },
    signal_counts: { buy: 12, hold: 40, sell: 8 },
    top_buy: [listItem()],
    top_sell: [
      listItem({
        ticker_id: 2,
        symbol: 'NHY',
        long_name: 'Norsk Hydro ASA',
        technical_score: -0.71,
        signal: 'sell',
      }),
    ],
    gainers: [listItem({ ticker_id: 3, symbol: 'MOWI', long_name: 'Mowi ASA', change_pct: 4.2 })],
    losers: [listItem({ ticker_id: 4, symbol: 'TEL', long_name: 'Telenor ASA', change_pct: -3.1 })],
    most_active: [
      listItem({ ticker_id: 5, symbol: 'DNB', long_name: 'DNB Bank ASA', turnover: 2_400_000_000 }),
    ],
    as_of: '2026-11-20',
    demo: true,
    ...overrides,
  };
}

export interface SeenRequest {
  path: string;
  params: Record<string, string>;
}

const SUMMARY = {
  buy: {
    count: 2,
    after_22: { evaluated: 1, beat_index_share: 1, right_share: 1, median_excess_return: 0.05 },
    after_66: { evaluated: 0, beat_index_share: null, right_share: null, median_excess_return: null },
  },
  sell: {
    count: 1,
    after_22: { evaluated: 1, beat_index_share: 0, right_share: 1, median_excess_return: -0.02 },
    after_66: { evaluated: 1, beat_index_share: 0, right_share: 1, median_excess_return: -0.04 },
  },
};

/** GET /ticker/{id}/track-record: two buys and a sell, the last one too recent for its returns. */
export function trackRecord(tickerId: number, timeframe: number) {
  return {
    ticker_id: tickerId,
    timeframe,
    through: '2024-11-22',
    entries: [
      {
        date: '2024-06-03',
        signal: 'sell',
        close: 290,
        return_22: 0.01,
        return_66: -0.03,
        index_return_22: 0.03,
        index_return_66: 0.01,
      },
      {
        date: '2024-09-02',
        signal: 'buy',
        close: 300,
        return_22: 0.08,
        return_66: null,
        index_return_22: 0.03,
        index_return_66: null,
      },
      {
        date: '2024-11-18',
        signal: 'buy',
        close: 310,
        return_22: null,
        return_66: null,
        index_return_22: null,
        index_return_66: null,
      },
    ],
    summary: SUMMARY,
    demo: true,
  };
}

/** GET /signals/track-record. */
export function marketTrackRecord(countryId: number, timeframe: number) {
  return {
    country_id: countryId,
    timeframe,
    through: '2024-11-22',
    tickers: 57,
    demo: false,
    periods: [1, 3, 5].map((years) => ({ years, since: `${2024 - years}-11-22`, summary: SUMMARY })),
  };
}

/** An msw server for the market API; `seen` lists every answered request, in order. */
export function createMarketServer() {
  const seen: SeenRequest[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    seen.push({ path: url.pathname.replace(/^\/api\/v1/, ''), params: Object.fromEntries(url.searchParams) });
  };
  const json = (body: JsonBodyType) => (info: { request: Request }) => {
    record(info.request);
    return HttpResponse.json(body);
  };
  const server = setupServer(
    http.get('*/api/v1/tickers/list', ({ request }) => {
      record(request);
      const url = new URL(request.url);
      return HttpResponse.json({
        items: [listItem()],
        total: 1,
        page: Number(url.searchParams.get('page') ?? 1),
        pageSize: Number(url.searchParams.get('pageSize') ?? 50),
      });
    }),
    http.get(
      '*/api/v1/indexes/list',
      json({
        items: [listItem({ ticker_id: 900, symbol: 'OSEBX.INDX', long_name: 'Oslo Børs Benchmark Index' })],
      }),
    ),
    http.get('*/api/v1/ticker/:id', json(tickerDetail() as unknown as JsonBodyType)),
    // The analysis page's alert card asks for the user's price alerts (none here).
    http.get('*/api/v1/price-alerts', () => HttpResponse.json([])),
    http.get('*/api/v1/tickers/autocomplete', json([suggestion()] as unknown as JsonBodyType)),
    http.get('*/api/v1/tickers/homeDashboard/:marketId', json(dashboard() as unknown as JsonBodyType)),
    // The track records (issue 17) load beside the analysis and the signals; not recorded in `seen`.
    http.get('*/api/v1/ticker/:id/track-record', ({ params, request }) =>
      HttpResponse.json(
        trackRecord(
          Number(params.id),
          Number(new URL(request.url).searchParams.get('timeframe') ?? 2),
        ) as unknown as JsonBodyType,
      ),
    ),
    http.get('*/api/v1/signals/track-record', ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(
        marketTrackRecord(
          Number(url.searchParams.get('countryID')),
          Number(url.searchParams.get('timeframe') ?? 2),
        ) as unknown as JsonBodyType,
      );
    }),
  );
  return { server, seen, record };
}

/** The error body of DESIGN.md §4. */
export function errorBody(code: string, message = code) {
  return { error: { code, message } };
}

/** A promise resolved from outside, for "while pending" assertions. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** @jest-environment node */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { MarketDataError } from '@/server/market-data/errors';
import { EodhdProvider } from '@/server/market-data/eodhd';
import { createMarketDataProvider } from '@/server/market-data';

import eqnrRows from './fixtures/eodhd/eod-EQNR.OL.json';
import { EODHD_BASE, EODHD_TEST_TOKEN, eodhdHandlers } from './fixtures/eodhd-handlers';

const server = setupServer(...eodhdHandlers);
const requests: URL[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(new URL(request.url));
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

/** A provider whose back-off waits are recorded instead of slept. */
function provider(token = EODHD_TEST_TOKEN) {
  const sleeps: number[] = [];
  const p = new EodhdProvider({
    token,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { p, sleeps };
}

async function caught(promise: Promise<unknown>): Promise<MarketDataError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketDataError) return error;
    throw error;
  }
  throw new Error('expected a MarketDataError');
}

describe('EodhdProvider: successful answers', () => {
  it('lists Oslo common stocks and universe members once, with universe names and sectors', async () => {
    const { p } = provider();
    const tickers = await p.listSymbols(MARKET_OSLO);
    expect(tickers.map((t) => t.symbol)).toEqual(['DNB', 'EQNR', 'KOA', 'LSG', 'MING', 'VAR']);
    expect(tickers.find((t) => t.symbol === 'LSG')).toEqual({
      symbol: 'LSG',
      name: 'Lerøy Seafood Group ASA',
      sector: 'Consumer Staples',
      currency: 'NOK',
      img: '',
      isin: 'NO0003096208',
    });
    expect(tickers.find((t) => t.symbol === 'VAR')?.name).toBe('Vår Energi ASA');
    // Not in the universe: EODHD's name, no sector.
    expect(tickers.find((t) => t.symbol === 'KOA')).toMatchObject({
      name: 'Kongsberg Automotive ASA',
      sector: null,
    });
    const url = requests[0];
    expect(url.pathname).toBe('/api/exchange-symbol-list/OL');
    expect(url.searchParams.get('api_token')).toBe(EODHD_TEST_TOKEN);
    expect(url.searchParams.get('fmt')).toBe('json');
  });

  it('keeps only NASDAQ-100 members of the universe from the US list', async () => {
    const { p } = provider();
    const tickers = await p.listSymbols(MARKET_US);
    // GOOG is in the NASDAQ-100 beside GOOGL (issue 39).
    expect(tickers.map((t) => t.symbol)).toEqual(['AAPL', 'GOOG', 'GOOGL', 'MSFT', 'NVDA']);
    expect(tickers.every((t) => t.currency === 'USD')).toBe(true);
    expect(requests[0].pathname).toBe('/api/exchange-symbol-list/US');
  });

  it('maps adjusted end-of-day history to bars and drops the zero-volume day', async () => {
    const { p } = provider();
    const bars = await p.getDailyBars('EQNR', MARKET_OSLO, { from: '2025-02-01', to: '2025-02-14' });

    const url = requests[0];
    expect(url.pathname).toBe('/api/eod/EQNR.OL');
    expect(url.searchParams.get('from')).toBe('2025-02-01');
    expect(url.searchParams.get('to')).toBe('2025-02-14');
    expect(url.searchParams.get('period')).toBe('d');

    expect(bars).toHaveLength(eqnrRows.length - 1);
    expect(bars.map((b) => b.date)).not.toContain('2025-02-06');

    // Before the ex-date every price is scaled by adjusted_close / close = 248.61 / 252.15 (a
    // dividend); volume is taken as EODHD sends it (already split-adjusted; a dividend changes no
    // share count), so it is adjusted exactly once.
    const f = 248.61 / 252.15;
    const first = bars[0];
    expect(first.date).toBe('2025-02-03');
    expect(first.close).toBeCloseTo(248.61, 6);
    expect(first.open).toBeCloseTo(250.1 * f, 5);
    expect(first.high).toBeCloseTo(253.4 * f, 5);
    expect(first.low).toBeCloseTo(248.6 * f, 5);
    expect(first.volume).toBe(5123456);

    // From the ex-date on, adjusted_close equals close: the row is taken as it is.
    expect(bars.find((b) => b.date === '2025-02-12')).toEqual({
      date: '2025-02-12',
      open: 250.2,
      high: 251.9,
      low: 247.8,
      close: 250.55,
      volume: 8120450,
    });
  });

  it('fetches incrementally: only the rows from `from` on', async () => {
    const { p } = provider();
    const bars = await p.getDailyBars('EQNR', MARKET_OSLO, { from: '2025-02-12', to: '2025-02-14' });
    expect(bars.map((b) => b.date)).toEqual(['2025-02-12', '2025-02-13', '2025-02-14']);
  });

  it('omits `from` for a full history', async () => {
    const { p } = provider();
    await p.getDailyBars('EQNR', MARKET_OSLO, { to: '2025-02-14' });
    expect(requests[0].searchParams.has('from')).toBe(false);
  });

  it('keeps index days with volume 0', async () => {
    const { p } = provider();
    const bars = await p.getIndexBars(MARKET_OSLO, { from: '2025-02-10', to: '2025-02-14' });
    expect(requests[0].pathname).toBe('/api/eod/OSEBX.INDX');
    expect(bars).toHaveLength(5);
    expect(bars.filter((b) => b.volume === 0)).toHaveLength(4);
    expect(bars[4]).toEqual({
      date: '2025-02-14',
      open: 1463.39,
      high: 1477.92,
      low: 1461,
      close: 1475.06,
      volume: 0,
    });
  });

  it('reads USD/NOK closes from USDNOK.FOREX', async () => {
    const { p } = provider();
    const rates = await p.getUsdNok({ from: '2025-02-13', to: '2025-02-14' });
    expect(requests[0].pathname).toBe('/api/eod/USDNOK.FOREX');
    expect(rates).toEqual([
      { date: '2025-02-13', rate: 11.1409 },
      { date: '2025-02-14', rate: 11.1102 },
    ]);
  });

  it('asks for NDX.INDX for the US market', async () => {
    server.use(http.get(`${EODHD_BASE}/eod/NDX.INDX`, () => HttpResponse.json([])));
    const { p } = provider();
    expect(await p.getIndexBars(MARKET_US, { to: '2025-02-14' })).toEqual([]);
    expect(requests[0].pathname).toBe('/api/eod/NDX.INDX');
  });

  it('skips malformed rows and sorts by date', async () => {
    server.use(
      http.get(`${EODHD_BASE}/eod/AAPL.US`, () =>
        HttpResponse.json([
          {
            date: '2025-02-04',
            open: 228,
            high: 233,
            low: 227,
            close: 232.8,
            adjusted_close: 232.8,
            volume: 45000000,
          },
          {
            date: '2025-02-03',
            open: 229.99,
            high: 231.83,
            low: 225.7,
            close: 228.01,
            adjusted_close: 228.01,
            volume: 73000000,
          },
          {
            date: '2025-02-05',
            open: null,
            high: null,
            low: null,
            close: null,
            adjusted_close: null,
            volume: null,
          },
          { date: 'not-a-date', open: 1, high: 1, low: 1, close: 1, adjusted_close: 1, volume: 1 },
        ]),
      ),
    );
    const { p } = provider();
    const bars = await p.getDailyBars('AAPL', MARKET_US, { to: '2025-02-05' });
    expect(bars.map((b) => b.date)).toEqual(['2025-02-03', '2025-02-04']);
  });
});

describe('EodhdProvider: failures', () => {
  it('403: says the token is invalid or lacks access, without leaking it', async () => {
    server.use(http.get(`${EODHD_BASE}/eod/:symbol`, () => new HttpResponse('Forbidden', { status: 403 })));
    const { p, sleeps } = provider();
    const error = await caught(p.getDailyBars('EQNR', MARKET_OSLO, { to: '2025-02-14' }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.status).toBe(403);
    expect(error.message).toMatch(
      /^EODHD token invalid or lacks access to the end-of-day history of EQNR\.OL/,
    );
    expect(error.message).not.toContain(EODHD_TEST_TOKEN);
    expect(sleeps).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('401 from a wrong token is the same clear error', async () => {
    const { p } = provider('wrong-token');
    const error = await caught(p.listSymbols(MARKET_OSLO));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain('EODHD token invalid or lacks access to the OL exchange symbol list');
    expect(error.message).not.toContain('wrong-token');
  });

  it('402: plan limit, no retry', async () => {
    server.use(
      http.get(`${EODHD_BASE}/eod/:symbol`, () => new HttpResponse('Payment required', { status: 402 })),
    );
    const { p, sleeps } = provider();
    const error = await caught(p.getUsdNok({ to: '2025-02-14' }));
    expect(error.code).toBe('PLAN_LIMIT');
    expect(error.message).toMatch(/^EODHD plan limit reached \(402\)/);
    expect(sleeps).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('429 then success: backs off once and returns the data', async () => {
    server.use(
      http.get(`${EODHD_BASE}/eod/:symbol`, () => new HttpResponse('Too Many Requests', { status: 429 }), {
        once: true,
      }),
    );
    const { p, sleeps } = provider();
    const bars = await p.getDailyBars('EQNR', MARKET_OSLO, { from: '2025-02-12', to: '2025-02-14' });
    expect(bars).toHaveLength(3);
    expect(sleeps).toEqual([1000]);
    expect(requests).toHaveLength(2);
  });

  it('429 with Retry-After: waits as told', async () => {
    server.use(
      http.get(
        `${EODHD_BASE}/eod/:symbol`,
        () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '7' } }),
        {
          once: true,
        },
      ),
    );
    const { p, sleeps } = provider();
    await p.getIndexBars(MARKET_OSLO, { to: '2025-02-14' });
    expect(sleeps).toEqual([7000]);
  });

  it('429 every time: four attempts with exponential back-off, then a clear error', async () => {
    server.use(
      http.get(`${EODHD_BASE}/eod/:symbol`, () => new HttpResponse('Too Many Requests', { status: 429 })),
    );
    const { p, sleeps } = provider();
    const error = await caught(p.getDailyBars('EQNR', MARKET_OSLO, { to: '2025-02-14' }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toContain('after 4 attempts');
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(requests).toHaveLength(4);
  });

  it('5xx is retried too', async () => {
    server.use(
      http.get(`${EODHD_BASE}/eod/:symbol`, () => new HttpResponse('Bad Gateway', { status: 502 }), {
        once: true,
      }),
    );
    const { p, sleeps } = provider();
    expect(await p.getIndexBars(MARKET_OSLO, { to: '2025-02-14' })).toHaveLength(5);
    expect(sleeps).toEqual([1000]);
  });

  it('5xx every time: UPSTREAM with the status', async () => {
    server.use(
      http.get(`${EODHD_BASE}/eod/:symbol`, () => new HttpResponse('Service Unavailable', { status: 503 })),
    );
    const { p } = provider();
    const error = await caught(p.getIndexBars(MARKET_OSLO, { to: '2025-02-14' }));
    expect(error.code).toBe('UPSTREAM');
    expect(error.status).toBe(503);
    expect(error.message).toContain('HTTP 503 after 4 attempts');
  });

  it('network failure every time: NETWORK after the retries', async () => {
    server.use(http.get(`${EODHD_BASE}/eod/:symbol`, () => HttpResponse.error()));
    const { p, sleeps } = provider();
    const error = await caught(p.getDailyBars('EQNR', MARKET_OSLO, { to: '2025-02-14' }));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(
      /^EODHD could not be reached for the end-of-day history of EQNR\.OL after 4 attempts/,
    );
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('404: unknown symbol', async () => {
    const { p } = provider();
    const error = await caught(p.getDailyBars('NOPE', MARKET_OSLO, { to: '2025-02-14' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('NOPE.OL');
  });

  it('an answer that is not a list: BAD_RESPONSE', async () => {
    server.use(http.get(`${EODHD_BASE}/eod/:symbol`, () => HttpResponse.json({ error: 'something' })));
    const { p } = provider();
    expect((await caught(p.getDailyBars('EQNR', MARKET_OSLO, { to: '2025-02-14' }))).code).toBe(
      'BAD_RESPONSE',
    );
  });

  it('a malformed date range: INVALID_DATA before any request', async () => {
    const { p } = provider();
    expect((await caught(p.getDailyBars('EQNR', MARKET_OSLO, { to: '14.02.2025' }))).code).toBe(
      'INVALID_DATA',
    );
    expect(requests).toHaveLength(0);
  });
});

describe('provider selection', () => {
  it('uses EODHD when EODHD_API_TOKEN is set and the demo generator otherwise', () => {
    expect(createMarketDataProvider({ EODHD_API_TOKEN: 'abc' }).name).toBe('eodhd');
    expect(createMarketDataProvider({ EODHD_API_TOKEN: '  ' }).name).toBe('demo');
    expect(createMarketDataProvider({}).name).toBe('demo');
  });

  it('EodhdProvider.fromEnv without a token is a CONFIG error', () => {
    expect(() => EodhdProvider.fromEnv({})).toThrow(expect.objectContaining({ code: 'CONFIG' }));
  });
});

describe('EodhdProvider: dividends (issue 41)', () => {
  it('maps div/{CODE}.{EX} to ex-date, payment date, the amount paid then and its currency', async () => {
    const { p } = provider();
    const events = await p.getDividends('AAPL', MARKET_US, { from: '2020-01-01', to: '2025-09-01' });
    // From the fixture: the 2020 row's unadjustedValue 0.82 (value 0.205 is after the 4-for-1
    // split), the malformed date dropped, ascending by ex-date.
    expect(events).toEqual([
      { exDate: '2020-08-07', payDate: '2020-08-13', amount: 0.82, currency: 'USD' },
      { exDate: '2025-05-12', payDate: '2025-05-15', amount: 0.26, currency: 'USD' },
      { exDate: '2025-08-11', payDate: '2025-08-14', amount: 0.26, currency: 'USD' },
    ]);
    expect(requests[0].pathname).toBe('/api/div/AAPL.US');
    expect(requests[0].searchParams.get('from')).toBe('2020-01-01');
  });

  it('keeps a payment currency other than the trading one, null payment dates, and drops an amount of 0', async () => {
    const { p } = provider();
    expect(await p.getDividends('EQNR', MARKET_OSLO, { to: '2025-09-01' })).toEqual([
      { exDate: '2025-02-12', payDate: null, amount: 3.7652, currency: 'NOK' },
      { exDate: '2025-05-14', payDate: null, amount: 0.37, currency: 'USD' },
    ]);
  });

  it('reads the bulk dividends of a day (decimal strings) by symbol, without rows of other days', async () => {
    const { p } = provider();
    const day = await p.getBulkDividends(MARKET_OSLO, '2025-04-30');
    expect([...day.keys()].sort()).toEqual(['DNB', 'ORK']);
    expect(day.get('DNB')).toEqual([{ exDate: '2025-04-30', payDate: null, amount: 16.75, currency: 'NOK' }]);
    expect(day.get('ORK')).toEqual([
      { exDate: '2025-04-30', payDate: '2025-05-12', amount: 3, currency: 'NOK' },
    ]);
    expect(requests[0].pathname).toBe('/api/eod-bulk-last-day/OL');
    expect(requests[0].searchParams.get('type')).toBe('dividends');
    expect(requests[0].searchParams.get('date')).toBe('2025-04-30');
    // A bulk request costs 100 calls (EODHD's api-limits page).
    expect(p.usage()).toEqual({ requests: 1, calls: 100 });
  });

  it('an unknown symbol is NOT_FOUND', async () => {
    const { p } = provider();
    expect((await caught(p.getDividends('NOPE', MARKET_US, { to: '2025-09-01' }))).code).toBe('NOT_FOUND');
  });
});

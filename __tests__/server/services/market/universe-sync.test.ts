/** @jest-environment node */
// The universe follows the exchange (issue 28 item 4), against the local EODHD stand-in
// (../../../helpers/fakeEodhd.ts, written from EODHD's documentation): new listings with ISIN,
// delisted and renamed shares kept readable, index members from a file or the provider, and the
// Euronext segment of Oslo shares.
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { tickerListQuerySchema } from '@/lib/schemas/market';
import type { DbHandle } from '@/server/db/client';
import {
  findTickerById,
  findTickerBySymbol,
  listIndexMemberIds,
  listLatestSnapshots,
  loadBars,
} from '@/server/repositories/marketRepository';
import { universeSyncJob } from '@/server/jobs/definitions';
import { refreshMarket } from '@/server/services/market/marketRefreshService';
import { listTickers } from '@/server/services/market/marketListService';
import {
  applySegmentFile,
  parseMemberFile,
  parseSegmentFile,
  refreshIndexMembers,
  syncUniverse,
} from '@/server/services/market/marketUniverseService';

import { FakeEodhd, rawSeries, weekdays } from '../../../helpers/fakeEodhd';
import { openTestDatabase } from '../../../helpers/db';

jest.setTimeout(120_000);

let fake: FakeEodhd;
let handle: DbHandle;

// Real ISINs of the shares (check digits verified by universe.json's loader for the same values).
const ISIN = {
  EQNR: 'NO0010096985',
  MOWI: 'NO0003054108',
  NHY: 'NO0005052605',
  DNB: 'NO0010161896',
  TEL: 'NO0010063308',
};

const notify = async () => ({ created: 0, users: 0, emails: Promise.resolve([]) });
const dates = weekdays('2025-10-01', '2026-10-16');

beforeEach(async () => {
  fake = new FakeEodhd();
  await fake.start();
  handle = await openTestDatabase('pglite');
  for (const [code, isin, price] of [
    ['EQNR', ISIN.EQNR, 250],
    ['MOWI', ISIN.MOWI, 180],
    ['NHY', ISIN.NHY, 60],
  ] as const) {
    fake.add({ code, exchange: 'OL', name: `${code} ASA`, isin, days: rawSeries(dates, price, 3_000_000) });
  }
  fake.add({ code: 'OSEBX', exchange: 'INDX', name: 'OSEBX', days: rawSeries(dates, 1500, 0) });
  fake.add({ code: 'USDNOK', exchange: 'FOREX', name: 'USD/NOK', days: rawSeries(dates, 10.5, 0) });
  for (const ex of ['OL', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, '2026-10-13');
  // First import on Tuesday 13 October after Oslo's publication time.
  await refreshMarket(handle.db, MARKET_OSLO, {
    now: new Date('2026-10-13T17:50:00Z'),
    env: fake.env(),
    historyYears: 1,
    notify,
  });
});

afterEach(async () => {
  await handle.close();
  await fake.stop();
});

async function ticker(symbol: string) {
  const row = await findTickerBySymbol(handle.db, MARKET_OSLO, symbol);
  expect(row).toBeDefined();
  return row!;
}

const allBars = (id: number) => loadBars(handle.db, id, { from: '2000-01-01', to: '2100-01-01' });

describe('syncUniverse', () => {
  it('adds a new listing with its ISIN, renames by ISIN in place, keeps a delisted share readable', async () => {
    const mowi = await ticker('MOWI');
    const nhy = await ticker('NHY');
    const mowiBars = await allBars(mowi.id);
    const nhyBars = await allBars(nhy.id);
    expect(mowiBars.length).toBeGreaterThan(200);

    // The exchange changes: DNB is listed, MOWI delisted, NHY renamed to NHYD (same ISIN).
    fake.add({
      code: 'DNB',
      exchange: 'OL',
      name: 'DNB Bank ASA',
      isin: ISIN.DNB,
      days: rawSeries(dates, 270, 2_000_000),
    });
    fake.delist('MOWI', 'OL');
    fake.rename('NHY', 'OL', 'NHYD');
    fake.requests.length = 0;

    const result = await syncUniverse(handle.db, MARKET_OSLO, {
      now: new Date('2026-10-14T06:00:00Z'),
      env: fake.env(),
    });
    expect(result).toMatchObject({
      listed: 3,
      added: [{ symbol: 'DNB', isin: ISIN.DNB }],
      renamed: [{ from: 'NHY', to: 'NHYD' }],
      delisted: ['MOWI'],
      relisted: [],
      // One symbol-list request, 1 call (EODHD's api-limits page).
      usage: { requests: 1, calls: 1 },
    });
    expect(fake.countRequests('exchange-symbol-list/OL')).toBe(1);

    // The new listing is stored with its ISIN (its bars come with the next refresh).
    expect(await ticker('DNB')).toMatchObject({ isin: ISIN.DNB, delistedOn: null });
    // The delisted share: same row, same bars, marked with the day of the sync.
    const mowiAfter = await findTickerById(handle.db, mowi.id);
    expect(mowiAfter).toMatchObject({ symbol: 'MOWI', delistedOn: '2026-10-14' });
    expect(await allBars(mowi.id)).toEqual(mowiBars);
    // The renamed share: the same row id under the new code, its history kept.
    const renamed = await ticker('NHYD');
    expect(renamed).toMatchObject({ id: nhy.id, previousSymbol: 'NHY', isin: ISIN.NHY, delistedOn: null });
    expect(await allBars(nhy.id)).toEqual(nhyBars);
    expect(await findTickerBySymbol(handle.db, MARKET_OSLO, 'NHY')).toBeUndefined();

    // Wednesday's refresh: DNB's history per ticker, the others from bulk days, MOWI not asked;
    // the renamed share continues from its stored last day (no history re-read).
    for (const ex of ['OL', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, '2026-10-14');
    fake.requests.length = 0;
    const run = await refreshMarket(handle.db, MARKET_OSLO, {
      now: new Date('2026-10-14T17:50:00Z'),
      env: fake.env(),
      historyYears: 1,
      notify,
    });
    expect(run.session).toBe('2026-10-14');
    expect(fake.countRequests('eod/DNB.OL')).toBe(1);
    expect(fake.countRequests('eod/MOWI.OL') + fake.countRequests('eod/NHYD.OL')).toBe(0);
    // Only the new day: the 13th was read final (Oslo's data is final when published).
    expect(fake.countBulkPrices('OL')).toBe(1);
    expect((await allBars((await ticker('DNB')).id)).length).toBeGreaterThan(200);
    expect((await allBars(nhy.id)).pop()!.date).toBe('2026-10-14');
    expect((await allBars(mowi.id)).pop()!.date).toBe('2026-10-13');

    // The lists (screener, dashboard) leave the delisted share out; its ticker row still answers.
    const listed = await listLatestSnapshots(handle.db, {
      countryId: MARKET_OSLO,
      timeframe: 2,
      isIndex: false,
    });
    expect(listed.map((r) => r.symbol).sort()).toEqual(['DNB', 'EQNR', 'NHYD']);
  });

  it('relists a delisted share the exchange lists again, and refuses an empty list', async () => {
    fake.delist('MOWI', 'OL');
    const now = new Date('2026-10-14T06:00:00Z');
    await syncUniverse(handle.db, MARKET_OSLO, { now, env: fake.env() });
    expect((await ticker('MOWI')).delistedOn).toBe('2026-10-14');

    // A provider that answers an empty list (a stand-in without any OL share): nothing is marked.
    const back = new FakeEodhd();
    await back.start();
    try {
      await expect(syncUniverse(handle.db, MARKET_OSLO, { now, env: back.env() })).rejects.toMatchObject({
        code: 'EMPTY_SYMBOL_LIST',
      });
      expect((await ticker('EQNR')).delistedOn).toBeNull();
    } finally {
      await back.stop();
    }

    fake.relist('MOWI', 'OL');
    const result = await syncUniverse(handle.db, MARKET_OSLO, { now, env: fake.env() });
    expect(result.relisted).toEqual(['MOWI']);
    expect((await ticker('MOWI')).delistedOn).toBeNull();
  });
});

describe('the weekly universe-sync job', () => {
  it('runs Sunday 06:00 Oslo time, syncs each imported market and marks a delisted share', async () => {
    const job = universeSyncJob({ env: fake.env() });
    expect([job.name, job.pattern, job.timeZone]).toEqual(['universe-sync', '0 6 * * 0', 'Europe/Oslo']);
    fake.add({
      code: 'DNB',
      exchange: 'OL',
      name: 'DNB Bank ASA',
      isin: ISIN.DNB,
      days: rawSeries(dates, 270, 1),
    });
    fake.delist('MOWI', 'OL');
    fake.requests.length = 0;
    const phases: string[] = [];
    const message = await job.run({
      db: handle.db,
      // Sunday 18 October 2026, 06:00 in Oslo (04:00Z).
      now: () => new Date('2026-10-18T04:00:00Z'),
      slot: 'manual:test',
      progress: (p) => phases.push(`${p.phase} ${p.done}/${p.total}`),
    });
    // Oslo: EQNR, NHY and DNB listed (3), DNB added, MOWI delisted; the US holds no stocks here.
    expect(message).toBe(
      '160: 3 listed, 1 added, 0 renamed, 1 delisted, 0 relisted (1 requests, 1 API calls); 226: not imported yet',
    );
    expect(phases).toEqual(['universe 0/2', 'universe 1/2', 'universe 2/2']);
    expect(fake.countRequests('exchange-symbol-list/OL')).toBe(1);
    expect(fake.countRequests('exchange-symbol-list/US')).toBe(0);
    expect(await ticker('MOWI')).toMatchObject({ delistedOn: '2026-10-18' });
    expect(await ticker('DNB')).toMatchObject({ isin: ISIN.DNB, delistedOn: null });
  });
});

describe('syncUniverse on the US market', () => {
  it('follows a NASDAQ-100 member renamed by EODHD (the new code is outside the universe file)', async () => {
    // AAPL's real ISIN; "APLX" is a made-up new code that universe.json does not name.
    const isin = 'US0378331005';
    fake.add({
      code: 'AAPL',
      exchange: 'US',
      name: 'Apple Inc',
      isin,
      days: rawSeries(dates, 230, 50_000_000),
    });
    fake.add({ code: 'NDX', exchange: 'INDX', name: 'NDX', days: rawSeries(dates, 20000, 0) });
    fake.add({
      code: 'ZZZZ',
      exchange: 'US',
      name: 'Not in the index',
      days: [],
    });
    fake.publishedThrough.set('US', '2026-10-13');
    await refreshMarket(handle.db, MARKET_US, {
      now: new Date('2026-10-13T21:05:00Z'),
      env: fake.env(),
      historyYears: 1,
      notify,
    });
    const apple = await findTickerBySymbol(handle.db, MARKET_US, 'AAPL');
    expect(apple).toBeDefined();
    fake.rename('AAPL', 'US', 'APLX');
    const result = await syncUniverse(handle.db, MARKET_US, {
      now: new Date('2026-10-14T06:00:00Z'),
      env: fake.env(),
    });
    expect(result).toMatchObject({ added: [], renamed: [{ from: 'AAPL', to: 'APLX' }], delisted: [] });
    expect(await findTickerBySymbol(handle.db, MARKET_US, 'APLX')).toMatchObject({ id: apple!.id, isin });
    // A US share outside the NASDAQ-100 is not added.
    expect(await findTickerBySymbol(handle.db, MARKET_US, 'ZZZZ')).toBeUndefined();
  });
});

describe('index members', () => {
  const memberSymbols = async () => {
    const index = await ticker('OSEBX.INDX');
    const ids = await listIndexMemberIds(handle.db, index.id);
    const rows = await Promise.all(ids.map((id) => findTickerById(handle.db, id)));
    return rows.map((r) => r!.symbol).sort();
  };

  it('parses symbols or ISINs, with or without a header, and names the bad lines', () => {
    expect(parseMemberFile('EQNR\nnhy\n\nEQNR\n')).toEqual(['EQNR', 'NHY']);
    expect(parseMemberFile('Name;ISIN;Symbol\nEquinor;NO0010096985;EQNR\nHydro;NO0005052605;NHY')).toEqual([
      ISIN.EQNR,
      ISIN.NHY,
    ]);
    // NO0010096986: Equinor's ISIN with a wrong check digit (6, the right one is 5).
    expect(() => parseMemberFile('EQNR\nNO0010096986\nnot a symbol')).toThrow(
      expect.objectContaining({
        code: 'INVALID_MEMBER_FILE',
        details: {
          errors: [
            { line: 2, value: 'NO0010096986' },
            { line: 3, value: 'NOT A SYMBOL' },
          ],
        },
      }),
    );
    expect(() => parseMemberFile('\n\n')).toThrow(expect.objectContaining({ code: 'EMPTY_MEMBER_FILE' }));
  });

  it('reads the files as CSV: quoted cells, true line numbers, an unreadable line refused', () => {
    // A quoted name holding the separator stays one cell: the ISIN is still the second column.
    expect(parseMemberFile(`Name;ISIN\n"Equinor; ASA";${ISIN.EQNR}\n"Norsk ""Hydro""";${ISIN.NHY}`)).toEqual([
      ISIN.EQNR,
      ISIN.NHY,
    ]);
    // A blank line counts: the bad entry is on line 4 of the file.
    expect(() => parseMemberFile('EQNR\n\nNHY\nnot a symbol')).toThrow(
      expect.objectContaining({ details: { errors: [{ line: 4, value: 'NOT A SYMBOL' }] } }),
    );
    expect(() => parseMemberFile('EQNR\n"NHY\nMOWI')).toThrow(
      expect.objectContaining({
        code: 'UNREADABLE_FILE',
        details: {
          errors: [
            { line: 2, message: 'a quote is opened and never closed', code: 'QUOTE_NOT_CLOSED', params: {} },
          ],
        },
      }),
    );
    // Euronext's list behind a title line, a comma inside a quoted name, CRLF line ends.
    const segments = parseSegmentFile(
      [
        'Euronext equities, Oslo',
        'Name;ISIN;Symbol;Market',
        `"Mowi, ASA";${ISIN.MOWI};MOWI;"Euronext Expand Oslo"`,
      ].join('\r\n'),
    );
    expect([...segments]).toEqual([[ISIN.MOWI, 'expand']]);
  });

  it('replaces the members from a file; a later sync keeps them; a bad file changes nothing', async () => {
    // After the first sync: the universe file's OSEBX members that are stored (EQNR, MOWI, NHY).
    expect(await memberSymbols()).toEqual(['EQNR', 'MOWI', 'NHY']);
    const now = new Date('2026-10-14T06:00:00Z');
    const result = await refreshIndexMembers(handle.db, MARKET_OSLO, {
      now,
      env: fake.env(),
      source: { kind: 'file', content: `ISIN\n${ISIN.EQNR}\n${ISIN.NHY}\n` },
    });
    expect(result).toMatchObject({ members: 2, removed: ['MOWI'], added: [], newTickers: [] });
    // Every member was stored: no request.
    expect(result.usage).toEqual({ requests: 0, calls: 0 });
    expect(await memberSymbols()).toEqual(['EQNR', 'NHY']);

    await expect(
      refreshIndexMembers(handle.db, MARKET_OSLO, {
        now,
        env: fake.env(),
        source: { kind: 'file', content: 'EQNR\nZZZZ\n' },
      }),
    ).rejects.toMatchObject({ code: 'UNKNOWN_MEMBERS', details: { unknown: ['ZZZZ'] } });
    expect(await memberSymbols()).toEqual(['EQNR', 'NHY']);

    // The next daily refresh does not put the universe file's membership back.
    for (const ex of ['OL', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, '2026-10-14');
    await refreshMarket(handle.db, MARKET_OSLO, {
      now: new Date('2026-10-14T17:50:00Z'),
      env: fake.env(),
      historyYears: 1,
      notify,
    });
    expect(await memberSymbols()).toEqual(['EQNR', 'NHY']);
  });

  it('takes the members from the provider and adds a member not stored yet', async () => {
    // TEL is listed on OL but was not stored (added to the stand-in after the first import).
    fake.add({
      code: 'TEL',
      exchange: 'OL',
      name: 'Telenor ASA',
      isin: ISIN.TEL,
      days: rawSeries(dates, 130, 1_000_000),
    });
    fake.indexComponents.set('OSEBX', [
      { Code: 'EQNR', Exchange: 'OL', Name: 'Equinor ASA' },
      { Code: 'TEL', Exchange: 'OL', Name: 'Telenor ASA' },
    ]);
    fake.requests.length = 0;
    const result = await refreshIndexMembers(handle.db, MARKET_OSLO, {
      now: new Date('2026-10-14T06:00:00Z'),
      env: fake.env(),
      source: { kind: 'provider' },
    });
    expect(result).toMatchObject({ source: 'provider', members: 2, newTickers: ['TEL'] });
    expect(result.removed.sort()).toEqual(['MOWI', 'NHY']);
    // The constituents (fundamentals: 10 calls) and the symbol list for TEL (1 call).
    expect(fake.countRequests('fundamentals/OSEBX.INDX', { filter: 'Components' })).toBe(1);
    expect(result.usage).toEqual({ requests: 2, calls: 11 });
    expect(await memberSymbols()).toEqual(['EQNR', 'TEL']);
    expect(await ticker('TEL')).toMatchObject({ isin: ISIN.TEL });
  });
});

describe('Oslo segments', () => {
  it('stores each share’s Euronext segment from Euronext’s equities list', async () => {
    const file = [
      'Name;ISIN;Symbol;Market;Trading Currency',
      `Equinor;${ISIN.EQNR};EQNR;Oslo Børs;NOK`,
      `Mowi;${ISIN.MOWI};MOWI;Euronext Expand Oslo;NOK`,
      `Norsk Hydro;${ISIN.NHY};NHY;Euronext Growth Oslo;NOK`,
      'Air Liquide;FR0000120073;AI;Euronext Paris;EUR',
    ].join('\n');
    expect(await applySegmentFile(handle.db, file)).toEqual({
      matched: 3,
      unmatched: 0,
      bySegment: { oslo_bors: 1, expand: 1, growth: 1 },
    });
    expect((await ticker('EQNR')).segment).toBe('oslo_bors');
    expect((await ticker('MOWI')).segment).toBe('expand');
    expect((await ticker('NHY')).segment).toBe('growth');
    // tickers/list: segment=expand through the API's schema and the service.
    const query = tickerListQuerySchema.parse({ countryID: '160', timeframe: '2', segment: 'expand' });
    const page = await listTickers(handle.db, query);
    expect(page.items.map((i) => [i.symbol, i.segment])).toEqual([['MOWI', 'expand']]);
    expect(page.total).toBe(1);
    // The segment is an Oslo filter; an unknown one is refused.
    expect(
      tickerListQuerySchema.safeParse({ countryID: '226', timeframe: '2', segment: 'expand' }).success,
    ).toBe(false);
    expect(
      tickerListQuerySchema.safeParse({ countryID: '160', timeframe: '2', segment: 'main' }).success,
    ).toBe(false);
    // A universe sync without segment information keeps them.
    await syncUniverse(handle.db, MARKET_OSLO, { now: new Date('2026-10-14T06:00:00Z'), env: fake.env() });
    expect((await ticker('MOWI')).segment).toBe('expand');

    await expect(applySegmentFile(handle.db, 'Name;Symbol\nEquinor;EQNR')).rejects.toMatchObject({
      code: 'SEGMENT_FILE_HEADER',
    });
    await expect(
      applySegmentFile(handle.db, 'ISIN;Market\nFR0000120073;Euronext Paris'),
    ).rejects.toMatchObject({ code: 'NO_OSLO_ROWS' });
  });
});

/** @jest-environment node */
// /public/stocks (issue 39): getServerSideProps builds the directory from the analysed stocks:
// A–Z per market, search by name or symbol (diacritic-insensitive), one Oslo segment.
import type { GetServerSidePropsContext } from 'next';

import type { PublicDirectory } from '@/lib/types/publicStocks';
import { getServerSideProps } from '@/pages/public/stocks/index';
import { setDbHandle, type DbHandle } from '@/server/db';
import { invalidateMarketCache } from '@/server/services/market/marketCache';

import { openTestDatabase } from '../../helpers/db';
import { seedTestMarket } from './market/fixtures';

jest.setTimeout(180_000);

async function directory(query: Record<string, string>): Promise<PublicDirectory> {
  const result = await getServerSideProps({ locale: 'nb', query } as unknown as GetServerSidePropsContext);
  if (!('props' in result)) throw new Error('no props');
  return (await result.props).directory;
}

const symbols = (d: PublicDirectory, countryId: number) =>
  d.markets.find((m) => m.country_id === countryId)?.letters.flatMap((l) => l.stocks.map((s) => s.symbol));

describe('public stock directory', () => {
  let db: DbHandle;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    setDbHandle(db);
    invalidateMarketCache();
    // Two main-list shares, a Growth share, an Expand share, and Alphabet's two classes.
    await seedTestMarket(db.db, {
      symbols: ['EQNR', 'LSG', 'HAV', 'NORSE', 'OSEBX.INDX', 'GOOGL', 'GOOG', 'NDX.INDX'],
    });
  });
  afterAll(async () => {
    invalidateMarketCache();
    await db.close();
  });

  it('lists every analysed stock A–Z per market, without indexes', async () => {
    const d = await directory({});
    expect(d.count).toBe(6);
    // nb collation by name: Equinor, HAV Group, Lerøy, Norse Atlantic.
    expect(symbols(d, 160)).toEqual(['EQNR', 'HAV', 'LSG', 'NORSE']);
    expect(d.markets[0].letters.map((l) => l.letter)).toEqual(['E', 'H', 'L', 'N']);
    expect(symbols(d, 226)).toEqual(['GOOGL', 'GOOG']);
  });

  it('finds by name without diacritics and by symbol', async () => {
    expect(symbols(await directory({ q: 'leroy' }), 160)).toEqual(['LSG']);
    expect(symbols(await directory({ q: 'goog' }), 226)).toEqual(['GOOGL', 'GOOG']);
    expect((await directory({ q: 'nothing-like-this' })).count).toBe(0);
  });

  it('keeps one Oslo segment and leaves the US out; ignores an unknown segment', async () => {
    const growth = await directory({ segment: 'growth' });
    expect(growth.segment).toBe('growth');
    expect(growth.markets.map((m) => m.country_id)).toEqual([160]);
    expect(symbols(growth, 160)).toEqual(['HAV']);
    expect(symbols(await directory({ segment: 'expand' }), 160)).toEqual(['NORSE']);
    const unknown = await directory({ segment: 'nasdaq' });
    expect(unknown.segment).toBeNull();
    expect(unknown.count).toBe(6);
  });
});

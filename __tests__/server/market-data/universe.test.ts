/** @jest-environment node */
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import {
  findUniverseTicker,
  getUniverse,
  parseUniverse,
  universeMarket,
  universeTickers,
} from '@/server/market-data/universe';

describe('universe.json', () => {
  const oslo = universeTickers(MARKET_OSLO);
  const us = universeTickers(MARKET_US);

  it('holds at least 60 OSEBX constituents, including EQNR, DNB, LSG and VAR', () => {
    expect(oslo.length).toBeGreaterThanOrEqual(60);
    for (const symbol of [
      'EQNR',
      'DNB',
      'LSG',
      'VAR',
      'MOWI',
      'ORK',
      'TEL',
      'NHY',
      'YAR',
      'AKRBP',
      'KOG',
      'STB',
      'GJF',
      'SALM',
    ]) {
      expect(findUniverseTicker(MARKET_OSLO, symbol)).toBeDefined();
    }
  });

  it('holds the 101 NASDAQ-100 securities (Alphabet in two classes)', () => {
    expect(us).toHaveLength(101);
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META']) {
      expect(findUniverseTicker(MARKET_US, symbol)).toBeDefined();
    }
  });

  it('has unique symbols per market, EODHD style without exchange suffix', () => {
    for (const tickers of [oslo, us]) {
      const symbols = tickers.map((t) => t.symbol);
      expect(new Set(symbols).size).toBe(symbols.length);
      for (const s of symbols) expect(s).toMatch(/^[A-Z0-9]+$/);
    }
  });

  it('writes Norwegian names with their own letters', () => {
    expect(findUniverseTicker(MARKET_OSLO, 'LSG')?.name).toContain('Lerøy');
    expect(findUniverseTicker(MARKET_OSLO, 'VAR')?.name).toContain('Vår Energi');
    expect(findUniverseTicker(MARKET_OSLO, 'EQNR')?.name).toBe('Equinor ASA');
    expect(findUniverseTicker(MARKET_OSLO, 'DNB')?.name).toBe('DNB Bank ASA');
  });

  it('describes markets, indexes and USD/NOK as the rest of the app expects', () => {
    expect(universeMarket(MARKET_OSLO)).toMatchObject({
      exchange: 'OL',
      currency: 'NOK',
      index: { symbol: 'OSEBX.INDX' },
    });
    expect(universeMarket(MARKET_US)).toMatchObject({
      exchange: 'NASDAQ',
      currency: 'USD',
      index: { symbol: 'NDX.INDX' },
    });
    expect(universeMarket(MARKET_OSLO).index.level).toBeGreaterThan(1000);
    expect(universeMarket(MARKET_OSLO).index.level).toBeLessThan(2500);
    expect(universeMarket(MARKET_US).index.level).toBeGreaterThan(15000);
    expect(universeMarket(MARKET_US).index.level).toBeLessThan(30000);
    expect(getUniverse().fx.USDNOK).toBeGreaterThan(9);
    expect(getUniverse().fx.USDNOK).toBeLessThan(12);
  });

  it('gives every index member a sector and a positive price level, and every ticker an empty img', () => {
    const members = [...oslo.filter((t) => t.indexMember), ...us];
    expect(members.length).toBe(78 + 101);
    for (const t of members) {
      expect(t.sector?.length).toBeGreaterThan(0);
      expect(t.priceLevel).toBeGreaterThan(0);
    }
    for (const t of [...oslo, ...us]) expect(t.img).toBe('');
  });

  it('rejects a universe document with a duplicate symbol', () => {
    const doc = structuredClone(getUniverse());
    doc.markets['160'].tickers.push({ ...doc.markets['160'].tickers[0] });
    expect(() => parseUniverse(doc)).toThrow(/duplicate symbol EQNR/);
  });

  it('rejects a universe document with a non-positive price level', () => {
    const doc = structuredClone(getUniverse());
    doc.markets['226'].tickers[0].priceLevel = 0;
    expect(() => parseUniverse(doc)).toThrow();
  });
});

import fs from 'node:fs';
import path from 'node:path';

import {
  MARKET_OSLO,
  MARKET_US,
  MARKETS,
  currencyForCountry,
  marketForCurrency,
  toMarketCurrency,
} from '@/lib/constants';

// Market <-> currency is one mapping (MARKETS in lib/constants); the expectations are SPEC §3's
// words written out: Oslo Børs (160) trades in NOK, the US markets (226) in USD.
describe('market <-> currency from lib/constants', () => {
  it('gives the currency of each market, USD for any other country (SPEC §3)', () => {
    expect(currencyForCountry(160)).toBe('NOK');
    expect(currencyForCountry(226)).toBe('USD');
    expect(currencyForCountry(999)).toBe('USD');
  });

  it('gives the market of each currency and null for others', () => {
    expect(marketForCurrency('NOK')).toBe(160);
    expect(marketForCurrency('USD')).toBe(226);
    expect(marketForCurrency('EUR')).toBeNull();
    expect(marketForCurrency(null)).toBeNull();
  });

  it('reads a stored currency column: USD stays USD, anything else is NOK', () => {
    expect(toMarketCurrency('USD')).toBe('USD');
    expect(toMarketCurrency('NOK')).toBe('NOK');
    expect(toMarketCurrency('')).toBe('NOK');
  });

  it('agrees with the universe data file (the provider stamps tickers with its market currency)', () => {
    const file = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'server', 'market-data', 'universe.json'), 'utf8'),
    ) as { markets: Record<string, { currency: string }> };
    expect(file.markets[String(MARKET_OSLO)].currency).toBe('NOK');
    expect(file.markets[String(MARKET_US)].currency).toBe('USD');
    expect(MARKETS.map((m) => [m.id, m.currency])).toEqual([
      [160, 'NOK'],
      [226, 'USD'],
    ]);
  });
});

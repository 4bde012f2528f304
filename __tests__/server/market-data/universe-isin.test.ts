/** @jest-environment node */
// Issue 13: the universe carries the public ISINs that broker files name securities by.
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { DemoProvider } from '@/server/market-data/demo/provider';
import { findUniverseTicker, isinCheckDigitValid, universeTickers } from '@/server/market-data/universe';

describe('universe ISINs', () => {
  it.each([
    // Public facts (issue 13's examples and the issuers' own listings)
    [MARKET_OSLO, 'EQNR', 'NO0010096985'],
    [MARKET_OSLO, 'DNB', 'NO0010161896'],
    [MARKET_US, 'AAPL', 'US0378331005'],
    [MARKET_US, 'MSFT', 'US5949181045'],
  ] as const)('%s %s is %s', (market, symbol, isin) => {
    expect(findUniverseTicker(market, symbol)?.isin).toBe(isin);
  });

  it('checks the ISO 6166 check digit: right for real ISINs, wrong when a digit changes', () => {
    expect(isinCheckDigitValid('US0378331005')).toBe(true);
    expect(isinCheckDigitValid('US0378331006')).toBe(false);
    expect(isinCheckDigitValid('NO0010096985')).toBe(true);
    expect(isinCheckDigitValid('NO0010096986')).toBe(false);
  });

  it('has no ISIN twice and every one with a valid check digit', () => {
    const all = [...universeTickers(MARKET_OSLO), ...universeTickers(MARKET_US)].flatMap((t) =>
      t.isin ? [t.isin] : [],
    );
    expect(all.length).toBeGreaterThan(150);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((isin) => !isinCheckDigitValid(isin))).toEqual([]);
  });

  it('hands the ISIN to the sync through the demo provider', async () => {
    const symbols = await new DemoProvider().listSymbols(MARKET_OSLO);
    expect(symbols.find((s) => s.symbol === 'EQNR')?.isin).toBe('NO0010096985');
  });
});

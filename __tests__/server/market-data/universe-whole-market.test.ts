/** @jest-environment node */
// Issue 39 item 1: the whole Oslo market (Oslo Børs, Euronext Expand, Euronext Growth) and the
// whole NASDAQ-100 with both Alphabet classes, every ISIN with a valid check digit.
import fs from 'node:fs';
import path from 'node:path';

import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import { DemoProvider } from '@/server/market-data/demo/provider';
import {
  findUniverseTicker,
  getUniverse,
  isinCheckDigitValid,
  universeTickers,
} from '@/server/market-data/universe';

const oslo = universeTickers(MARKET_OSLO);
const us = universeTickers(MARKET_US);

describe('the whole Oslo market', () => {
  it('counts the shares per Euronext segment as built from the sources (README.md beside the file)', () => {
    // 78 OSEBX constituents (main list) + 97 more main-list shares = 175; 12 on Expand; 79 on
    // Growth: counted from the FinFeedAPI tables (XOSL, XOAS, MERK) minus the rows left out for a
    // missing symbol source, subscription rights (TR) and delisted shares, as listed in
    // server/market-data/README.md.
    const count = (segment: string) => oslo.filter((t) => t.segment === segment).length;
    expect(count('oslo_bors')).toBe(175);
    expect(count('expand')).toBe(12);
    expect(count('growth')).toBe(79);
    expect(oslo).toHaveLength(175 + 12 + 79);
    expect(oslo.filter((t) => t.segment === undefined)).toEqual([]);
  });

  it('gives every Oslo share an ISIN whose check digit is right', () => {
    const bad = oslo.filter((t) => !t.isin || !isinCheckDigitValid(t.isin)).map((t) => t.symbol);
    expect(bad).toEqual([]);
  });

  it.each([
    // The missing shares, with their public ISINs and segments.
    ['AZT', 'ArcticZymes Technologies ASA', 'NO0010014632', 'oslo_bors'],
    ['AUTO', 'AutoStore Holdings Ltd.', 'BMG0670A1099', 'oslo_bors'],
    ['NORSE', 'Norse Atlantic ASA', 'NO0012885252', 'expand'],
    ['HAV', 'HAV Group ASA', 'NO0010931918', 'growth'],
    ['NORDH', 'Nordhealth AS', 'NO0011002651', 'growth'],
  ])('%s is %s (%s) on %s', (symbol, name, isin, segment) => {
    const t = findUniverseTicker(MARKET_OSLO, symbol);
    expect(t?.isin).toBe(isin);
    expect(t?.segment).toBe(segment);
    if (symbol !== 'AUTO') expect(t?.name).toBe(name);
  });

  it('names its sources inside the file and in a README beside it', () => {
    expect(getUniverse().sources?.length).toBeGreaterThanOrEqual(3);
    const readme = fs.readFileSync(path.join(process.cwd(), 'server/market-data/README.md'), 'utf8');
    expect(readme).toContain('api-bricks/llms-md');
  });

  it('hands the segment to the sync through the demo provider', async () => {
    const symbols = await new DemoProvider().listSymbols(MARKET_OSLO);
    expect(symbols.filter((s) => s.segment === 'growth')).toHaveLength(79);
    expect(symbols.find((s) => s.symbol === 'EQNR')?.segment).toBe('oslo_bors');
  });
});

describe('the whole NASDAQ-100', () => {
  it('holds 101 securities: 100 companies, Alphabet with both share classes', () => {
    expect(us).toHaveLength(101);
    expect(findUniverseTicker(MARKET_US, 'GOOGL')?.isin).toBe('US02079K3059');
    expect(findUniverseTicker(MARKET_US, 'GOOG')?.isin).toBe('US02079K1079');
    expect(findUniverseTicker(MARKET_US, 'GOOG')?.name).toContain('Class C');
  });

  it('has a valid check digit on every US ISIN', () => {
    expect(us.filter((t) => t.isin && !isinCheckDigitValid(t.isin))).toEqual([]);
  });
});

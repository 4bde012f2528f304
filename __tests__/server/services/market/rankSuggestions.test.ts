/** @jest-environment node */
// The ticker search ranking (DESIGN.md §5 autocomplete), on hand-made entries.
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import {
  rankSuggestions,
  selectedMarketFirst,
  type SearchEntry,
} from '@/server/services/market/marketSearchService';

let nextId = 1;
function entry(
  countryId: MarketId,
  symbol: string,
  name: string,
  isIndex = false,
  delistedOn: string | null = null,
): SearchEntry {
  return {
    suggestion: {
      ticker_id: nextId++,
      long_name: name,
      symbol,
      img: '',
      country_id: countryId,
      delisted_on: delistedOn,
    },
    name: foldForSearch(name),
    symbol: foldForSearch(symbol),
    isIndex,
  };
}

const ENTRIES = [
  entry(MARKET_US, 'EQIX', 'Equinix, Inc.'),
  entry(MARKET_US, 'QQQE', 'Some Equity Fund'),
  entry(MARKET_OSLO, 'EQNR', 'Equinor ASA'),
  entry(MARKET_OSLO, 'LSG', 'Lerøy Seafood Group ASA'),
  entry(MARKET_OSLO, 'VAR', 'Vår Energi ASA'),
  entry(MARKET_OSLO, 'AKER', 'Aker ASA'),
  entry(MARKET_OSLO, 'AKRBP', 'Aker BP ASA'),
  entry(MARKET_OSLO, 'SPOL', 'SpareBank 1 Østlandet'),
  entry(MARKET_OSLO, 'OSEBX.INDX', 'Oslo Børs Benchmark Index (OSEBX)', true),
  entry(MARKET_OSLO, 'OSEBXX', 'Osebx Fund'),
  entry(MARKET_US, 'BRK.B', 'Berkshire Hathaway'),
];

const search = (query: string, countryId?: MarketId, limit = 10) =>
  rankSuggestions(ENTRIES, { folded: foldForSearch(query), countryId, limit }).map((s) => s.symbol);

describe('rankSuggestions', () => {
  it('ranks exact symbol, symbol prefix, name prefix, word prefix, then any other match', () => {
    // Name prefixes (Oslo first: the default market), then a word of a name.
    expect(search('equi')).toEqual(['EQNR', 'EQIX', 'QQQE']);
    expect(search('aker')).toEqual(['AKER', 'AKRBP']);
    expect(search('akrbp')).toEqual(['AKRBP']);
    // Exact symbol before symbol prefix; stocks before indexes within a rank.
    expect(search('osebx')).toEqual(['OSEBXX', 'OSEBX.INDX']);
    expect(search('osebx indx')).toEqual(['OSEBX.INDX']);
    // Contains: "asa" is a word in every Oslo company name here; names break the tie.
    expect(search('asa')).toEqual(['AKER', 'AKRBP', 'EQNR', 'LSG', 'VAR']);
    expect(search('nor a')).toEqual(['EQNR']);
  });

  it('prefers the asked-for market and filters by it when given', () => {
    expect(search('equi', MARKET_US)).toEqual(['EQIX', 'QQQE']);
    expect(search('equi', MARKET_OSLO)).toEqual(['EQNR']);
  });

  it('ignores case, diacritics and punctuation', () => {
    expect(search('LEROY')).toEqual(['LSG']);
    expect(search('lerøy seafood')).toEqual(['LSG']);
    expect(search('var energi')).toEqual(['VAR']);
    expect(search('østlandet')).toEqual(['SPOL']);
    expect(search('brk.b')).toEqual(['BRK.B']);
    expect(search('brk b')).toEqual(['BRK.B']);
    expect(search('xyz')).toEqual([]);
  });

  it('finds a delisted share, marked, after a listed one that matches as well', () => {
    // NHY was renamed NHYD: the old row (made first, so the lower id) is delisted, same name.
    const old = entry(MARKET_OSLO, 'NHY', 'Norsk Hydro ASA', false, '2026-10-14');
    const renamed = entry(MARKET_OSLO, 'NHYD', 'Norsk Hydro ASA');
    const found = rankSuggestions([old, renamed], { folded: foldForSearch('norsk hydro'), limit: 10 });
    // Both are name-prefix matches of the same market and name: listed before delisted (not by id).
    expect(found.map((s) => [s.symbol, s.delisted_on])).toEqual([
      ['NHYD', null],
      ['NHY', '2026-10-14'],
    ]);
    // An exact symbol still ranks first, delisted or not.
    expect(rankSuggestions([old, renamed], { folded: 'nhy', limit: 10 }).map((s) => s.symbol)).toEqual([
      'NHY',
      'NHYD',
    ]);
  });

  it('returns at most `limit` suggestions', () => {
    expect(search('a', undefined, 3)).toHaveLength(3);
    expect(search('a', undefined, 3)).toEqual(search('a').slice(0, 3));
  });
});

describe('selectedMarketFirst (header search, allMarkets=true)', () => {
  const across = (query: string, countryId: MarketId, limit = 10) =>
    selectedMarketFirst(ENTRIES, { folded: foldForSearch(query), countryId, limit }).map((s) => s.symbol);

  it("puts the selected market's matches first, then the other market's", () => {
    // "equi": Oslo has EQNR; the US has EQIX (name prefix) and QQQE (word prefix "Equity").
    expect(across('equi', MARKET_OSLO)).toEqual(['EQNR', 'EQIX', 'QQQE']);
    // From the US, the US matches come first although Equinor ranks as high.
    expect(across('equi', MARKET_US)).toEqual(['EQIX', 'QQQE', 'EQNR']);
    // A name only the other market has is still found ("berk" from Oslo).
    expect(across('berk', MARKET_OSLO)).toEqual(['BRK.B']);
  });

  it('keeps places for the other market when the selected one has more matches than fit', () => {
    // "e": all 8 Oslo entries match, and the US's 3 (Equinix, Some Equity Fund, Berkshire). With limit 5 the
    // other market keeps min(3, 3) = 3 places, so Oslo gets 2.
    const five = across('e', MARKET_OSLO, 5);
    expect(five).toHaveLength(5);
    expect(
      five
        .slice(0, 2)
        .every((s) => ENTRIES.find((e) => e.suggestion.symbol === s)!.suggestion.country_id === MARKET_OSLO),
    ).toBe(true);
    expect(
      five
        .slice(2)
        .every((s) => ENTRIES.find((e) => e.suggestion.symbol === s)!.suggestion.country_id === MARKET_US),
    ).toBe(true);
  });
});

/** @jest-environment node */
import { foldForSearch } from '@/lib/search';

describe('foldForSearch', () => {
  it.each([
    ['Lerøy Seafood Group ASA', 'leroy seafood group asa'],
    ['Vår Energi ASA', 'var energi asa'],
    ['SpareBank 1 Østlandet', 'sparebank 1 ostlandet'],
    ['Ærlig Æblemost', 'aerlig aeblemost'],
    ['Öresund Ärla Über', 'oresund arla uber'],
    ['Café Crème Élan Très', 'cafe creme elan tres'],
    ['Straße', 'strasse'],
    ['P/F Bakkafrost', 'p f bakkafrost'],
    ['  Alphabet Inc.  (Class A) ', 'alphabet inc class a'],
    ['BRK.B', 'brk b'],
    ['EQUINOR', 'equinor'],
    ['', ''],
    ['---', ''],
  ])('%j -> %j', (input, expected) => {
    expect(foldForSearch(input)).toBe(expected);
  });

  it('folds a query and a name the same way, so contains-matching ignores case and diacritics', () => {
    const name = foldForSearch('Lerøy Seafood Group ASA');
    expect(name.includes(foldForSearch('LERØY'))).toBe(true);
    expect(name.includes(foldForSearch('leroy'))).toBe(true);
    expect(foldForSearch('Vår Energi ASA').startsWith(foldForSearch('var energi'))).toBe(true);
    expect(foldForSearch('Vår Energi ASA').startsWith(foldForSearch('Vår-Energi'))).toBe(true);
  });

  it('is idempotent', () => {
    for (const s of ['Lerøy', 'Ærø Å', 'Ørsted A/S', 'naïve façade']) {
      expect(foldForSearch(foldForSearch(s))).toBe(foldForSearch(s));
    }
  });
});

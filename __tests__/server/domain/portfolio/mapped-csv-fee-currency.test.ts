/** @jest-environment node */
// Issue 37: DEGIRO and Avanza state a trade's fee in the account's currency (EUR, SEK) whatever
// the share's; the fee is converted to the trade's currency with the row's own rate, never read
// as an amount in the share's currency. Files in each broker's layout, our own values.
import { IMPORT_PRESETS } from '@/lib/importPresets';
import { parseMappedCsv } from '@/server/domain/portfolio';

const bytes = (text: string) => new TextEncoder().encode(text);

const AVANZA_HEADER =
  'Datum;Konto;Typ av transaktion;Värdepapper/beskrivning;Antal;Kurs;Belopp;Transaktionsvaluta;Courtage (SEK);Valutakurs;Instrumentvaluta;ISIN;Resultat';

describe('fees in the account’s currency', () => {
  it('Avanza: Courtage 19 SEK on a USD trade at Valutakurs 10 is 1.9 USD; a SEK trade’s fee stays', () => {
    const file = [
      AVANZA_HEADER,
      // 5 Apple at 170 USD, 10 SEK per USD: 5 × 170 × 10 + 19 = 8 519 SEK
      '2024-04-02;ISK;Köp;Apple Inc;5;170;-8519;SEK;19;10;USD;US0378331005;',
      // a Swedish share: the fee is already in the trade's currency
      '2024-04-02;ISK;Köp;Investor B;10;250;-2501;SEK;1;;SEK;SE0015811963;',
    ].join('\n');
    const result = parseMappedCsv(bytes(file), IMPORT_PRESETS.avanza.mapping);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.isin, r.currency, r.price.toFixed(), r.fee.toFixed()])).toEqual([
      // one day only: the file's order
      ['US0378331005', 'USD', '170', '1.9'], // 19 / 10
      ['SE0015811963', 'SEK', '250', '1'],
    ]);
  });

  it('Avanza: a USD trade with a SEK fee and no Valutakurs is an error of its line', () => {
    const file = [AVANZA_HEADER, '2024-04-02;ISK;Köp;Apple Inc;5;170;-8519;SEK;19;;USD;US0378331005;'].join(
      '\n',
    );
    const result = parseMappedCsv(bytes(file), IMPORT_PRESETS.avanza.mapping);
    expect(result.rows).toEqual([]);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([[2, 'NO_RATE']]);
  });

  it('DEGIRO: Transactiekosten 3,00 EUR on a USD buy at Wisselkoers 1,10 (USD per EUR) is 3.3 USD', () => {
    const file = [
      'Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,Koers,,Lokale waarde,,Waarde,,Wisselkoers,Transactiekosten en/of,,Totaal,,Order ID',
      // 10 × 110 USD = 1 100 USD = 1 000 EUR at 1.10; costs 3 EUR
      '02-04-2024,15:30,APPLE INC,US0378331005,NDQ,XNAS,10,"110,00",USD,"-1100,00",USD,"-1000,00",EUR,"1,1000","-3,00",EUR,"-1003,00",EUR,0a0b0c0d-2222-4b4b-8c8c-0123456789ab',
      // a euro share: costs in EUR, the trade in EUR, no conversion
      '03-04-2024,09:10,ASML HOLDING,NL0010273215,EAM,XAMS,1,"900,00",EUR,"-900,00",EUR,"-900,00",EUR,,"-2,00",EUR,"-902,00",EUR,1a1b1c1d-3333-4c4c-8d8d-0123456789ab',
    ].join('\n');
    const result = parseMappedCsv(bytes(file), IMPORT_PRESETS['degiro-transactions'].mapping);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.isin, r.currency, r.fee.toFixed()])).toEqual([
      ['US0378331005', 'USD', '3.3'], // 3 × 1.10
      ['NL0010273215', 'EUR', '2'],
    ]);
  });

  it('a mapping without the rule reads the fee as it did (in the trade’s currency)', () => {
    const { feeCurrency: _rule, ...plain } = IMPORT_PRESETS.avanza.mapping;
    const file = [AVANZA_HEADER, '2024-04-02;ISK;Köp;Apple Inc;5;170;-8519;SEK;19;10;USD;US0378331005;'].join(
      '\n',
    );
    const result = parseMappedCsv(bytes(file), plain);
    expect(result.rows.map((r) => r.fee.toFixed())).toEqual(['19']);
  });
});

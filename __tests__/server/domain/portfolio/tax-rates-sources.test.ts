/** @jest-environment node */
// Issue 38 item 5: every figure of the dated rates file cites Skatteetaten's own page.
import { taxRateYears, taxRatesFor } from '@/server/domain/portfolio';

describe('the tax rates file', () => {
  it('cites a skatteetaten.no page for every figure it holds', () => {
    for (const year of taxRateYears()) {
      const rates = taxRatesFor(year);
      const figures = {
        skjermingsrente: rates.skjermingsrente,
        oppjusteringsfaktor: rates.oppjusteringsfaktor,
        tax_rate: rates.taxRate,
        wealth_valuation: rates.wealthValuation,
      };
      for (const [name, value] of Object.entries(figures)) {
        if (value === null) continue;
        const source = rates.sources[name];
        expect({ year, name, host: source ? new URL(source).hostname : null }).toEqual({
          year,
          name,
          host: expect.stringMatching(/(^|\.)skatteetaten\.no$/),
        });
      }
    }
  });

  it('holds 2023’s skjermingsrente (3.2 %) and 2022’s two factors', () => {
    expect(taxRatesFor(2023).skjermingsrente).toBe(0.032);
    expect(taxRatesFor(2022).oppjusteringsfaktorFrom).toEqual([{ date: '2022-10-06', value: 1.72 }]);
  });
});

// Issue 39 item 4: the demo tax article says what the app does (shielding deduction per share and
// the aksjesparekonto are handled), not that they are missing.
import { taxEn, taxNb } from '@/server/services/articles/demoArticles/tax';

describe('the demo tax article tells the truth about the app', () => {
  it('in Norwegian: explains skjermingsfradrag and ASK instead of saying they are left out', () => {
    expect(taxNb.body).not.toMatch(/Skjermingsfradrag\*\* er ikke trukket fra/);
    expect(taxNb.body).not.toMatch(/egne regler som ikke er med/);
    expect(taxNb.body).toContain('## Skjermingsfradrag');
    expect(taxNb.body).toContain('## Aksjesparekonto (ASK)');
    expect(taxNb.body).toContain('mer enn 80 % aksjer');
  });

  it('in English: the same', () => {
    expect(taxEn.body).not.toMatch(/is not applied/);
    expect(taxEn.body).not.toMatch(/which are not included/);
    expect(taxEn.body).toContain('## Shielding deduction (skjermingsfradrag)');
    expect(taxEn.body).toContain('## Share savings account (aksjesparekonto, ASK)');
  });
});

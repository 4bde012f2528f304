// The import dialog shows the parser's file and row errors in the user's language (issue 26, s2):
// each code has a text in nb and en, with its parameters; a mapped CSV's field by its form label.
import i18next from 'i18next';
import en from '@/public/locales/en/portfolio.json';
import nb from '@/public/locales/nb/portfolio.json';
import { IMPORT_ERROR_CODES } from '@/lib/types/portfolio';
import { busyText, importErrorText } from '@/components/portfolio/importErrorText';

async function translator(lng: 'nb' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    ns: ['portfolio'],
    defaultNS: 'portfolio',
    resources: { nb: { portfolio: nb }, en: { portfolio: en } },
    interpolation: { escapeValue: false },
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});
}

describe('importErrorText', () => {
  it('has a text for every code in both languages', () => {
    for (const code of [...IMPORT_ERROR_CODES, 'IMPORT_IN_PROGRESS', 'PORTFOLIO_BUSY']) {
      expect((nb.importErrors as Record<string, string>)[code]).toEqual(expect.any(String));
      expect((en.importErrors as Record<string, string>)[code]).toEqual(expect.any(String));
    }
  });

  it('shows a Nordnet row error in Norwegian, the column named as in the file', async () => {
    const t = await translator('nb');
    expect(
      importErrorText(t, {
        line: 3,
        message: 'Antall "ti" is not a number',
        code: 'NOT_A_NUMBER',
        params: { field: 'Antall', value: 'ti' },
      }),
    ).toBe('Antall «ti» er ikke et tall.');
    expect(
      importErrorText(t, {
        line: 1,
        message: 'missing column(s): Kurs, Handelsdag',
        code: 'MISSING_COLUMNS',
        params: { columns: 'Kurs, Handelsdag' },
      }),
    ).toBe('Filen mangler kolonnen(e): Kurs, Handelsdag.');
  });

  it("names a mapped CSV's field by the mapping form's label", async () => {
    const error = {
      line: 4,
      message: 'quantity is missing',
      code: 'FIELD_MISSING' as const,
      params: { field: 'quantity' },
    };
    expect(importErrorText(await translator('nb'), error)).toBe('Antall mangler.');
    expect(importErrorText(await translator('en'), error)).toBe('Quantity is missing.');
  });

  it('falls back to the English message without a known code', async () => {
    const t = await translator('nb');
    expect(importErrorText(t, { line: 7, message: 'ticker not found' })).toBe('ticker not found');
  });

  it('explains a refused import that is not a holding conflict', async () => {
    const t = await translator('en');
    expect(busyText(t, 'IMPORT_IN_PROGRESS')).toBe(
      'Another import into this portfolio is being written. Try again when it is done.',
    );
    expect(busyText(t, 'INSUFFICIENT_HOLDING')).toBeNull();
  });
});

// The import dialog shows the parser's file and row errors in the user's language (issue 26, s2):
// each code has a text in nb and en, with its parameters; a mapped CSV's field by its form label.
import i18next from 'i18next';
import en from '@/public/locales/en/portfolio.json';
import nb from '@/public/locales/nb/portfolio.json';
import { IMPORT_ERROR_CODES, IMPORT_REVIEW_CODES, IMPORT_SKIP_CODES } from '@/lib/types/portfolio';
import { busyText, importErrorText, reviewText, skippedText } from '@/components/portfolio/importErrorText';

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

// The preview's skipped and review lines likewise: a text per code in nb and en, the English
// reason when the code is one the dialog does not know.
describe('skippedText and reviewText', () => {
  it('has a text for every skip and review code in both languages, naming each parameter', () => {
    const params: Record<string, string[]> = {
      CANCELLED: ['type', 'date'],
      NO_EFFECT: ['type'],
      MAPPED_IGNORE: ['type'],
      ALREADY_IMPORTED: ['id'],
      ALREADY_IMPORTED_SAME_ROW: [],
      DUPLICATE_IN_FILE: ['id'],
      UNKNOWN_TYPE: ['type'],
      UNMAPPED_TYPE: ['type'],
      SPLIT_LEG_ALONE: ['type'],
      EXCHANGE_LEG_ALONE: ['type'],
      WITHHOLDING_ALONE: ['type', 'days'],
      REDEMPTION_LEG_ALONE: ['type'],
      ASK_NOT_ELIGIBLE: ['name', 'symbol'],
      OPENING_POSITION: ['quantity', 'date'],
    };
    for (const lng of [nb, en]) {
      const texts = [
        ...IMPORT_SKIP_CODES.map((code) => [code, (lng.importSkipped as Record<string, string>)[code]]),
        ...IMPORT_REVIEW_CODES.map((code) => [code, (lng.importReview as Record<string, string>)[code]]),
      ];
      for (const [code, text] of texts) {
        expect(text).toEqual(expect.any(String));
        for (const name of params[code]) expect(text).toContain(`{{${name}}}`);
      }
    }
  });

  it('tells a Norwegian user why a line is skipped or needs review', async () => {
    const t = await translator('nb');
    expect(
      skippedText(t, {
        reason: 'KJØPT: cancelled (Makuleringsdato 2024-01-06)',
        code: 'CANCELLED',
        params: { type: 'KJØPT', date: '2024-01-06' },
      }),
    ).toBe('«KJØPT» ble makulert 2024-01-06 og tas ikke med. Du trenger ikke gjøre noe.');
    expect(
      skippedText(t, {
        reason: 'already in this portfolio (Id 1000000008)',
        code: 'ALREADY_IMPORTED',
        params: { id: '1000000008' },
      }),
    ).toBe('Finnes allerede i porteføljen (id 1000000008), så den legges ikke inn to ganger.');
    expect(
      reviewText(t, {
        reason: 'tax withheld without a dividend of the same security within ten days',
        code: 'WITHHOLDING_ALONE',
        params: { type: 'KUPONGSKATT', days: 10 },
      }),
    ).toBe(
      'Kildeskatt («KUPONGSKATT») uten et utbytte fra samme aksje innen 10 dager før eller etter. ' +
        'Eksporter en periode som har med utbyttet, ellers hoppes linjen over.',
    );
  });

  it('tells an English user the same', async () => {
    const t = await translator('en');
    expect(
      reviewText(t, {
        reason: 'a split row without its other leg on the same day',
        code: 'SPLIT_LEG_ALONE',
        params: { type: 'SPLITT UTTAK VP' },
      }),
    ).toBe(
      'A split is two lines on the same day in the file (shares out and shares in), but the other ' +
        'line of “SPLITT UTTAK VP” is missing. Export a period that has both, or record the split yourself.',
    );
  });

  it('falls back to the English reason for a code it does not know', async () => {
    const t = await translator('nb');
    const newer = { reason: 'a reason from a newer server', params: {} };
    // An answer from a newer server may carry a code this build has no text for.
    expect(skippedText(t, { ...newer, code: 'NEWER' as never })).toBe('a reason from a newer server');
    expect(reviewText(t, { ...newer, code: 'NEWER' as never })).toBe('a reason from a newer server');
  });
});

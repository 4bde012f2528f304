// Issue 39 item 2: the transaction dialog shows an aksjesparekonto refusal next to the share field
// as a sentence naming the rule and the share (not "Ugyldig verdi"), in nb and en; an import's
// review row of the same kind reads the same sentence.
import i18next from 'i18next';

import { fieldErrors } from '@/components/portfolio/fieldErrors';
import { reviewText } from '@/components/portfolio/importErrorText';
import enAsk from '@/public/locales/en/askEligibility.json';
import enPortfolio from '@/public/locales/en/portfolio.json';
import nbAsk from '@/public/locales/nb/askEligibility.json';
import nbPortfolio from '@/public/locales/nb/portfolio.json';

async function translator(lng: 'nb' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    ns: ['portfolio', 'askEligibility'],
    defaultNS: 'portfolio',
    resources: {
      nb: { portfolio: nbPortfolio, askEligibility: nbAsk },
      en: { portfolio: enPortfolio, askEligibility: enAsk },
    },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
}

const autostore = {
  path: 'ticker_id',
  code: 'ask_not_eea',
  params: { symbol: 'AUTO', name: 'AutoStore Holdings Ltd.', home_state: 'BM' },
};

describe('aksjesparekonto refusal texts', () => {
  it('names the share and the rule next to the share field, in Norwegian', async () => {
    const t = await translator('nb');
    const message = fieldErrors<'ticker_id'>([autostore], t).ticker_id;
    expect(message).toBe(
      'AutoStore Holdings Ltd. (AUTO) kan ikke eies på en aksjesparekonto: selskapet hører hjemme utenfor EØS (landkode BM). Regelen er selskapets hjemland, ikke hvor aksjen er notert.',
    );
    expect(message).not.toBe(t('fieldErrors.invalid'));
  });

  it('says why a Growth share is refused, in English', async () => {
    const t = await translator('en');
    const message = fieldErrors<'ticker_id'>(
      [
        {
          path: 'ticker_id',
          code: 'ask_not_regulated_market',
          params: { symbol: 'HAV', name: 'HAV Group ASA' },
        },
      ],
      t,
    ).ticker_id;
    expect(message).toContain('HAV Group ASA (HAV)');
    expect(message).toContain('Euronext Growth, which is not a regulated market');
  });

  it("reads an import review row's reason with the same rule", async () => {
    const t = await translator('nb');
    const text = reviewText(t, {
      code: 'ASK_NOT_ELIGIBLE',
      reason: 'English reason',
      params: { symbol: 'AAPL', name: 'Apple Inc.', rule: 'ask_not_eea', home_state: 'US' },
    });
    expect(text).toContain('Apple Inc. (AAPL) kan ikke eies på en aksjesparekonto');
    expect(text).toContain('landkode US');
  });
});

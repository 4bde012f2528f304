// Issues 41 and 42: the ex-date and pattern lines of a notification in words, from the shipped
// locale files (the bell's list and the e-mail digest share notificationLineText).
import fs from 'node:fs';
import path from 'node:path';
import { notificationLineText, type LineTranslate } from '@/lib/notificationText';

function translator(language: 'nb' | 'en'): LineTranslate {
  const read = (ns: string) =>
    JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'public', 'locales', language, `${ns}.json`), 'utf8'),
    );
  const alerts = read('alerts');
  const patterns = read('patterns');
  const lookup = (tree: unknown, key: string) =>
    key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], tree) as string;
  return (key, values = {}) =>
    (key.startsWith('patterns:') ? lookup(patterns, key.slice(9)) : lookup(alerts, key)).replace(
      /\{\{(\w+)\}\}/g,
      (_m, k: string) => String(values[k]),
    );
}

// Intl puts non-breaking spaces in money and some dates: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('notificationLineText', () => {
  const pattern = {
    kind: 'pattern' as const,
    pattern: 'inverse_head_and_shoulders' as const,
    direction: 'buy' as const,
    breakout_date: '2026-11-20',
    target_zone: [412, 430] as [number, number],
    invalidation: 355.5,
  };

  it('says a completed pattern in Investtech’s words (nb) and in English', () => {
    expect(plain(notificationLineText(translator('nb'), pattern, { currency: 'NOK', locale: 'nb' }))).toBe(
      'Kjøpssignal fra omvendt hode-og-skulder-formasjon (brudd 20. nov. 2026), kursmål 412–430, ugyldig under 355,5',
    );
    expect(
      plain(
        notificationLineText(
          translator('en'),
          { ...pattern, direction: 'sell', pattern: 'double_top' },
          {
            currency: 'USD',
            locale: 'en',
          },
        ),
      ),
    ).toBe(
      'Pattern sell signal: double top (breakout Nov 20, 2026), price target 412–430, invalid above 355.5',
    );
  });

  it('says an ex-date with the holding’s amount (3.5 × 40 = 140), in the dividend’s currency', () => {
    const line = {
      kind: 'ex_date' as const,
      ex_date: '2026-11-20',
      pay_date: null,
      amount: 3.5,
      currency: 'USD',
      quantity: 40,
    };
    expect(plain(notificationLineText(translator('en'), line, { currency: 'USD', locale: 'en' }))).toBe(
      'Ex-dividend Nov 20, 2026: $3.50 per share for your 40 shares ($140.00)',
    );
  });
});

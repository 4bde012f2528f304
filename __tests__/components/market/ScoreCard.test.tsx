import { screen, within } from '@testing-library/react';
import ScoreCard, { explainComponent } from '@/components/market/ScoreCard';
import type { Timeframe } from '@/lib/constants';
import { formatPercent } from '@/lib/format';
import { createTestI18n, type MockRouter } from '../common/shellHelpers';
import { tickerDetail } from './marketFixtures';
import { marketRouter, renderMarket, type Lang } from './renderMarket';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

/** A detail whose score is exactly its components' weighted sum (DESIGN.md §6). */
function consistent(
  components: { trend: number; support_resistance: number; momentum: number; volume: number },
  timeframe: Timeframe = 2,
) {
  const score =
    0.4 * components.trend +
    0.2 * components.support_resistance +
    0.2 * components.momentum +
    0.2 * components.volume;
  // momentum = clamp((RSI - 50) / 30)  =>  RSI = 50 + 30 * momentum (inside the clamp)
  const rsi = 50 + 30 * components.momentum;
  return tickerDetail({
    analysis: {
      timeframe,
      components,
      technical_score: score,
      signal: score >= 0.5 ? 'buy' : score <= -0.5 ? 'sell' : 'hold',
      rsi,
      volbal_5: components.volume,
      volbal_22: components.volume,
      volbal_66: components.volume,
    },
  });
}

describe.each(['nb', 'en'] as Lang[])(
  'explainComponent (%s): plain words that match DESIGN.md §6',
  (locale) => {
    const i18n = createTestI18n(locale);
    const t = i18n.getFixedT(locale, 'analysis');
    const base = { trend: 0.5, support_resistance: 0, momentum: 0, volume: 0 };

    it.each([
      [1, 'breakUp'],
      [-1, 'breakDown'],
      [0.5, 'roomUp'],
      [-0.5, 'roomDown'],
      [0, 'neutral'],
    ])('support/resistance %s -> %s', (value, key) => {
      const detail = consistent({ ...base, support_resistance: value });
      expect(explainComponent('support_resistance', detail, t, locale)).toBe(t(`explain.sr.${key}`));
    });

    it.each([
      [0.47, 'up'],
      [-0.6, 'down'],
      [0, 'even'],
    ])('momentum %s (RSI = 50 + 30 × momentum) -> %s', (momentum, key) => {
      const detail = consistent({ ...base, momentum });
      const text = explainComponent('momentum', detail, t, locale);
      expect(text).toBe(
        t(`explain.momentum.${key}`, {
          rsi: new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-US', {
            maximumFractionDigits: 1,
          }).format(50 + 30 * momentum),
        }),
      );
    });

    it.each([
      [1, 5],
      [2, 22],
      [3, 66],
    ] as const)(
      'the volume component of timeframe %s is the %s-session volume balance',
      (timeframe, sessions) => {
        const detail = consistent({ ...base, volume: -0.3 }, timeframe);
        expect(explainComponent('volume', detail, t, locale)).toBe(
          t('explain.volume.down', {
            sessions,
            pct: formatPercent(-0.3, locale, { decimals: 0, signed: true }),
          }),
        );
        expect(
          explainComponent('volume', consistent({ ...base, volume: 0.02 }, timeframe), t, locale),
        ).toContain(
          t('explain.volume.even', {
            sessions,
            pct: formatPercent(0.02, locale, { decimals: 0, signed: true }),
          }),
        );
      },
    );

    it('trend: the channel’s direction and slope, and where the last close is', () => {
      const detail = consistent({ ...base, trend: 0.8 });
      const slope = formatPercent(0.234, locale, { decimals: 0, signed: true });
      // The fixture's last close (118.5) is between the channel's end values (110 and 125).
      expect(explainComponent('trend', detail, t, locale)).toBe(
        `${t('explain.trend.rising', { slope })} ${t('explain.trend.inside')}`,
      );
      detail.analysis.trend.upper = [100, 115];
      expect(explainComponent('trend', detail, t, locale)).toContain(t('explain.trend.above'));
      detail.analysis.trend = {
        ...detail.analysis.trend,
        direction: 'falling',
        slope_pct_per_year: -31,
        lower: [130, 120],
        upper: [140, 130],
      };
      expect(explainComponent('trend', detail, t, locale)).toBe(
        `${t('explain.trend.falling', { slope: formatPercent(-0.31, locale, { decimals: 0, signed: true }) })} ${t('explain.trend.below')}`,
      );
    });
  },
);

describe.each(['nb', 'en'] as Lang[])('ScoreCard (%s)', (locale) => {
  beforeEach(() => {
    mockRouter = marketRouter('/market/analysis', {}, locale);
  });

  it('shows the score, the signal, each weight and the sum that gives the score', () => {
    const detail = consistent({ trend: 0.8, support_resistance: 1, momentum: 0.5, volume: 0.25 });
    // 0.4 × 0.8 + 0.2 × 1 + 0.2 × 0.5 + 0.2 × 0.25 = 0.32 + 0.2 + 0.1 + 0.05 = 0.67
    const { t } = renderMarket(<ScoreCard detail={detail} />, locale);
    const dec = locale === 'nb' ? ',' : '.';
    expect(screen.getByTestId('technical-score')).toHaveTextContent(`+0${dec}67`);
    expect(screen.getByText(t('market:signal.buy'))).toBeInTheDocument();
    const trend = document.querySelector('[data-component="trend"]') as HTMLElement;
    expect(within(trend).getByText(t('analysis:score.weight', { weight: '40' }))).toBeInTheDocument();
    const volume = document.querySelector('[data-component="volume"]') as HTMLElement;
    expect(within(volume).getByText(t('analysis:score.weight', { weight: '20' }))).toBeInTheDocument();
    expect(
      within(volume).getByText(t('analysis:components.volume.rule', { sessions: 22 })),
    ).toBeInTheDocument();
    const sum = `0${dec}4 × +0${dec}80 + 0${dec}2 × +1${dec}00 + 0${dec}2 × +0${dec}50 + 0${dec}2 × +0${dec}25`;
    expect(screen.getByText(t('analysis:score.formula', { sum, score: `+0${dec}67` }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('analysis:score.howWeCalculate') })).toHaveAttribute(
      'href',
      '/help/about-our-analysis',
    );
  });
});

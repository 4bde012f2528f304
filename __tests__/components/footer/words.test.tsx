// Issue 24 item 11: the footer's year comes from the clock, one name per index in each language,
// and the chart axis reads in the reader's word order. Expected strings written out by hand.
import { render, screen } from '@testing-library/react';
import { format } from 'date-fns';
import { nb, enUS } from 'date-fns/locale';
import AppFooter from '@/components/footer/AppFooter';
import { axisDateFormats } from '@/components/charts/axisDateFormats';
import nbCommon from '@/public/locales/nb/common.json';
import enCommon from '@/public/locales/en/common.json';

jest.mock('next-i18next/pages', () => ({
  useTranslation: () => ({
    t: (key: string, opts?: { year?: number }) =>
      key === 'footer.copyright' ? `© ${opts?.year} Trendvakt` : key,
  }),
}));

describe('the words', () => {
  afterEach(() => jest.useRealTimers());

  it('writes the current year in the footer, not 2023', () => {
    jest.useFakeTimers({ now: new Date('2031-05-02T12:00:00Z') });
    render(<AppFooter />);
    expect(screen.getByText('© 2031 Trendvakt')).toBeInTheDocument();
  });

  it('gives each index one name per language', () => {
    expect(nbCommon.indexNames).toEqual({
      '160': 'Hovedindeksen (OSEBX)',
      '226': 'NASDAQ-100-indeksen (NDX)',
    });
    expect(enCommon.indexNames).toEqual({
      '160': 'Oslo Børs Benchmark Index (OSEBX)',
      '226': 'NASDAQ-100 Index (NDX)',
    });
    expect(enCommon.markets['226']).toBe('US Stocks');
    expect(nbCommon.markets['226']).toBe('Amerikanske aksjer');
  });

  it('puts the day first on a Norwegian axis ("31. juli", not "juli 31")', () => {
    const day = new Date(2026, 6, 31);
    expect(format(day, axisDateFormats('nb').day, { locale: nb })).toBe('31. juli');
    expect(format(day, axisDateFormats('en').day, { locale: enUS })).toBe('Jul 31');
  });
});

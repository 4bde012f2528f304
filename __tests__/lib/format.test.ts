import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
} from '@/lib/format';

// Intl uses a no-break (U+00A0) or narrow no-break (U+202F) space in Norwegian numbers.
const normalise = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

describe('lib/format', () => {
  it('formats numbers per locale', () => {
    expect(normalise(formatNumber(1234567.891, 'nb'))).toBe('1 234 567,89');
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatNumber(0.5, 'en', 0)).toBe('1');
  });

  it('formats money in the value’s currency', () => {
    expect(normalise(formatMoney(1234.5, 'NOK', 'nb'))).toBe('1 234,50 kr');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(normalise(formatMoney(-12, 'USD', 'nb'))).toBe('-12,00 USD');
  });

  it('formats ratios as percentages, signed on request', () => {
    expect(normalise(formatPercent(0.1234, 'nb'))).toBe('12,34 %');
    expect(formatPercent(0.1234, 'en')).toBe('12.34%');
    expect(formatPercent(0.05, 'en', { signed: true, decimals: 1 })).toBe('+5.0%');
    expect(normalise(formatPercent(-0.05, 'en', { signed: true, decimals: 1 }))).toBe('-5.0%');
  });

  it('shows a dash for missing values', () => {
    expect(formatNumber(null, 'nb')).toBe('–');
    expect(formatMoney(Number.NaN, 'NOK', 'nb')).toBe('–');
    expect(formatPercent(undefined, 'en')).toBe('–');
    expect(formatDate('not a date', 'en')).toBe('–');
    expect(formatDateTime(null, 'en')).toBe('–');
  });

  it('formats calendar dates without shifting the day', () => {
    expect(formatDate('2024-11-22', 'nb', 'short')).toBe('22.11.2024');
    expect(formatDate('2024-11-22', 'en', 'short')).toBe('11/22/2024');
    expect(formatDate('2024-01-01', 'en')).toBe('Jan 1, 2024');
    expect(formatDate('2024-11-22', 'nb', 'long')).toBe('22. november 2024');
  });

  it('shortens large numbers', () => {
    expect(formatCompact(1_234_000, 'en')).toBe('1.2M');
    expect(normalise(formatCompact(1_234_000, 'nb'))).toMatch(/^1,2 mill/);
  });

  it('falls back to Norwegian for an unknown locale', () => {
    expect(normalise(formatNumber(1000.5, undefined))).toBe('1 000,5');
  });
});

/** @jest-environment node */
import { conversionFactor, createFxRateOn, MissingFxRateError } from '@/server/domain/portfolio';
import { s } from './helpers';

describe('USD/NOK lookup', () => {
  // Given out of order on purpose: the lookup sorts its copy.
  const fxRateOn = createFxRateOn([
    { date: '2024-01-05', rate: '10.8' },
    { date: '2024-01-02', rate: '10.2' },
    { date: '2024-01-03', rate: '10.4' },
  ]);

  it.each([
    ['2024-01-02', '10.2'], // exact first
    ['2024-01-03', '10.4'], // exact
    ['2024-01-04', '10.4'], // a gap (holiday): the rate on or before
    ['2024-01-05', '10.8'], // exact last
    ['2030-01-01', '10.8'], // after the series: the latest
    ['2023-12-29', '10.2'], // before the series: back-filled with the first
  ])('on %s is %s', (date, rate) => {
    expect(s(fxRateOn(date))).toBe(rate);
  });

  it('an empty series throws MissingFxRateError on lookup', () => {
    expect(() => createFxRateOn([])('2024-01-02')).toThrow(MissingFxRateError);
  });

  it('rejects a non-positive or non-finite rate when the series is made, not at a lookup', () => {
    expect(() => createFxRateOn([{ date: '2024-01-02', rate: 0 }])).toThrow(RangeError);
    expect(() => createFxRateOn([{ date: '2024-01-02', rate: -10.5 }])).toThrow(RangeError);
    expect(() => createFxRateOn([{ date: '2024-01-02', rate: Number.NaN }])).toThrow(RangeError);
    expect(() => createFxRateOn([{ date: '2024-01-02', rate: Infinity }])).toThrow(RangeError);
    expect(() => createFxRateOn([{ date: '2024-01-02', rate: '-1' }])).toThrow(RangeError);
  });

  it('reads rates given as numbers (a read series) to their shortest decimal, the same Decimal each time', () => {
    const read = createFxRateOn([
      { date: '2024-01-02', rate: 10.2 },
      { date: '2024-01-03', rate: 10.45 },
    ]);
    expect(s(read('2024-01-04'))).toBe('10.45');
    expect(read('2024-01-04')).toBe(read('2024-01-03'));
  });

  it('converts between currencies', () => {
    // USD→NOK = rate; NOK→USD = 1/rate (1/10.4 = 0.0961538…); same currency = 1 without a lookup
    expect(s(conversionFactor('USD', 'NOK', fxRateOn, '2024-01-03'))).toBe('10.4');
    expect(
      conversionFactor('NOK', 'USD', fxRateOn, '2024-01-03').mul('10.4').toDecimalPlaces(30).toString(),
    ).toBe('1');
    expect(s(conversionFactor('NOK', 'NOK', createFxRateOn([]), '2024-01-03'))).toBe('1');
  });
});

import {
  createPortfolioSchema,
  createTransactionSchema,
  latestCalendarDate,
  localIsoDate,
  toDecimalString,
  updateTransactionSchema,
  taxQuerySchema,
  yearInTimeZone,
} from '@/lib/schemas/portfolio';
import { updateUserSchema } from '@/lib/schemas/user';
import { articleCreateSchema } from '@/lib/schemas/article';

const TODAY = '2025-03-14';
const valid = { portfolio_id: 1, ticker_id: 2, date: '2025-03-14', event_id: 1, quantity: 10, price: 99.5 };

describe('portfolio schemas', () => {
  it.each([
    [12, '12'],
    [0.1, '0.1'],
    [1e-7, '0.0000001'],
    ['1 234,50', '1234.5'],
    ['007.100', '7.1'],
    ['-0', '0'],
    ['abc', null],
    ['1.2.3', null],
    [Number.NaN, null],
    [true, null],
  ])('reads %p as the decimal %p', (input, expected) => {
    expect(toDecimalString(input)).toBe(expected);
  });

  it('turns amounts into exact decimal strings, trims the comment and defaults the fee to 0', () => {
    const parsed = createTransactionSchema(TODAY).parse({ ...valid, quantity: '0,5', comment: '  hei ' });
    expect(parsed).toEqual({
      ...valid,
      quantity: '0.5',
      price: '99.5',
      fee: '0',
      split_to: null,
      split_from: null,
      withholding_tax: null,
      fx_rate: null,
      comment: 'hei',
    });
  });

  it('refuses tomorrow and accepts today (the caller’s today)', () => {
    expect(createTransactionSchema(TODAY).safeParse({ ...valid, date: '2025-03-15' }).success).toBe(false);
    expect(createTransactionSchema('2025-03-15').safeParse({ ...valid, date: '2025-03-15' }).success).toBe(
      true,
    );
  });

  it('stores a split at price 0 and accepts digit strings as ids', () => {
    const parsed = createTransactionSchema(TODAY).parse({
      ...valid,
      event_id: '4',
      ticker_id: '2',
      quantity: '0.1',
      price: 12,
    });
    expect(parsed).toMatchObject({ event_id: 4, ticker_id: 2, quantity: '0.1', price: '0' });
  });

  it('does not coerce booleans into ids or events', () => {
    const result = createTransactionSchema(TODAY).safeParse({ ...valid, ticker_id: true, event_id: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['event_id', 'ticker_id']);
  });

  it('needs the transaction id when editing, and keeps a fee that is left out undefined', () => {
    expect(
      updateTransactionSchema(TODAY).safeParse({ date: TODAY, event_id: 1, quantity: 1, price: 1 }).success,
    ).toBe(false);
    const parsed = updateTransactionSchema(TODAY).parse({
      portfolio_transaction_id: 5,
      date: TODAY,
      event_id: 2,
      quantity: 1.5,
      price: 1,
    });
    expect(parsed.fee).toBeUndefined();
    expect(parsed.quantity).toBe('1.5');
  });

  it('trims portfolio names and limits them to 1..100 characters', () => {
    expect(createPortfolioSchema.parse({ portfolio_name: ' Sparing ' })).toEqual({
      portfolio_name: 'Sparing',
      description: '',
      subscription: false,
      base_currency: 'NOK',
      account_type: 'ordinary',
    });
    expect(createPortfolioSchema.safeParse({ portfolio_name: '' }).success).toBe(false);
    expect(createPortfolioSchema.safeParse({ portfolio_name: 'x'.repeat(101) }).success).toBe(false);
  });

  // PostgreSQL cannot store U+0000 in text: found by the API fuzz test as a 500 on PUT /portfolios.
  it('refuses a NUL character in every stored text (name, description, comment, profile names)', () => {
    const nul = String.fromCharCode(0);
    const name = createPortfolioSchema.safeParse({ portfolio_name: nul });
    expect(name.success).toBe(false);
    expect(name.error?.issues[0]).toMatchObject({
      path: ['portfolio_name'],
      message: 'Must not contain a NUL character',
    });
    expect(createPortfolioSchema.safeParse({ portfolio_name: 'A', description: `a${nul}b` }).success).toBe(
      false,
    );
    expect(createTransactionSchema(TODAY).safeParse({ ...valid, comment: `kjøp${nul}` }).success).toBe(false);
    expect(updateUserSchema.safeParse({ first_name: `Å${nul}se`, last_name: 'Ødegård' }).success).toBe(false);
    expect(
      articleCreateSchema.safeParse({ language: 'nb', title: 'Tittel', body_markdown: `x${nul}` }).success,
    ).toBe(false);
    // Other control characters are stored as they are (a tab in a comment is fine).
    expect(createTransactionSchema(TODAY).safeParse({ ...valid, comment: 'a\tb' }).success).toBe(true);
  });

  it('computes the server’s and the device’s today', () => {
    // 23:30 UTC is already the next day at UTC+14
    expect(latestCalendarDate(new Date('2025-03-14T23:30:00Z'))).toBe('2025-03-15');
    expect(latestCalendarDate(new Date('2025-03-14T09:00:00Z'))).toBe('2025-03-14');
    expect(localIsoDate(new Date(2025, 0, 5, 12))).toBe('2025-01-05');
  });
});

describe('tax year in the user time zone (issue 13)', () => {
  it('is the calendar year where the user is, not in UTC', () => {
    // 2024-12-31 23:30 UTC is 00:30 on 1 January 2025 in Oslo (UTC+1) and 18:30 on 31 December in New York
    const now = new Date('2024-12-31T23:30:00Z');
    expect(yearInTimeZone(now, 'Europe/Oslo')).toBe(2025);
    expect(yearInTimeZone(now, 'America/New_York')).toBe(2024);
  });

  it('defaults to Europe/Oslo and refuses an unknown zone', () => {
    expect(taxQuerySchema.parse({})).toEqual({ tz: 'Europe/Oslo' });
    expect(taxQuerySchema.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
  });
});

// Issue 21: the transaction schemas accept deposits and withdrawals (no ticker, quantity 1, the
// amount in price), withholding tax on a dividend and a trade's own exchange rate, with a clear
// error on the field that breaks a rule; a portfolio's account type is 'ordinary' or 'ask'.
import {
  createPortfolioSchema,
  createTransactionSchema,
  newTransactionSchema,
  updatePortfolioSchema,
  updateTransactionSchema,
} from '@/lib/schemas/portfolio';

const TODAY = '2025-03-14';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('cash events', () => {
  it('takes a deposit without ticker or quantity and stores quantity 1', () => {
    const parsed = createTransactionSchema(TODAY).parse({
      portfolio_id: 1,
      date: '2025-01-02',
      event_id: 5,
      price: '10 000',
      fee: 0,
    });
    expect(parsed).toMatchObject({
      ticker_id: null,
      event_id: 5,
      quantity: '1',
      price: '10000',
      fee: '0',
      withholding_tax: null,
      fx_rate: null,
      split_to: null,
      split_from: null,
    });
  });

  it('names the field of each broken rule', () => {
    const schema = createTransactionSchema(TODAY);
    expect(
      issues(
        schema.safeParse({ portfolio_id: 1, ticker_id: 2, date: TODAY, event_id: 6, quantity: 2, price: 0 }),
      ),
    ).toEqual([
      'ticker_id: A deposit or withdrawal has no ticker',
      'quantity: A deposit or withdrawal has quantity 1',
      'price: The amount must be greater than 0',
    ]);
    expect(
      issues(schema.safeParse({ portfolio_id: 1, date: TODAY, event_id: 1, quantity: 1, price: 5 })),
    ).toEqual(['ticker_id: Required']);
    expect(
      issues(schema.safeParse({ portfolio_id: 1, ticker_id: 2, date: TODAY, event_id: 1, price: 5 })),
    ).toEqual(['quantity: Required']);
  });

  it('keeps a withdrawal a cash event on update', () => {
    const parsed = updateTransactionSchema(TODAY).parse({
      portfolio_transaction_id: 9,
      date: TODAY,
      event_id: 6,
      price: 250,
    });
    expect(parsed).toMatchObject({ event_id: 6, quantity: '1', price: '250' });
  });
});

describe('withholding tax and a trade’s rate', () => {
  const dividend = { portfolio_id: 1, ticker_id: 3, date: TODAY, event_id: 3, quantity: 10, price: '0.24' };

  it('accepts withholding up to the gross dividend and a positive rate', () => {
    // 10 × 0.24 = 2.40 gross: 0.36 (15 %) is allowed, so is all of it.
    const parsed = createTransactionSchema(TODAY).parse({
      ...dividend,
      withholding_tax: '0,36',
      fx_rate: 10.52,
    });
    expect(parsed).toMatchObject({ withholding_tax: '0.36', fx_rate: '10.52' });
    expect(createTransactionSchema(TODAY).safeParse({ ...dividend, withholding_tax: '2.4' }).success).toBe(
      true,
    );
    // 0 withheld is stored as none.
    expect(
      createTransactionSchema(TODAY).parse({ ...dividend, withholding_tax: 0 }).withholding_tax,
    ).toBeNull();
  });

  it('refuses withholding above the gross, on another event, and a rate of 0', () => {
    const schema = newTransactionSchema(TODAY);
    expect(issues(schema.safeParse({ ...dividend, withholding_tax: '2.41' }))).toEqual([
      'withholding_tax: Withholding tax cannot exceed the gross dividend (quantity × amount per share)',
    ]);
    expect(issues(schema.safeParse({ ...dividend, event_id: 1, withholding_tax: 1 }))).toEqual([
      'withholding_tax: Only a dividend has withholding tax',
    ]);
    expect(issues(schema.safeParse({ ...dividend, withholding_tax: -1 }))).toEqual([
      'withholding_tax: Must not be negative',
    ]);
    expect(issues(schema.safeParse({ ...dividend, fx_rate: 0 }))).toEqual([
      'fx_rate: Must be greater than 0',
    ]);
  });
});

describe('account type', () => {
  it("defaults to 'ordinary', takes 'ask' and refuses anything else", () => {
    expect(createPortfolioSchema.parse({ portfolio_name: 'A' }).account_type).toBe('ordinary');
    expect(createPortfolioSchema.parse({ portfolio_name: 'A', account_type: 'ask' }).account_type).toBe(
      'ask',
    );
    expect(issues(createPortfolioSchema.safeParse({ portfolio_name: 'A', account_type: 'ips' }))).toEqual([
      "account_type: Must be 'ordinary' or 'ask'",
    ]);
    expect(
      updatePortfolioSchema.parse({ portfolio_id: 1, portfolio_name: 'A' }).account_type,
    ).toBeUndefined();
  });
});

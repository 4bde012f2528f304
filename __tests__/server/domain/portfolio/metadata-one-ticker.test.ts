/** @jest-environment node */
import { computeTickerMetadata, toTickerMetadataDto } from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, tx } from './helpers';

describe('portfolio metadata for one ticker', () => {
  const history = [
    tx(1, 5, '2024-01-02', BUY, 10, 100, 10), // cost 1010, avg 101
    tx(2, 6, '2024-01-03', BUY, 1, 1), // another ticker: ignored
    tx(3, 5, '2024-03-04', DIVIDEND, 10, 2), // dividends 20
    tx(4, 5, '2024-05-06', SELL, 4, 120, 6), // realized 4*(120-101) - 6 = 70; cost 1010 - 404 = 606
    tx(5, 6, '2024-06-01', SELL, 50, 1), // another ticker's invalid sell does not matter here
  ];

  it('summarises the ticker’s history', () => {
    expect(toTickerMetadataDto(computeTickerMetadata(history, 5))).toEqual({
      quantity: 6,
      avg_price: 101,
      cost: 606,
      realized: 70,
      dividends: 20,
      fees: 16,
      first_date: '2024-01-02',
      last_date: '2024-05-06',
      transaction_count: 3,
    });
  });

  it('is zeros and null dates for a ticker without transactions', () => {
    expect(toTickerMetadataDto(computeTickerMetadata(history, 42))).toEqual({
      quantity: 0,
      avg_price: 0,
      cost: 0,
      realized: 0,
      dividends: 0,
      fees: 0,
      first_date: null,
      last_date: null,
      transaction_count: 0,
    });
  });
});

// Issue 37: several accounts in one Nordnet file. The parser lists each account of the Portefølje
// column (Depå, Depot, Salkku in Swedish, Danish, Finnish) with its rows, last Saldo and currency,
// and with `account` reads only that account's rows. Expected values by hand in the fixture's comments.
import Decimal from 'decimal.js';
import { parseNordnetCsv } from '@/server/domain/portfolio';
import type { NordnetLanguage } from '../../../helpers/nordnetFiles';
import {
  ACCOUNT_ASK,
  ACCOUNT_FUNDS,
  ACCOUNT_ORDINARY,
  ACCOUNT_US,
  FOUR_ACCOUNT_ROWS,
} from '../../../helpers/nordnetFourAccounts';
import { realNordnetFile } from '../../../helpers/nordnetRealFiles';

const DEPOSIT = 5;
const WITHDRAWAL = 6;
const INTEREST = 10;
const FEE = 11;

/** The account's cash after its parsed rows, in the account's currency (trades by Beløp: the fixture's rows state no fee in another currency). */
function cashOf(rows: ReturnType<typeof parseNordnetCsv>['rows']): string {
  let cash = new Decimal(0);
  for (const r of rows) {
    const gross = r.price.mul(r.quantity);
    const inAccount = r.fxRate ? gross.mul(r.fxRate) : gross;
    if (r.eventId === DEPOSIT || r.eventId === INTEREST) cash = cash.plus(gross);
    else if (r.eventId === WITHDRAWAL || r.eventId === FEE) cash = cash.minus(gross);
    else if (r.eventId === 1) cash = cash.minus(inAccount).minus(r.fee);
    else if (r.eventId === 2) cash = cash.plus(inAccount).minus(r.fee);
    else if (r.eventId === 3) cash = cash.plus(inAccount).minus(r.fee);
  }
  return cash.toFixed(2);
}

describe.each<NordnetLanguage>(['nb', 'sv', 'da', 'fi'])(
  'a Nordnet file with four accounts (%s headers)',
  (language) => {
    const file = realNordnetFile(FOUR_ACCOUNT_ROWS, language);

    it('lists every account with its rows, last Saldo and currency, by account number', () => {
      const all = parseNordnetCsv(file);
      expect(all.accounts?.map((a) => [a.account, a.rows, a.balance?.toFixed() ?? null, a.currency])).toEqual(
        [
          [ACCOUNT_ORDINARY, 4, '82952', 'NOK'],
          [ACCOUNT_ASK, 3, '30000', 'NOK'],
          [ACCOUNT_US, 3, '25012.5', 'NOK'],
          [ACCOUNT_FUNDS, 3, '9475', 'NOK'],
        ],
      );
      expect(all.errors).toEqual([]);
      expect(all.rows).toHaveLength(13);
    });

    it.each([
      // 100 000 − 30 099 + 12 751 + 300 = 82 952
      [ACCOUNT_ORDINARY, ['5001', '5005', '5010', '5015'], '82952.00'],
      // 50 000 − 15 500 − 4 500 = 30 000
      [ACCOUNT_ASK, ['5002', '5006', '5011'], '30000.00'],
      // 40 000 − 10 × 150 × 10 + 12,50 = 25 012,50
      [ACCOUNT_US, ['5003', '5007', '5012'], '25012.50'],
      // 20 000 − 10 500 − 25 = 9 475
      [ACCOUNT_FUNDS, ['5004', '5008', '5013'], '9475.00'],
    ])('account=%s reads only its rows; its cash ends at its own last Saldo', (account, ids, cash) => {
      const one = parseNordnetCsv(file, { account });
      expect(one.errors).toEqual([]);
      expect(one.review).toEqual([]);
      expect(one.rows.map((r) => r.externalId)).toEqual(ids);
      expect(cashOf(one.rows)).toBe(cash);
      expect(one.lastBalance?.toFixed(2)).toBe(cash);
      // still every account listed, so the dialog can offer the others
      expect(one.accounts).toHaveLength(4);
    });

    it('an account the file does not hold reads no rows', () => {
      const none = parseNordnetCsv(file, { account: '99999999' });
      expect(none.rows).toEqual([]);
      expect(none.lastBalance).toBeNull();
    });
  },
);

describe('a file without a Portefølje column', () => {
  it('lists no accounts (the single account is the file)', () => {
    // The account column (index 4) removed from every line of a one-account file.
    const text = realNordnetFile([FOUR_ACCOUNT_ROWS[0]])
      .subarray(2)
      .toString('utf16le')
      .split('\r\n')
      .map((l) =>
        l
          .split('\t')
          .filter((_, i) => i !== 4)
          .join('\t'),
      )
      .join('\r\n');
    const parsed = parseNordnetCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(parsed.errors).toEqual([]);
    expect(parsed.accounts).toBeUndefined();
    expect(parsed.lastBalance?.toFixed()).toBe('100000');
  });
});

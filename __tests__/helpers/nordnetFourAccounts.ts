/**
 * Issue 37: one Nordnet export with four accounts in its Portefølje column, in the real layout
 * (./nordnetRealFiles: 30 columns, UTF-16LE with a BOM, newest row first). The values are our own;
 * each account's holdings and cash are worked out by hand beside its rows and in FOUR_ACCOUNTS_EXPECTED.
 * Used by the parser test, the API test, the dialog's component test and the browser journey.
 */
import type { RealRow } from './nordnetRealFiles';

export const ACCOUNT_ORDINARY = '18250011';
export const ACCOUNT_ASK = '18250029';
export const ACCOUNT_US = '18250037';
export const ACCOUNT_FUNDS = '18250045';

export const EQNR = { security: 'EQNR', isin: 'NO0010096985' };
export const AAPL = { security: 'AAPL', isin: 'US0378331005' };
export const FUND = { security: 'KLP AksjeNorden Indeks', isin: 'NO0010900019' };

/** Grouped by account here for reading; FOUR_ACCOUNT_ROWS puts them in date order. */
const BY_ACCOUNT: RealRow[] = [
  // --- 18250011, an ordinary account ---
  // 100 000 in → 100 000
  {
    id: '5001',
    date: '2024-01-02',
    account: ACCOUNT_ORDINARY,
    type: 'INNSKUDD',
    amount: '100 000',
    balance: '100 000',
  },
  // 100 EQNR × 300 + 99 fee = 30 099 out → 69 901
  {
    id: '5005',
    date: '2024-01-10',
    account: ACCOUNT_ORDINARY,
    type: 'KJØPT',
    ...EQNR,
    quantity: '100',
    price: '300',
    fees: '99',
    amount: '-30 099',
    totalQuantity: '100',
    balance: '69 901',
  },
  // 40 EQNR × 320 − 49 fee = 12 751 in → 82 652; cost left 30 099 × 60 / 100 = 18 059,40
  {
    id: '5010',
    date: '2024-03-05',
    account: ACCOUNT_ORDINARY,
    type: 'SALG',
    ...EQNR,
    quantity: '-40',
    price: '320',
    fees: '49',
    amount: '12 751',
    totalQuantity: '60',
    balance: '82 652',
  },
  // dividend 60 × 5 = 300 in → 82 952
  {
    id: '5015',
    date: '2024-05-20',
    account: ACCOUNT_ORDINARY,
    type: 'UTBYTTE',
    ...EQNR,
    quantity: '60',
    price: '5',
    amount: '300',
    totalQuantity: '60',
    balance: '82 952',
  },

  // --- 18250029, an aksjesparekonto ---
  // 50 000 in → 50 000
  {
    id: '5002',
    date: '2024-01-03',
    account: ACCOUNT_ASK,
    type: 'INNSKUDD',
    amount: '50 000',
    balance: '50 000',
  },
  // 50 EQNR × 310 = 15 500 out → 34 500
  {
    id: '5006',
    date: '2024-01-11',
    account: ACCOUNT_ASK,
    type: 'KJØPT',
    ...EQNR,
    quantity: '50',
    price: '310',
    amount: '-15 500',
    totalQuantity: '50',
    balance: '34 500',
  },
  // 4 500 out → 30 000
  {
    id: '5011',
    date: '2024-04-02',
    account: ACCOUNT_ASK,
    type: 'UTTAK',
    amount: '-4 500',
    balance: '30 000',
  },

  // --- 18250037, US shares in a NOK account ---
  // 40 000 in → 40 000
  {
    id: '5003',
    date: '2024-01-04',
    account: ACCOUNT_US,
    type: 'INNSKUDD',
    amount: '40 000',
    balance: '40 000',
  },
  // 10 AAPL × 150 USD at 10 NOK/USD = 15 000 NOK out → 25 000
  {
    id: '5007',
    date: '2024-02-01',
    account: ACCOUNT_US,
    type: 'KJØPT',
    ...AAPL,
    quantity: '10',
    price: '150',
    amount: '-15 000',
    rate: '10',
    totalQuantity: '10',
    balance: '25 000',
  },
  // interest 12,50 in → 25 012,50
  { id: '5012', date: '2024-06-28', account: ACCOUNT_US, type: 'RENTE', amount: '12,5', balance: '25 012,5' },

  // --- 18250045, a fund the universe does not list ---
  // 20 000 in → 20 000
  {
    id: '5004',
    date: '2024-01-05',
    account: ACCOUNT_FUNDS,
    type: 'INNSKUDD',
    amount: '20 000',
    balance: '20 000',
  },
  // 10,5 units × 1 000 = 10 500 out → 9 500
  {
    id: '5008',
    date: '2024-02-12',
    account: ACCOUNT_FUNDS,
    type: 'KJØPT',
    ...FUND,
    quantity: '10,5',
    price: '1 000',
    amount: '-10 500',
    totalQuantity: '10,5',
    balance: '9 500',
  },
  // platform fee 25 out → 9 475
  {
    id: '5013',
    date: '2024-03-28',
    account: ACCOUNT_FUNDS,
    type: 'PLATTFORMAVGIFT',
    amount: '-25',
    balance: '9 475',
  },
];

/** Oldest first, the accounts interleaved by date (realNordnetFile writes them newest first, as Nordnet does). */
export const FOUR_ACCOUNT_ROWS: RealRow[] = [...BY_ACCOUNT].sort((a, b) =>
  a.date !== b.date ? (a.date < b.date ? -1 : 1) : Number(a.id) - Number(b.id),
);

/** Each account's rows, last Saldo, holdings (ISIN → quantity, cost in the share's currency), by hand above. */
export const FOUR_ACCOUNTS_EXPECTED = [
  {
    account: ACCOUNT_ORDINARY,
    rows: 4,
    balance: '82952',
    holdings: { [EQNR.isin]: { quantity: 60, cost: 18059.4, dividends: 300 } },
  },
  {
    account: ACCOUNT_ASK,
    rows: 3,
    balance: '30000',
    holdings: { [EQNR.isin]: { quantity: 50, cost: 15500, dividends: 0 } },
  },
  {
    account: ACCOUNT_US,
    rows: 3,
    balance: '25012.5',
    holdings: { [AAPL.isin]: { quantity: 10, cost: 1500, dividends: 0 } },
  },
  {
    account: ACCOUNT_FUNDS,
    rows: 3,
    balance: '9475',
    holdings: { [FUND.isin]: { quantity: 10.5, cost: 10500, dividends: 0 } },
  },
] as const;

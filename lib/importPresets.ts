import type { ImportMapping, MappedKind } from '@/lib/schemas/importMapping';

/**
 * Mappings for the big foreign brokers' exports (issue 37 item 3), one click in the import dialog
 * and `format=mapped&preset=NAME` in the API. Each is the layout the broker really writes, as
 * published by open-source importers (Export-To-Ghostfolio's samples, Halir's DEGIRO column
 * notes, GhostfolioSidekick's DEGIRO record): the columns, type words, date format, decimal
 * separator and direction rule. Our fixtures in __tests__/server/domain/portfolio/fixtures/
 * brokerPresetFiles.ts are written in these layouts with our own values.
 *
 * Known limits, said here and in docs/import-mapped.md: a trade's fee is read in the trade's
 * currency (DEGIRO and Avanza state it in the account's currency); Saxo's export has no fee column
 * (its amount includes the commission), so Saxo trades carry no fee.
 */

export const IMPORT_PRESET_NAMES = [
  'ibkr-flex-trades',
  'ibkr-flex-dividends',
  'degiro-transactions',
  'degiro-account',
  'saxo',
  'avanza',
] as const;
export type ImportPresetName = (typeof IMPORT_PRESET_NAMES)[number];

export interface ImportPreset {
  name: ImportPresetName;
  /** The broker and export, as the dialog lists it (a proper name: the same in nb and en). */
  label: string;
  /** The file the broker's site calls it, to help the user pick the right one. */
  file: string;
  mapping: ImportMapping;
}

const words = (list: [string, MappedKind][]) => list.map(([word, kind]) => ({ word, kind }));

export const IMPORT_PRESETS: Record<ImportPresetName, ImportPreset> = {
  // Flex Query, section Trades, CSV with column headers; Date Format yyyyMMdd (the default).
  // Quantity is negative on a sale and IBCommission negative; the Buy/Sell column says the direction.
  'ibkr-flex-trades': {
    name: 'ibkr-flex-trades',
    label: 'Interactive Brokers · Flex Query (Trades)',
    file: 'Flex Query CSV: Buy/Sell, TradeDate, ISIN, Quantity, TradePrice, IBCommission, CurrencyPrimary',
    mapping: {
      columns: {
        date: 'TradeDate',
        type: 'Buy/Sell',
        security: 'ISIN',
        quantity: 'Quantity',
        price: 'TradePrice',
        fee: 'IBCommission',
        currency: 'CurrencyPrimary',
        amount: null,
        id: null,
      },
      decimal: 'point',
      dateOrder: 'dmy',
      dateFormat: 'ymd-compact',
      types: words([
        ['BUY', 'buy'],
        ['SELL', 'sell'],
      ]),
    },
  },
  // Flex Query, section Cash Transactions: a dividend is an amount only; its withholding is a row
  // of its own (Type "Withholding Tax", a negative amount) on the same ISIN and date.
  'ibkr-flex-dividends': {
    name: 'ibkr-flex-dividends',
    label: 'Interactive Brokers · Flex Query (Dividends)',
    file: 'Flex Query CSV (Cash Transactions): Type, SettleDate, ISIN, Amount, CurrencyPrimary',
    mapping: {
      columns: {
        date: 'SettleDate',
        type: 'Type',
        security: 'ISIN',
        quantity: null,
        price: null,
        fee: null,
        currency: 'CurrencyPrimary',
        amount: 'Amount',
        id: null,
      },
      decimal: 'point',
      dateOrder: 'dmy',
      dateFormat: 'ymd-compact',
      types: words([
        ['Dividends', 'dividend'],
        ['Payment In Lieu Of Dividends', 'dividend'],
        ['Withholding Tax', 'withholding'],
        ['Deposits/Withdrawals', 'ignore'],
        ['Broker Interest Received', 'interest'],
        ['Other Fees', 'fee'],
      ]),
    },
  },
  // Transactions.csv: no type column (the quantity's sign is the direction), comma separated with
  // decimal commas in quotes, dates 19-12-2022, and a currency column with an empty header after
  // each amount. Columns by position, so the Dutch (Datum, Aantal, Koers) and English (Date,
  // Quantity, Price) headers read alike: 1 date, 4 ISIN, 7 quantity, 8 price, 9 its currency,
  // 15 transaction costs.
  'degiro-transactions': {
    name: 'degiro-transactions',
    label: 'DEGIRO · Transactions.csv',
    file: 'Transactions.csv (Datum/Date, Tijd/Time, Product, ISIN, …, Aantal/Quantity, Koers/Price, …)',
    mapping: {
      columns: {
        date: '#1',
        type: null,
        security: '#4',
        quantity: '#7',
        price: '#8',
        fee: '#15',
        currency: '#9',
        amount: null,
        id: 'Order ID',
      },
      decimal: 'comma',
      dateOrder: 'dmy',
      dateFormat: 'dmy',
      // Transaction costs are in the account's currency (#16, EUR); Wisselkoers (#14) is USD per EUR.
      feeCurrency: { column: '#16', rate: '#14', quote: 'trade-per-fee' },
      types: [],
    },
  },
  // Account.csv: Omschrijving/Description says what happened; Mutatie/Change holds the currency
  // and the column after it, with an empty header, the amount. Trades and their costs are in
  // Transactions.csv, so they are ignored here; FX legs and the cash sweep are internal.
  'degiro-account': {
    name: 'degiro-account',
    label: 'DEGIRO · Account.csv',
    file: 'Account.csv (Datum/Date, Tijd/Time, Valutadatum/Value date, Product, ISIN, Omschrijving/Description, FX, Mutatie/Change, , Saldo/Balance, , Order Id)',
    mapping: {
      columns: {
        date: '#1',
        type: '#6',
        security: '#5',
        quantity: null,
        price: null,
        fee: null,
        currency: '#8',
        amount: '#9',
        id: null,
      },
      decimal: 'comma',
      dateOrder: 'dmy',
      dateFormat: 'dmy',
      types: words([
        ['Dividend', 'dividend'],
        ['Dividendbelasting', 'withholding'],
        ['Dividend Tax', 'withholding'],
        ['iDEAL Deposit', 'deposit'],
        ['iDEAL storting', 'deposit'],
        ['Storting', 'deposit'],
        ['Deposit', 'deposit'],
        ['flatex terugstorting', 'withdrawal'],
        ['Terugstorting', 'withdrawal'],
        ['Withdrawal', 'withdrawal'],
        ['Processed Flatex Withdrawal', 'ignore'],
        ['Reservation iDEAL / Sofort Deposit', 'ignore'],
        ['Degiro Cash Sweep Transfer', 'ignore'],
        ['Overboeking *', 'ignore'],
        ['Valuta Creditering', 'ignore'],
        ['Valuta Debitering', 'ignore'],
        ['Koop *', 'ignore'],
        ['Verkoop *', 'ignore'],
        ['Buy *', 'ignore'],
        ['Sell *', 'ignore'],
        ['DEGIRO Transactiekosten *', 'ignore'],
        ['DEGIRO Transaction *', 'ignore'],
        ['DEGIRO Aansluitingskosten *', 'fee'],
        ['DEGIRO Exchange Connection Fee *', 'fee'],
        ['Flatex Interest', 'interest'],
      ]),
    },
  },
  // Saxo's transactions export: dates 02-Apr-2025, Event "Buy 3 @ 134.85 USD" (the quantity and
  // price are in the text), Dividend / Custody Fee / Deposit / Withdrawal, amounts with a decimal comma.
  saxo: {
    name: 'saxo',
    label: 'Saxo · Transactions',
    file: 'Transactions export: Trade Date, Value Date, Type, Instrument, Instrument ISIN, Instrument currency, Event, Amount, Order ID',
    mapping: {
      columns: {
        date: 'Trade Date',
        type: 'Event',
        security: 'Instrument ISIN',
        quantity: null,
        price: null,
        fee: null,
        currency: 'Instrument currency',
        amount: 'Amount',
        id: 'Order ID',
      },
      decimal: 'comma',
      dateOrder: 'dmy',
      dateFormat: 'd-mon-y',
      types: words([
        ['Buy *', 'buy'],
        ['Sell *', 'sell'],
        ['Koop *', 'buy'],
        ['Verkoop *', 'sell'],
        ['Dividend', 'dividend'],
        ['Custody Fee', 'fee'],
        ['Deposit', 'deposit'],
        ['Withdrawal', 'withdrawal'],
      ]),
    },
  },
  // Avanza's transaktioner.csv: Swedish, semicolons, decimal commas, ISO dates; Antal negative on a sale.
  avanza: {
    name: 'avanza',
    label: 'Avanza · transaktioner.csv',
    file: 'transaktioner.csv: Datum; Konto; Typ av transaktion; Värdepapper/beskrivning; Antal; Kurs; Belopp; …; ISIN',
    mapping: {
      columns: {
        date: 'Datum',
        type: 'Typ av transaktion',
        security: 'ISIN',
        quantity: 'Antal',
        price: 'Kurs',
        fee: 'Courtage (SEK)',
        currency: 'Instrumentvaluta',
        amount: 'Belopp',
        id: null,
      },
      decimal: 'comma',
      dateOrder: 'dmy',
      dateFormat: 'ymd',
      // Courtage is in SEK whatever the instrument's currency; Valutakurs is SEK per instrument unit.
      feeCurrency: { currency: 'SEK', rate: 'Valutakurs', quote: 'fee-per-trade' },
      types: words([
        ['Köp', 'buy'],
        ['Sälj', 'sell'],
        ['Utdelning', 'dividend'],
        ['Insättning', 'deposit'],
        ['Uttag', 'withdrawal'],
        ['Ränta', 'interest'],
        ['Utländsk källskatt', 'withholding'],
      ]),
    },
  },
};

/** The preset of a name, or undefined. */
export function importPreset(name: string): ImportPreset | undefined {
  return (IMPORT_PRESET_NAMES as readonly string[]).includes(name)
    ? IMPORT_PRESETS[name as ImportPresetName]
    : undefined;
}

import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_CAPITAL_RETURN, EVENT_SELL, type InstrumentKind } from '@/lib/constants';
import { instrumentKindOfWord } from '../instrumentKind';
import { normalizeHeader, normalizeType } from './cells';
import { addExchanges, addSplits } from './corporateActions';
import { withClosing } from './closing';
import { parseDividendRow } from './foreignDividend';
import {
  addRedemptions,
  parseCashLeg,
  parseSharesOutLeg,
  type CashLeg,
  type SharesOutLeg,
} from './redemptions';
import { fileError, missing as missingField, readBrokerCsvInSteps, RowError, rowError } from './importErrors';
import type { SplitLeg } from './pairing';
import {
  movesOnlyCash,
  numericId,
  optionalNumber,
  parseCashRow,
  parseSplitLeg,
  parseTradeRow,
  parseWithholding,
  readDate,
  reviewRow,
  type RawRow,
} from './rows';
import {
  NORDNET_MAX_ROWS,
  TooManyRowsError,
  type NordnetAccountSummary,
  type NordnetParseOptions,
  type NordnetParseResult,
} from './types';
import {
  classifyNordnetType,
  CURRENCY_HEADERS,
  HEADER_ALIASES,
  type ColumnKey,
  type ColumnMap,
} from './vocabulary';
import { attachWithholdings, type Withholding } from './withholding';

/**
 * Nordnet's "transactions and notes" export (Transaksjoner og notater → Eksporter):
 * UTF-16LE with a BOM, tab-separated, Norwegian headers, decimal comma, spaces (often no-break
 * spaces) as thousands separators, newest row first. Several columns are called "Valuta"; each
 * one is the currency of the amount column just before it, so they are told apart by that column.
 *
 * Splits: Nordnet books a split as two rows on the same day, "SPLITT UTTAK VP" taking out the old
 * quantity and "SPLITT INNLEGG VP" putting in the new quantity (a reverse split looks the same with
 * a smaller new quantity; the ISIN may change). We pair them per trade date (same ISIN, else same
 * name, else the only remaining pair of that day) and emit one split transaction with
 * ratio = new quantity / old quantity.
 *
 * Exchanges (mergers, ticker changes: "BYTTE UTTAK VP" / "BYTTE INNLEGG VP") are paired the same
 * way and become two rows, the old security out (event 8) and the new one in (event 9) carrying its
 * cost (the service sets it from the holding, Skatteetaten's continuity rule). Shares put in by a
 * rights issue, subscription, bonus issue or dividend ("EMISJON INNLEGG VP", "TEGNING INNLEGG VP",
 * "UTBYTTE INNLEGG VP") are a buy at the cost the row states (Kurs, else Beløp, else 0). Capital
 * returned is event 7. Cash rows (deposits, withdrawals, interest, fees, income) are cash events with
 * the amount in the account's currency, the event chosen by the word and the sign of Beløp; a row
 * whose word is not known and that moves cash but no shares is a deposit or withdrawal by its sign; tax withheld on a dividend ("KUPONGSKATT") is attached to the
 * dividend. What cannot be mapped is a review row the user accepts (with a stated cost) or skips.
 */

export * from './types';

function mapColumns(headerFields: readonly string[]): ColumnMap {
  const map: ColumnMap = { columns: {}, currencies: {}, firstCurrency: null };
  let previous: ColumnKey | null = null;
  headerFields.forEach((raw, index) => {
    const name = normalizeHeader(raw);
    if (CURRENCY_HEADERS.has(name)) {
      map.firstCurrency ??= index;
      if (previous !== null && map.currencies[previous] === undefined) map.currencies[previous] = index;
      return;
    }
    const key = HEADER_ALIASES.get(name);
    if (key !== undefined && map.columns[key] === undefined) map.columns[key] = index;
    // An unknown column still breaks the "Valuta follows its amount" chain.
    previous = key ?? null;
  });
  return map;
}

interface Balance {
  date: string;
  line: number;
  id: number | null;
  value: Decimal;
}

/** The newest row's Saldo: latest date, then the highest Id, then (files are newest first) the earliest line. */
function newestBalance(balances: readonly Balance[]): Balance | null {
  let best: Balance | null = null;
  for (const b of balances) {
    if (
      best === null ||
      b.date > best.date ||
      (b.date === best.date && (b.id ?? -1) > (best.id ?? -1)) ||
      (b.date === best.date && b.id === best.id && b.line < best.line)
    )
      best = b;
  }
  return best;
}

interface AccountTally {
  rows: number;
  balances: Balance[];
  currency: string | null;
}

/**
 * Count a row for its account (the Portefølje cell; '' when the file has no such column) and note
 * its Saldo (cancelled rows aside) and the account's currency: the first Valuta of Beløp (Nordnet
 * states Beløp and Saldo in the account's currency). Returns the account.
 */
function tallyAccount(accounts: Map<string, AccountTally>, row: RawRow): string {
  const account = row.get('portfolio').trim();
  let tally = accounts.get(account);
  if (tally === undefined) {
    tally = { rows: 0, balances: [], currency: null };
    accounts.set(account, tally);
  }
  tally.rows++;
  const amountCurrency = row.currencyOf('amount').trim().toUpperCase();
  if (amountCurrency !== '') tally.currency ??= amountCurrency;
  if (row.get('cancelDate') !== '') return account;
  try {
    const value = optionalNumber(row, 'balance', 'Saldo');
    if (value !== null)
      tally.balances.push({ date: readDate(row), line: row.line, id: numericId(row.get('id')), value });
  } catch (error) {
    // An unreadable Saldo or date is that row's error when it is parsed; the tally leaves it out.
    if (!(error instanceof RowError)) throw error;
  }
  return account;
}

function summarizeAccounts(accounts: ReadonlyMap<string, AccountTally>): NordnetAccountSummary[] {
  const byName = [...accounts].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  return byName.map(([account, tally]) => ({
    account,
    rows: tally.rows,
    balance: newestBalance(tally.balances)?.value ?? null,
    currency: tally.currency,
  }));
}

const REQUIRED: readonly [ColumnKey, string][] = [
  ['type', 'Transaksjonstype'],
  ['quantity', 'Antall'],
  ['price', 'Kurs'],
];

/**
 * Parse a Nordnet transaction export (bytes as uploaded). Buys, sells, dividends and split pairs
 * become rows, in chronological order (date, then Nordnet Id); cash movements, cancelled and
 * unsupported rows are skipped with a reason; unreadable rows are errors with their line.
 */
export function parseNordnetCsv(bytes: Uint8Array, options: NordnetParseOptions = {}): NordnetParseResult {
  const steps = parseNordnetCsvInSteps(bytes, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Lines parsed between two pauses of parseNordnetCsvInSteps. */
export const NORDNET_LINES_PER_STEP = 500;

/**
 * parseNordnetCsv as a generator that pauses every NORDNET_LINES_PER_STEP lines (and before the
 * split pairing and the final sort), so that a caller on a shared thread can let other work run
 * between the steps; its return value is parseNordnetCsv's result. Throws TooManyRowsError.
 */
export function* parseNordnetCsvInSteps(
  bytes: Uint8Array,
  options: NordnetParseOptions = {},
): Generator<void, NordnetParseResult, void> {
  const result: NordnetParseResult = { rows: [], skipped: [], errors: [], review: [], lastBalance: null };
  const read = yield* readBrokerCsvInSteps(bytes, ['\t', ';'], null, result.errors);
  if (read === null) return result;
  const { records } = read;
  const map = mapColumns(read.header);
  const missing = REQUIRED.filter(([key]) => map.columns[key] === undefined).map(([, label]) => label);
  if (map.columns.tradeDate === undefined && map.columns.bookingDate === undefined)
    missing.push('Handelsdag');
  if (missing.length > 0) {
    result.errors.push(
      fileError('MISSING_COLUMNS', `missing column(s): ${missing.join(', ')}`, {
        columns: missing.join(', '),
      }),
    );
    return result;
  }

  const dataRows = records.length + read.rowErrors;
  if (dataRows > NORDNET_MAX_ROWS) throw new TooManyRowsError(dataRows);

  const splitOuts: SplitLeg[] = [];
  const splitIns: SplitLeg[] = [];
  const exchangeOuts: SplitLeg[] = [];
  const exchangeIns: SplitLeg[] = [];
  const withholdings: Withholding[] = [];
  const balances: Balance[] = [];
  const accounts = new Map<string, AccountTally>();
  const sharesOut: SharesOutLeg[] = [];
  const cashLegs: CashLeg[] = [];
  // Issue 37: the kind a row states for its ISIN (our export's Kind column), put on its rows below.
  const kindByIsin = new Map<string, InstrumentKind>();
  for (let index = 0; index < records.length; index++) {
    if (index > 0 && index % NORDNET_LINES_PER_STEP === 0) yield;
    const { line, fields } = records[index];
    const cell = (i: number | undefined): string => (i === undefined ? '' : (fields[i] ?? ''));
    const row: RawRow = {
      line,
      get: (key) => cell(map.columns[key]),
      currencyOf: (key) => cell(map.currencies[key]),
      firstCurrency: () => cell(map.firstCurrency ?? undefined),
    };
    const type = normalizeType(row.get('type'));
    // Issue 37: several accounts in one file; each is tallied, and only the chosen one is read.
    const account = tallyAccount(accounts, row);
    if (options.account !== undefined && account !== options.account) continue;
    try {
      if (type === '') throw missingField('Transaksjonstype');
      const cancelled = row.get('cancelDate');
      if (cancelled !== '') {
        result.skipped.push({
          line,
          reason: `${type}: cancelled (Makuleringsdato ${cancelled})`,
          code: 'CANCELLED',
          params: { type, date: cancelled },
        });
        continue;
      }
      const balance = optionalNumber(row, 'balance', 'Saldo');
      if (balance !== null)
        balances.push({ date: readDate(row), line, id: numericId(row.get('id')), value: balance });
      const stated = instrumentKindOfWord(row.get('kind'));
      if (stated !== null && row.get('isin') !== '') kindByIsin.set(row.get('isin').toUpperCase(), stated);
      const kind = classifyNordnetType(type);
      switch (kind) {
        case 'buy':
          result.rows.push(parseTradeRow(row, EVENT_BUY, type));
          break;
        case 'sell':
          result.rows.push(withClosing(row, parseTradeRow(row, EVENT_SELL, type)));
          break;
        case 'dividend':
          result.rows.push(parseDividendRow(row, type));
          break;
        case 'sharesIn':
          // Skatteetaten: shares from a subscription or issue cost what was paid for them
          // (https://www.skatteetaten.no/no/Person/Selvangivelse/tema-og-fradrag/Lan-formue-og-aksjer/finansveileder---rotsider/a_kjop_stift/);
          // bonus shares come in at 0, the holding's total cost unchanged (average cost spreads it,
          // https://www.skatteetaten.no/no/Person/Aksjer-og-verdipapirer/Har-du-aksjer-slik-fastsetter-du-inngangsverdien/Kapitalutvidelse-ved-fondsemisjon/).
          result.rows.push(parseTradeRow(row, EVENT_BUY, type, 'fromAmountOrZero'));
          break;
        case 'sharesOut':
        case 'redemptionOut':
          sharesOut.push(parseSharesOutLeg(row, type, kind === 'redemptionOut'));
          break;
        case 'redemptionCash':
          cashLegs.push(parseCashLeg(row, type));
          break;
        case 'sharesBySign': {
          // "EMISSION OVERF. VP": shares in when Antall is positive; out, the interim shares used up.
          const signed = optionalNumber(row, 'quantity', 'Antall');
          if (signed !== null && signed.gt(0)) {
            result.rows.push(parseTradeRow(row, EVENT_BUY, type, 'fromAmountOrZero'));
            break;
          }
          if (signed !== null && signed.lt(0)) {
            result.skipped.push({
              line,
              reason: `${type}: changes neither a holding nor the cash here`,
              code: 'NO_EFFECT',
              params: { type },
            });
            break;
          }
          if (movesOnlyCash(row)) result.rows.push(parseCashRow(row, 'cash', type));
          else result.review.push(reviewRow(row, type, 'UNKNOWN_TYPE', 'transaction type not known'));
          break;
        }
        case 'capitalReturn':
          result.rows.push(parseTradeRow(row, EVENT_CAPITAL_RETURN, type));
          break;
        case 'splitOut':
          splitOuts.push(parseSplitLeg(row, type));
          break;
        case 'splitIn':
          splitIns.push(parseSplitLeg(row, type));
          break;
        case 'exchangeOut':
          exchangeOuts.push(parseSplitLeg(row, type));
          break;
        case 'exchangeIn':
          exchangeIns.push(parseSplitLeg(row, type));
          break;
        case 'deposit':
        case 'withdrawal':
        case 'interest':
        case 'fee':
        case 'income':
          result.rows.push(parseCashRow(row, kind, type));
          break;
        case 'withholding':
          withholdings.push(parseWithholding(row, type));
          break;
        case 'ignored':
          result.skipped.push({
            line,
            reason: `${type}: changes neither a holding nor the cash here`,
            code: 'NO_EFFECT',
            params: { type },
          });
          break;
        case 'unknown':
          // Issue 37: a row that moves Saldo and no shares is cash by its sign, never a review
          // row that cannot be accepted.
          if (movesOnlyCash(row)) {
            result.rows.push(parseCashRow(row, 'cash', type));
            break;
          }
          result.review.push(reviewRow(row, type, 'UNKNOWN_TYPE', 'transaction type not known'));
          break;
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      result.errors.push(rowError(line, error));
    }
  }

  yield;
  yield* addSplits(result, splitOuts, splitIns);

  yield;
  addExchanges(result, exchangeOuts, exchangeIns);
  addRedemptions(result, sharesOut, cashLegs);

  attachWithholdings(result, withholdings);
  result.lastBalance = newestBalance(balances)?.value ?? null;
  if (map.columns.portfolio !== undefined) result.accounts = summarizeAccounts(accounts);
  if (kindByIsin.size > 0)
    for (const r of result.rows) if (r.isin !== null) r.kind = kindByIsin.get(r.isin.toUpperCase()) ?? null;

  // Chronological order so the service can insert in this order and same-day ids follow the trades.
  // Nordnet files are newest first: ties without a numeric Id fall back to the reverse file order.
  const newestFirst =
    result.rows.length > 1 && result.rows[0].date > result.rows[result.rows.length - 1].date;
  yield;
  // Each row's Id read once, not in every comparison.
  const idOf = new Map(result.rows.map((r) => [r, numericId(r.externalId?.split('/')[0] ?? null)]));
  result.rows.sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    const ia = idOf.get(a) ?? null;
    const ib = idOf.get(b) ?? null;
    if (ia !== null && ib !== null && ia !== ib) return ia - ib;
    return newestFirst ? b.line - a.line : a.line - b.line;
  });
  result.skipped.sort((a, b) => a.line - b.line);
  result.errors.sort((a, b) => a.line - b.line);
  result.review.sort((a, b) => a.line - b.line);
  return result;
}

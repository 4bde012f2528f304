/**
 * Import, step 2 (a consistent reading of the portfolio): rows already in it (same broker Id; for
 * our own export, the same transaction) or earlier in the file are skipped, an exchange's new
 * shares get the cost the old ones carry, and the stored history plus the new rows are held to
 * the holding rule, ticker by ticker: all rows or none.
 */
import Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_EXCHANGE_IN, EVENT_EXCHANGE_OUT, EVENT_SELL } from '@/lib/constants';
import type { ImportSkippedRowDto } from '@/lib/types/portfolio';
import type { Db } from '@/server/db';
import {
  applyTransactions,
  compareTransactions,
  InsufficientHoldingError,
  toDecimal,
  validateHistory,
  ZERO,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { invalid } from '@/server/services/errors';
import {
  existingExternalIds,
  listTransactionMathFast,
  ownTransactionIds,
} from '@/server/repositories/portfolioRepository';
import { toTransactionInput, transactionFields } from '@/server/services/portfolio';
import { yieldToEventLoop, type ResolvedFile, type ResolvedRow } from './resolve';

/** The Id our export writes for a transaction that did not come from a broker file. */
export const OWN_ID_PREFIX = 'trendvakt-';
/** Ids the history check gives the new rows: above every stored id, in file (chronological) order. */
const FIRST_PROVISIONAL_ID = 2 ** 52;

export interface ImportPlan {
  rows: ResolvedRow[];
  errors: { line: number; message: string }[];
  skipped: ImportSkippedRowDto[];
  /** The first sell the new rows would make exceed its holding (the import then writes nothing). */
  conflict: { line: number; error: InsufficientHoldingError } | null;
  /**
   * Issue 37: a history that starts mid-way. Per ticker whose new rows sell more than is held, the
   * opening position before the file's first date that covers it (a review row keyed by the line
   * of the first short sale); until it is accepted, that ticker's new rows are held back.
   */
  openings: OpeningProposal[];
}

export interface OpeningProposal {
  /** The line of the first sale the holding does not cover. */
  line: number;
  tickerId: number;
  date: string;
  quantity: Decimal;
  /** The cost the file states for these shares (the short sale's Kjøpsverdi per share × quantity); null when it states none. */
  fileCost: Decimal | null;
  row: ResolvedRow;
}

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** At most this many corrections per ticker (a split between two short sales needs one more each). */
const OPENING_ROUNDS = 20;

/**
 * The smallest opening quantity before `openingDate` that keeps every sale of `history` covered,
 * or null when none does (the violation is not a sale's, or it does not shrink). The holding at
 * the violation grows by `f` shares per opening share (f = the splits in between), so each round
 * adds (requested − held) / f.
 */
function openingQuantity(
  history: TransactionInput[],
  tickerId: number,
  openingDate: string,
  first: InsufficientHoldingError,
): Decimal | null {
  const opening = (q: Decimal): TransactionInput => ({
    id: -1,
    tickerId,
    date: openingDate,
    eventId: EVENT_BUY,
    quantity: q.toFixed(),
    price: '0',
  });
  let quantity = ZERO;
  let violation: InsufficientHoldingError = first;
  for (let round = 0; round < OPENING_ROUNDS; round++) {
    const at = { date: violation.date, id: violation.transactionId };
    const before = history.filter((t) => compareTransactions({ date: t.date, id: t.id }, at) < 0);
    const held = (q: Decimal) =>
      applyTransactions(q.isZero() ? before : [opening(q), ...before]).get(tickerId)?.quantity ?? ZERO;
    const f = held(quantity.plus(1)).minus(held(quantity));
    if (f.lte(0)) return null;
    quantity = quantity
      .plus(violation.requested.minus(violation.held).div(f))
      .toDecimalPlaces(10, Decimal.ROUND_UP);
    const next = validateHistory([opening(quantity), ...history]);
    if (next === null) return quantity;
    if (!(next instanceof InsufficientHoldingError)) return null;
    violation = next;
  }
  return null;
}

/** A resolved row's ticker, date, event and exact amounts, as the history check and the write take them. */
export function amountsOf(r: ResolvedRow) {
  return { tickerId: r.ticker?.id ?? null, ...transactionFields(r.input, r.input.fee) };
}

/** Rounded to what a transaction keeps (10 decimals, 15 significant digits). */
const stored = (d: Decimal): string => d.toSignificantDigits(15).toDecimalPlaces(10).toFixed();

/**
 * Each exchange pair: the old holding's cost just before the out-leg (average cost, in the
 * ticker's currency) is carried; the out-leg records it per old share and the in-leg per new
 * share (Skatteetaten A-5-6.12, see events.ts). Rows are replaced, not mutated.
 */
function carryExchangeCosts(stored_: TransactionInput[], rows: ResolvedRow[]): ResolvedRow[] {
  const outs = new Map<number, number>();
  rows.forEach((r, i) => {
    if (r.input.event_id === EVENT_EXCHANGE_OUT) outs.set(r.parsed.line, i);
  });
  if (outs.size === 0) return rows;
  const result = [...rows];
  const history = [
    ...stored_,
    ...rows.map((r, i) => ({ id: FIRST_PROVISIONAL_ID + i, ...amountsOf(r) })),
  ].filter((t): t is TransactionInput & { tickerId: number } => t.tickerId !== null);
  for (const [i, r] of rows.entries()) {
    if (r.input.event_id !== EVENT_EXCHANGE_IN || r.parsed.exchangeOfLine === null) continue;
    const o = outs.get(r.parsed.exchangeOfLine);
    if (o === undefined) continue;
    const out = rows[o];
    const outId = FIRST_PROVISIONAL_ID + o;
    const at = { date: out.input.date, id: outId };
    const before = history.filter(
      (t) => t.tickerId === out.ticker!.id && compareTransactions({ date: t.date, id: t.id }, at) < 0,
    );
    let carried = ZERO;
    try {
      const position = applyTransactions(before).get(out.ticker!.id);
      const outQuantity = toDecimal(out.input.quantity);
      if (position && position.quantity.gt(0)) {
        carried = position.quantity.lte(outQuantity)
          ? position.cost
          : position.cost.mul(outQuantity).div(position.quantity);
      }
    } catch {
      // A history the holding rule refuses is reported by the check that follows.
      continue;
    }
    result[o] = { ...out, input: { ...out.input, price: stored(carried.div(out.input.quantity)) } };
    result[i] = { ...r, input: { ...r.input, price: stored(carried.div(r.input.quantity)) } };
  }
  return result;
}

/** The largest gap between the units a closing sale states and the units held that it closes: rounding, not a mistake. */
function closingTolerance(quantity: Decimal): Decimal {
  return Decimal.max('0.01', quantity.times('0.001'));
}

/**
 * Issue 37: a sale whose row says the holding is now 0 (`closesPosition`) sells exactly what is
 * held just before it, when that differs from the file's units only by rounding; otherwise
 * (nothing held, or far off) the row stays as the file states it and the holding rule judges it.
 */
export function closePositions(stored_: TransactionInput[], rows: ResolvedRow[]): ResolvedRow[] {
  const closing = rows.flatMap((r, i) =>
    r.parsed.closesPosition && r.input.event_id === EVENT_SELL && r.ticker !== null ? [i] : [],
  );
  if (closing.length === 0) return rows;
  const result = [...rows];
  for (const i of closing) {
    const r = result[i];
    const tickerId = r.ticker!.id;
    const at = { date: r.input.date, id: FIRST_PROVISIONAL_ID + i };
    const history = [
      ...stored_,
      ...result.map((row, j) => ({ id: FIRST_PROVISIONAL_ID + j, ...amountsOf(row) })),
    ].filter(
      (t): t is TransactionInput & { tickerId: number } =>
        t.tickerId === tickerId && compareTransactions({ date: t.date, id: t.id }, at) < 0,
    );
    let held: Decimal;
    try {
      held = applyTransactions(history).get(tickerId)?.quantity ?? ZERO;
    } catch {
      continue; // a history the holding rule refuses is reported by the check that follows
    }
    const sold = toDecimal(r.input.quantity);
    if (held.lte(0) || held.eq(sold) || held.minus(sold).abs().gt(closingTolerance(sold))) continue;
    result[i] = { ...r, input: { ...r.input, quantity: stored(held) } };
  }
  return result;
}

/**
 * Skip rows already in the portfolio (or earlier in the file), carry exchange costs, then hold the
 * stored history plus the new rows to the holding rule.
 */
export async function plan(
  tx: Db,
  uid: string,
  portfolioId: number,
  resolved: ResolvedFile,
): Promise<ImportPlan> {
  const { candidates } = resolved;
  const errors = [...resolved.errors];
  const skipped = [...resolved.skipped];

  // De-duplicate: against the portfolio, and within the file.
  const ownIdPattern = new RegExp(`^${OWN_ID_PREFIX}(\\d{1,15})$`);
  const ownIdOf = (externalId: string): number | null => {
    const m = ownIdPattern.exec(externalId);
    return m ? Number(m[1]) : null;
  };
  const known = await existingExternalIds(
    tx,
    portfolioId,
    candidates.map((c) => c.externalId),
  );
  const ownIds = await ownTransactionIds(
    tx,
    portfolioId,
    candidates.flatMap((c) => {
      const own = ownIdOf(c.externalId);
      return own === null ? [] : [own];
    }),
  );
  const seen = new Set<string>();
  let rows: ResolvedRow[] = [];
  for (const c of candidates) {
    const own = ownIdOf(c.externalId);
    if (known.has(c.externalId) || (own !== null && ownIds.has(own))) {
      // A row without an Id in the file is known by its content (resolve.ts contentId).
      skipped.push({
        line: c.parsed.line,
        reason: `already in this portfolio (Id ${c.externalId})`,
        ...(c.parsed.externalId === null
          ? { code: 'ALREADY_IMPORTED_SAME_ROW', params: {} }
          : { code: 'ALREADY_IMPORTED', params: { id: c.externalId } }),
      });
    } else if (seen.has(c.externalId)) {
      skipped.push({
        line: c.parsed.line,
        reason: `the same Id ${c.externalId} appears earlier in the file`,
        code: 'DUPLICATE_IN_FILE',
        params: { id: c.externalId },
      });
    } else {
      seen.add(c.externalId);
      rows.push(c);
    }
  }
  await yieldToEventLoop();

  // The holding rule over the stored history plus every new row, ticker by ticker (a ticker's
  // history is independent of the others'), yielding between tickers. Cash events hold no shares.
  const storedRows = (await listTransactionMathFast(tx, uid, portfolioId)).map(toTransactionInput);
  rows = closePositions(storedRows, carryExchangeCosts(storedRows, rows));
  const lineOf = new Map<number, number>();
  const byTicker = new Map<number, TransactionInput[]>();
  const historyOf = (tickerId: number) => {
    let list = byTicker.get(tickerId);
    if (!list) byTicker.set(tickerId, (list = []));
    return list;
  };
  for (const t of storedRows) if (t.tickerId !== null) historyOf(t.tickerId).push(t);
  rows.forEach((r, i) => {
    if (r.ticker === null) return;
    const id = FIRST_PROVISIONAL_ID + i;
    lineOf.set(id, r.parsed.line);
    historyOf(r.ticker.id).push({ id, ...amountsOf(r) });
  });
  // Issue 37: a ticker whose new rows sell more than is held gets an opening position proposed
  // before the file's first date (never a 409 for the file); its new rows wait for it.
  const firstDate = rows.reduce((min, r) => (r.input.date < min ? r.input.date : min), '9999-12-31');
  const openingDate = dayBefore(firstDate);
  const openings: OpeningProposal[] = [];
  const heldBack = new Set<number>();
  let violation: InsufficientHoldingError | null = null;
  for (const [tickerId, history] of byTicker) {
    await yieldToEventLoop();
    const found = validateHistory(history);
    if (found instanceof InsufficientHoldingError) {
      const line = lineOf.get(found.transactionId);
      const quantity = line === undefined ? null : openingQuantity(history, tickerId, openingDate, found);
      const sale = line === undefined ? undefined : rows[found.transactionId - FIRST_PROVISIONAL_ID];
      if (line !== undefined && quantity !== null && sale) {
        const stated = sale.parsed.purchaseValue ?? null;
        const sold = toDecimal(sale.input.quantity);
        openings.push({
          line,
          tickerId,
          date: openingDate,
          quantity,
          fileCost:
            stated === null || sale.input.event_id !== EVENT_SELL || sold.isZero()
              ? null
              : stated.mul(quantity).div(sold).toDecimalPlaces(2),
          row: sale,
        });
        heldBack.add(tickerId);
        continue;
      }
      const at = (e: InsufficientHoldingError) => ({ date: e.date, id: e.transactionId });
      if (violation === null || compareTransactions(at(found), at(violation)) < 0) violation = found;
    } else if (found) throw invalid('VALIDATION_FAILED', found.message);
  }
  if (heldBack.size > 0) {
    const waiting = new Map(openings.map((o) => [o.tickerId, o.line]));
    rows = rows.filter((r) => {
      const line = r.ticker === null ? undefined : waiting.get(r.ticker.id);
      if (line === undefined) return true;
      errors.push({
        line: r.parsed.line,
        message: `waits for the opening position of review line ${line} (the file starts after these shares were bought)`,
      });
      return false;
    });
  }
  let conflict: ImportPlan['conflict'] = null;
  if (violation) {
    // A stored sell that a new reverse split would leave short (line 0), or a sale no opening covers.
    const line = lineOf.get(violation.transactionId) ?? 0;
    conflict = { line, error: violation };
    const which = line > 0 ? 'a sell' : `the stored sell ${violation.transactionId}`;
    errors.push({
      line,
      message:
        `${which} of ${violation.requested.toString()} on ${violation.date} exceeds the ` +
        `${violation.held.toString()} held then; nothing can be imported until the holding is there`,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  skipped.sort((a, b) => a.line - b.line);
  return { rows, errors, skipped, conflict, openings };
}

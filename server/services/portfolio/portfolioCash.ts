/**
 * A portfolio's cash (issue 21): deposits − withdrawals − buys incl. fees + sells net of fees +
 * dividends net of fee and withholding, in the portfolio's base currency (each trade at its own
 * rate when recorded, else the market's USD/NOK on its date). The rules are the event applier's
 * (server/domain/portfolio/ledger/events.ts); this reads what they need.
 */
import type Decimal from 'decimal.js';
import type { Db } from '@/server/db';
import {
  InsufficientCashError,
  cashBalance,
  createFxRateOn,
  currencyLookup,
  normalizeLedger,
  toApiNumber,
  withdrawalViolation,
  type CashContext,
  type CurrencyCode,
  type FxRateOn,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { USDNOK_PAIR, findTickerRefs, getFxRates } from '@/server/repositories/marketRepository';
import { listLedgerMath, type PortfolioRow } from '@/server/repositories/portfolioRepository';
import { conflictError } from '../errors';
import { toBaseCurrency, toLedgerInput } from './portfolioDtos';

/** USD/NOK read only when a conversion asks for it (a NOK-only portfolio never reads the series). */
export function lazyFxRateOn(db: Db): { fxRateOn: FxRateOn; ready: () => Promise<void> } {
  let loaded: FxRateOn | null = null;
  return {
    fxRateOn: (date: string) => {
      if (!loaded) throw new Error('USD/NOK was not loaded');
      return loaded(date);
    },
    ready: async () => {
      if (!loaded) loaded = createFxRateOn(await getFxRates(db, USDNOK_PAIR));
    },
  };
}

/** The conversion context of a ledger: its tickers' currencies and USD/NOK (read only when needed). */
export async function cashContext(
  db: Db,
  portfolio: PortfolioRow,
  ledger: readonly TransactionInput[],
): Promise<CashContext> {
  const baseCurrency = toBaseCurrency(portfolio.baseCurrency);
  const refs = await findTickerRefs(
    db,
    ledger.flatMap((t) => (t.tickerId === null ? [] : [t.tickerId])),
  );
  const currencies = new Map<number, { currency: CurrencyCode }>();
  for (const [id, ref] of refs) currencies.set(id, { currency: ref.currency });
  const fx = lazyFxRateOn(db);
  if ([...currencies.values()].some((c) => c.currency !== baseCurrency)) await fx.ready();
  return { baseCurrency, currencyOf: currencyLookup(currencies), fxRateOn: fx.fxRateOn };
}

/** The portfolio's cash balance now, in its base currency. */
export async function portfolioCashBalance(db: Db, uid: string, portfolio: PortfolioRow): Promise<Decimal> {
  const ledger = (await listLedgerMath(db, uid, portfolio.id)).map(toLedgerInput);
  return cashBalance(normalizeLedger(ledger), await cashContext(db, portfolio, ledger));
}

/** The 409 of a withdrawal above the cash balance; details carry the balance on that date. */
export function insufficientCash(error: InsufficientCashError) {
  return conflictError(
    'INSUFFICIENT_CASH',
    `Only ${error.available.toFixed(2)} in cash on ${error.date}; a withdrawal of ${error.requested.toFixed(2)} is not possible`,
    {
      date: error.date,
      available: toApiNumber(error.available),
      requested: toApiNumber(error.requested),
    },
  );
}

/**
 * Inside the locked write: the ledger with the change (`ledger` already holds it) must cover the
 * withdrawal `transactionId` from the cash held just before it; 409 otherwise.
 */
export async function assertWithdrawalCovered(
  db: Db,
  portfolio: PortfolioRow,
  ledger: readonly TransactionInput[],
  transactionId: number,
): Promise<void> {
  const violation = withdrawalViolation(
    normalizeLedger(ledger),
    transactionId,
    await cashContext(db, portfolio, ledger),
  );
  if (violation) throw insufficientCash(violation);
}

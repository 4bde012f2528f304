/**
 * Portfolios and transactions (SPEC §7, DESIGN.md §5, §7): create, rename, delete, and the
 * transaction writes with the holding rule. Every write to a portfolio's transactions runs in one
 * database transaction that first locks the portfolio row, then re-applies the ticker's whole
 * history with the change (server/domain) and refuses with 409 when any sell, the new one or a
 * later one, would exceed the quantity held on its date.
 */
import type { Db } from '@/server/db';
import { DomainError, forbiddenError } from '@/server/services/errors';
import {
  InsufficientHoldingError,
  toApiQuantity,
  validateHistory,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { askEligibility, askRefusalMessage } from '@/lib/askEligibility';
import { EVENT_WITHDRAWAL, isCashEvent, type AccountType } from '@/lib/constants';
import {
  countTransactions,
  deletePortfolio as deletePortfolioRow,
  deleteTransaction as deleteTransactionRow,
  findPortfolio,
  findTransaction,
  insertPortfolio,
  insertTransactions,
  listPortfolios,
  listTransactionMath,
  listLedgerMath,
  listTransactions,
  lockPortfolio,
  touchPortfolio,
  updatePortfolio as updatePortfolioRow,
  updateTransaction as updateTransactionRow,
  type PortfolioRow,
} from '@/server/repositories/portfolioRepository';
import { findTickerRef, type TickerRef } from '@/server/repositories/marketRepository';
import { findUniverseTicker } from '@/server/market-data/universe';
import type {
  CreatePortfolioInput,
  CreateTransactionInput,
  UpdatePortfolioInput,
  UpdateTransactionInput,
} from '@/lib/schemas/portfolio';
import type { PortfolioDto, TransactionDto } from '@/lib/types/portfolio';
import { conflictError, invalid } from '../errors';
import { assertWithdrawalCovered } from './portfolioCash';
import { forgetPortfolio } from './portfolioCache';
import { carryDigests, touchAfterTickerWrite } from './portfolioDigests';
import {
  toLedgerInput,
  toPortfolioDto,
  toTransactionDto,
  toTransactionInput,
  transactionFields,
} from './portfolioDtos';

/** The id a not-yet-stored transaction takes in a history check: after every stored one (ids only grow). */
export const PROVISIONAL_ID = Number.MAX_SAFE_INTEGER;

export const portfolioNotFound = () =>
  new DomainError('not_found', 'PORTFOLIO_NOT_FOUND', 'Portfolio not found');
export const transactionNotFound = () =>
  new DomainError('not_found', 'TRANSACTION_NOT_FOUND', 'Transaction not found');

/** The conflict (409) of a sell that exceeds the holding; details carry the quantity held on that date. */
export function insufficientHolding(
  error: InsufficientHoldingError,
  provisionalIds: ReadonlySet<number> = new Set([PROVISIONAL_ID]),
): DomainError {
  return new DomainError(
    'conflict',
    'INSUFFICIENT_HOLDING',
    `Only ${error.held.toString()} held on ${error.date}; a sell of ${error.requested.toString()} is not possible`,
    {
      details: {
        ticker_id: error.tickerId,
        date: error.date,
        transaction_id: provisionalIds.has(error.transactionId) ? null : error.transactionId,
        held: toApiQuantity(error.held),
        requested: toApiQuantity(error.requested),
      },
    },
  );
}

/** Throw the 409 (or a 400 for a malformed row, which zod should have caught) when the history breaks a rule. */
export function assertValidHistory(history: readonly TransactionInput[]): void {
  const violation = validateHistory(history);
  if (!violation) return;
  if (violation instanceof InsufficientHoldingError) throw insufficientHolding(violation);
  throw new DomainError('invalid', 'VALIDATION_FAILED', violation.message);
}

/** GET /portfolios/{userId}: the caller's portfolios; 403 for anyone else's uid. */
export async function listOwnPortfolios(db: Db, callerUid: string, userId: string): Promise<PortfolioDto[]> {
  if (userId !== callerUid) throw forbiddenError('FORBIDDEN', 'You can only list your own portfolios');
  return (await listPortfolios(db, callerUid)).map(toPortfolioDto);
}

export async function createPortfolio(
  db: Db,
  uid: string,
  input: Omit<CreatePortfolioInput, 'account_type'> & { account_type?: AccountType },
): Promise<PortfolioDto> {
  const row = await insertPortfolio(db, uid, {
    name: input.portfolio_name,
    description: input.description,
    subscription: input.subscription,
    baseCurrency: input.base_currency,
    accountType: input.account_type ?? 'ordinary',
  });
  return toPortfolioDto(row);
}

/** 409 when the account type would change on a portfolio that already holds transactions. */
async function assertAccountTypeChangeable(
  tx: Db,
  portfolio: PortfolioRow,
  accountType: string | undefined,
): Promise<void> {
  if (accountType === undefined || accountType === portfolio.accountType) return;
  if ((await countTransactions(tx, portfolio.id)) > 0)
    throw conflictError(
      'ACCOUNT_TYPE_LOCKED',
      'The account type can only be changed while the portfolio has no transactions',
    );
}

export async function updatePortfolio(
  db: Db,
  uid: string,
  input: UpdatePortfolioInput,
): Promise<PortfolioDto> {
  const row = await db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, uid, input.portfolio_id);
    if (!portfolio) throw portfolioNotFound();
    await assertAccountTypeChangeable(tx, portfolio, input.account_type);
    return updatePortfolioRow(tx, uid, input.portfolio_id, {
      name: input.portfolio_name,
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.subscription === undefined ? {} : { subscription: input.subscription }),
      ...(input.account_type === undefined ? {} : { accountType: input.account_type }),
    });
  });
  if (!row) throw portfolioNotFound();
  return toPortfolioDto(row);
}

/** Delete the portfolio and its transactions (one database transaction); 404 when it is not the caller's. */
export async function deletePortfolio(db: Db, uid: string, portfolioId: number): Promise<void> {
  if (!(await deletePortfolioRow(db, uid, portfolioId))) throw portfolioNotFound();
  forgetPortfolio(portfolioId);
}

/** The caller's portfolio or 404. */
export async function requirePortfolio(db: Db, uid: string, portfolioId: number): Promise<PortfolioRow> {
  const portfolio = await findPortfolio(db, uid, portfolioId);
  if (!portfolio) throw portfolioNotFound();
  return portfolio;
}

/**
 * A ticker a transaction may use: it exists and is not an index; else 400 on ticker_id. An
 * aksjesparekonto holds only what the law allows (lib/askEligibility.ts: the issuer's home state
 * in the EEA, a regulated market, equity funds above 80 % shares), so anything else in an ASK is a
 * 400 naming the rule and the share
 * (https://www.skatteetaten.no/person/skatt/hjelp-til-riktig-skatt/aksjer-og-verdipapirer/om/aksjesparekonto-ask/?pageid=1237).
 */
async function requireTradableTicker(db: Db, tickerId: number, portfolio: PortfolioRow): Promise<void> {
  const ticker = await findTickerRef(db, tickerId);
  if (!ticker || ticker.isIndex) {
    throw new DomainError('invalid', 'VALIDATION_FAILED', 'Invalid transaction', {
      details: [{ path: 'ticker_id', message: 'Unknown ticker', code: 'unknown_ticker' }],
    });
  }
  if (portfolio.accountType === 'ask') {
    const refusal = askRefusalOf(ticker);
    if (refusal) throw invalid('VALIDATION_FAILED', refusal.message, [refusal]);
  }
}

/** The 400 detail refusing `ticker` in an aksjesparekonto, or null when the law allows it. */
export function askRefusalOf(ticker: TickerRef): {
  path: string;
  message: string;
  code: string;
  params: { symbol: string; name: string; home_state: string | null };
} | null {
  // The stored row first; the universe file fills what a provider did not store (ISIN, segment).
  const known = findUniverseTicker(ticker.countryId, ticker.symbol);
  // A fund (or an ETF, a fund traded on an exchange) whose equity share is known is held to the
  // fund rule: more than 80 % shares ("verdipapirfondsandeler med mer enn 80 prosent aksjeandel",
  // Skatteetaten's definition of aksjesparekonto, https://data.skatteetaten.no/begreper/48c47290-eda9-11e8-a3eb-0050568351d2,
  // skatteloven § 10-21): exactly 80 % is refused. A fund whose share is not known (a broker file
  // does not state it) is judged by its issuer's home state only: the ASK that holds it has checked.
  const share = ticker.kind === 'fund' || ticker.kind === 'etf' ? (ticker.equityShare ?? null) : null;
  const verdict = askEligibility({
    isin: ticker.isin ?? known?.isin ?? null,
    domicile: known?.domicile ?? null,
    countryId: ticker.countryId,
    segment: ticker.segment ?? known?.segment ?? null,
    ...(share !== null ? { kind: 'fund' as const, equityShare: share / 100 } : {}),
  });
  if (verdict.eligible) return null;
  return {
    path: 'ticker_id',
    message: askRefusalMessage(verdict.code, ticker.name, ticker.symbol, verdict.homeState),
    code: verdict.code,
    params: { symbol: ticker.symbol, name: ticker.name, home_state: verdict.homeState },
  };
}

/** The stored cash event as it would be after the change, in the ledger. */
function withChange(ledger: readonly TransactionInput[], change: TransactionInput): TransactionInput[] {
  return ledger.some((t) => t.id === change.id)
    ? ledger.map((t) => (t.id === change.id ? change : t))
    : [...ledger, change];
}

/**
 * A cash event (deposit or withdrawal) written inside the locked transaction: a withdrawal must be
 * covered by the cash held just before it (409 INSUFFICIENT_CASH).
 */
async function assertCashEventAllowed(
  tx: Db,
  uid: string,
  portfolio: PortfolioRow,
  change: TransactionInput,
): Promise<void> {
  if (change.eventId !== EVENT_WITHDRAWAL) return;
  const ledger = (await listLedgerMath(tx, uid, portfolio.id)).map(toLedgerInput);
  await assertWithdrawalCovered(tx, portfolio, withChange(ledger, change), change.id);
}

/** POST /portfolioTransaction: add a transaction to the caller's portfolio (201 with the stored row). */
export async function addTransaction(
  db: Db,
  uid: string,
  input: CreateTransactionInput,
): Promise<TransactionDto> {
  const { row, carry } = await db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, uid, input.portfolio_id);
    if (!portfolio) throw portfolioNotFound();
    const change: TransactionInput = {
      id: PROVISIONAL_ID,
      tickerId: input.ticker_id,
      ...transactionFields(input, input.fee),
    };
    const tickerId = input.ticker_id;
    if (tickerId === null) {
      await assertCashEventAllowed(tx, uid, portfolio, change);
    } else {
      await requireTradableTicker(tx, tickerId, portfolio);
      const history = (await listTransactionMath(tx, uid, input.portfolio_id, tickerId)).map(
        toTransactionInput,
      );
      assertValidHistory([...history, { ...change, tickerId }]);
    }
    const [stored] = await insertTransactions(tx, [
      {
        portfolioId: input.portfolio_id,
        tickerId,
        ...transactionFields(input, input.fee),
        comment: input.comment,
      },
    ]);
    if (tickerId === null) {
      await touchPortfolio(tx, input.portfolio_id);
      return { row: stored, carry: undefined };
    }
    return { row: stored, carry: await touchAfterTickerWrite(tx, uid, input.portfolio_id, tickerId) };
  });
  carryDigests(carry);
  return toTransactionDto(row);
}

/** GET /portfolio/{portfolioId}/{tickerId}: the ticker's transactions in (date, id) order; 404 for another's portfolio. */
export async function listTickerTransactions(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerId: number,
): Promise<TransactionDto[]> {
  await requirePortfolio(db, uid, portfolioId);
  return (await listTransactions(db, uid, portfolioId, tickerId)).map(toTransactionDto);
}

/** GET /portfolio/{portfolioId}/cash: the deposits and withdrawals (no ticker) of the caller's portfolio. */
export async function listCashTransactions(
  db: Db,
  uid: string,
  portfolioId: number,
): Promise<TransactionDto[]> {
  await requirePortfolio(db, uid, portfolioId);
  return (await listTransactions(db, uid, portfolioId))
    .filter((row) => row.tickerId === null)
    .map(toTransactionDto);
}

/**
 * PUT /portfolio/transaction: change date, event, quantity, price, fee and comment of the caller's
 * transaction. 404 when it is not theirs; 409 when the edited history breaks the holding rule.
 */
export async function updateTransaction(
  db: Db,
  uid: string,
  input: UpdateTransactionInput,
): Promise<TransactionDto> {
  const existing = await findTransaction(db, uid, input.portfolio_transaction_id);
  if (!existing) throw transactionNotFound();
  const tickerId = existing.tickerId;
  // A cash event stays a cash event and a ticker's event stays a ticker's (the ticker never changes).
  if ((tickerId === null) !== isCashEvent(input.event_id)) {
    throw invalid('VALIDATION_FAILED', 'Invalid transaction', [
      {
        path: 'event_id',
        message:
          tickerId === null
            ? 'A deposit or withdrawal can only become a deposit or withdrawal'
            : 'A trade cannot become a deposit or withdrawal',
        code: 'event_kind_fixed',
      },
    ]);
  }
  const { row, carry } = await db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, uid, existing.portfolioId);
    if (!portfolio) throw transactionNotFound();
    // The schema already made a split's price 0 and resolved its two whole numbers.
    const fields = transactionFields(input, input.fee ?? existing.fee);
    const changed: TransactionInput = { id: existing.id, tickerId, ...fields };
    if (tickerId === null) {
      await assertCashEventAllowed(tx, uid, portfolio, changed);
    } else {
      const history = (await listTransactionMath(tx, uid, existing.portfolioId, tickerId)).map(
        toTransactionInput,
      );
      if (!history.some((t) => t.id === existing.id)) throw transactionNotFound();
      assertValidHistory(history.map((t) => (t.id === existing.id ? { ...changed, tickerId } : t)));
    }
    const updated = await updateTransactionRow(tx, existing.portfolioId, existing.id, {
      ...fields,
      comment: input.comment,
    });
    if (!updated) throw transactionNotFound();
    if (tickerId === null) {
      await touchPortfolio(tx, existing.portfolioId);
      return { row: updated, carry: undefined };
    }
    return {
      row: updated,
      carry: await touchAfterTickerWrite(tx, uid, existing.portfolioId, tickerId),
    };
  });
  carryDigests(carry);
  return toTransactionDto(row);
}

/** DELETE /portfolio/{transactionId}: 404 when it is not the caller's; 409 when a later sell would exceed the holding. */
export async function deleteTransaction(db: Db, uid: string, transactionId: number): Promise<void> {
  const existing = await findTransaction(db, uid, transactionId);
  if (!existing) throw transactionNotFound();
  const tickerId = existing.tickerId;
  const carry = await db.transaction(async (tx) => {
    if (!(await lockPortfolio(tx, uid, existing.portfolioId))) throw transactionNotFound();
    if (tickerId === null) {
      // A cash event: removing it changes only the cash balance.
      if (!(await deleteTransactionRow(tx, existing.portfolioId, existing.id))) throw transactionNotFound();
      await touchPortfolio(tx, existing.portfolioId);
      return undefined;
    }
    const history = (await listTransactionMath(tx, uid, existing.portfolioId, tickerId)).map(
      toTransactionInput,
    );
    if (!history.some((t) => t.id === existing.id)) throw transactionNotFound();
    assertValidHistory(history.filter((t) => t.id !== existing.id));
    if (!(await deleteTransactionRow(tx, existing.portfolioId, existing.id))) throw transactionNotFound();
    return touchAfterTickerWrite(tx, uid, existing.portfolioId, tickerId);
  });
  carryDigests(carry);
}

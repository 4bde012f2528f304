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
import {
  deletePortfolio as deletePortfolioRow,
  deleteTransaction as deleteTransactionRow,
  findPortfolio,
  findTransaction,
  insertPortfolio,
  insertTransactions,
  listPortfolios,
  listTransactionMath,
  listTransactions,
  lockPortfolio,
  updatePortfolio as updatePortfolioRow,
  updateTransaction as updateTransactionRow,
  type PortfolioRow,
} from '@/server/repositories/portfolioRepository';
import { findTickerRef } from '@/server/repositories/marketRepository';
import type {
  CreatePortfolioInput,
  CreateTransactionInput,
  UpdatePortfolioInput,
  UpdateTransactionInput,
} from '@/lib/schemas/portfolio';
import type { PortfolioDto, TransactionDto } from '@/lib/types/portfolio';
import { forgetPortfolio } from './portfolioCache';
import { carryDigests, touchAfterTickerWrite } from './portfolioDigests';
import { toPortfolioDto, toTransactionDto, toTransactionInput } from './portfolioDtos';

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
  input: CreatePortfolioInput,
): Promise<PortfolioDto> {
  const row = await insertPortfolio(db, uid, {
    name: input.portfolio_name,
    description: input.description,
    subscription: input.subscription,
    baseCurrency: input.base_currency,
  });
  return toPortfolioDto(row);
}

export async function updatePortfolio(
  db: Db,
  uid: string,
  input: UpdatePortfolioInput,
): Promise<PortfolioDto> {
  const row = await updatePortfolioRow(db, uid, input.portfolio_id, {
    name: input.portfolio_name,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.subscription === undefined ? {} : { subscription: input.subscription }),
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

/** A ticker a transaction may use: it exists and is not an index; else 400 on ticker_id. */
async function requireTradableTicker(db: Db, tickerId: number): Promise<void> {
  const ticker = await findTickerRef(db, tickerId);
  if (!ticker || ticker.isIndex) {
    throw new DomainError('invalid', 'VALIDATION_FAILED', 'Invalid transaction', {
      details: [{ path: 'ticker_id', message: 'Unknown ticker', code: 'unknown_ticker' }],
    });
  }
}

/** POST /portfolioTransaction: add a transaction to the caller's portfolio (201 with the stored row). */
export async function addTransaction(
  db: Db,
  uid: string,
  input: CreateTransactionInput,
): Promise<TransactionDto> {
  const { row, carry } = await db.transaction(async (tx) => {
    if (!(await lockPortfolio(tx, uid, input.portfolio_id))) throw portfolioNotFound();
    await requireTradableTicker(tx, input.ticker_id);
    const history = (await listTransactionMath(tx, uid, input.portfolio_id, input.ticker_id)).map(
      toTransactionInput,
    );
    assertValidHistory([
      ...history,
      {
        id: PROVISIONAL_ID,
        tickerId: input.ticker_id,
        date: input.date,
        eventId: input.event_id,
        quantity: input.quantity,
        price: input.price,
        fee: input.fee,
        splitTo: input.split_to,
        splitFrom: input.split_from,
      },
    ]);
    const [stored] = await insertTransactions(tx, [
      {
        portfolioId: input.portfolio_id,
        tickerId: input.ticker_id,
        date: input.date,
        eventId: input.event_id,
        quantity: input.quantity,
        price: input.price,
        fee: input.fee,
        splitTo: input.split_to,
        splitFrom: input.split_from,
        comment: input.comment,
      },
    ]);
    return { row: stored, carry: await touchAfterTickerWrite(tx, uid, input.portfolio_id, input.ticker_id) };
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
  const { row, carry } = await db.transaction(async (tx) => {
    if (!(await lockPortfolio(tx, uid, existing.portfolioId))) throw transactionNotFound();
    const history = (await listTransactionMath(tx, uid, existing.portfolioId, existing.tickerId)).map(
      toTransactionInput,
    );
    // The schema already made a split's price 0 and resolved its two whole numbers.
    const price = input.price;
    const changed: TransactionInput = {
      id: existing.id,
      tickerId: existing.tickerId,
      date: input.date,
      eventId: input.event_id,
      quantity: input.quantity,
      price,
      fee: input.fee ?? existing.fee,
      splitTo: input.split_to,
      splitFrom: input.split_from,
    };
    if (!history.some((t) => t.id === existing.id)) throw transactionNotFound();
    assertValidHistory(history.map((t) => (t.id === existing.id ? changed : t)));
    const updated = await updateTransactionRow(tx, existing.portfolioId, existing.id, {
      date: input.date,
      eventId: input.event_id,
      quantity: input.quantity,
      price,
      fee: input.fee ?? existing.fee,
      splitTo: input.split_to,
      splitFrom: input.split_from,
      comment: input.comment,
    });
    if (!updated) throw transactionNotFound();
    return {
      row: updated,
      carry: await touchAfterTickerWrite(tx, uid, existing.portfolioId, existing.tickerId),
    };
  });
  carryDigests(carry);
  return toTransactionDto(row);
}

/** DELETE /portfolio/{transactionId}: 404 when it is not the caller's; 409 when a later sell would exceed the holding. */
export async function deleteTransaction(db: Db, uid: string, transactionId: number): Promise<void> {
  const existing = await findTransaction(db, uid, transactionId);
  if (!existing) throw transactionNotFound();
  const carry = await db.transaction(async (tx) => {
    if (!(await lockPortfolio(tx, uid, existing.portfolioId))) throw transactionNotFound();
    const history = (await listTransactionMath(tx, uid, existing.portfolioId, existing.tickerId)).map(
      toTransactionInput,
    );
    if (!history.some((t) => t.id === existing.id)) throw transactionNotFound();
    assertValidHistory(history.filter((t) => t.id !== existing.id));
    if (!(await deleteTransactionRow(tx, existing.portfolioId, existing.id))) throw transactionNotFound();
    return touchAfterTickerWrite(tx, uid, existing.portfolioId, existing.tickerId);
  });
  carryDigests(carry);
}

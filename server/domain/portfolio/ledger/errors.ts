import type Decimal from 'decimal.js';

/** Base class of every rule violation the portfolio domain reports; `code` is what the API layer maps. */
export abstract class PortfolioDomainError extends Error {
  abstract readonly code: string;
}

/** A sell asks for more shares than are held at that point of the (date, id) history. The API answers 409. */
export class InsufficientHoldingError extends PortfolioDomainError {
  readonly code = 'INSUFFICIENT_HOLDING' as const;
  readonly tickerId: number;
  readonly date: string;
  readonly transactionId: number;
  readonly held: Decimal;
  readonly requested: Decimal;

  constructor(args: {
    tickerId: number;
    date: string;
    transactionId: number;
    held: Decimal;
    requested: Decimal;
  }) {
    super(
      `Selling ${args.requested.toString()} of ticker ${args.tickerId} on ${args.date} ` +
        `(transaction ${args.transactionId}) but only ${args.held.toString()} is held`,
    );
    this.name = 'InsufficientHoldingError';
    this.tickerId = args.tickerId;
    this.date = args.date;
    this.transactionId = args.transactionId;
    this.held = args.held;
    this.requested = args.requested;
  }
}

/** Throw InsufficientHoldingError when the sell `tx` asks for more than `held`. */
export function assertHolding(
  held: Decimal,
  tx: { tickerId: number; date: string; id: number; quantity: Decimal },
): void {
  if (tx.quantity.gt(held)) {
    throw new InsufficientHoldingError({
      tickerId: tx.tickerId,
      date: tx.date,
      transactionId: tx.id,
      held,
      requested: tx.quantity,
    });
  }
}

/** A transaction that breaks a field rule (bad date, non-positive quantity, negative price or fee, unknown event). */
export class InvalidTransactionError extends PortfolioDomainError {
  readonly code = 'INVALID_TRANSACTION' as const;
  readonly transactionId: number;
  readonly reason: string;

  constructor(transactionId: number, reason: string) {
    super(`Transaction ${transactionId}: ${reason}`);
    this.name = 'InvalidTransactionError';
    this.transactionId = transactionId;
    this.reason = reason;
  }
}

/** A conversion needed a USD/NOK rate and the series was empty. */
export class MissingFxRateError extends PortfolioDomainError {
  readonly code = 'MISSING_FX_RATE' as const;
  readonly date: string;

  constructor(date: string) {
    super(`No USD/NOK rate available on or before ${date}`);
    this.name = 'MissingFxRateError';
    this.date = date;
  }
}

/** The caller did not describe a ticker (currency, last price) that the transactions use. */
export class MissingTickerError extends PortfolioDomainError {
  readonly code = 'MISSING_TICKER' as const;
  readonly tickerId: number;

  constructor(tickerId: number) {
    super(`No ticker information for ticker ${tickerId}`);
    this.name = 'MissingTickerError';
    this.tickerId = tickerId;
  }
}

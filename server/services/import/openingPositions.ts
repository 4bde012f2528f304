/** Opening positions for a history that starts mid-way (issue 37): the rows an accepted proposal writes, and its review row. */
import Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DEPOSIT } from '@/lib/constants';
import type { ParsedNordnetRow } from '@/server/domain/portfolio';
import type { ImportResultDto } from '@/lib/types/portfolio';
import type { OpeningProposal } from './plan';

/**
 * Issue 37: the accepted opening positions as buys before the file's first date, at the given or
 * stated cost, each with a deposit of that cost on the same day: the shares were bought before
 * the file, with money the file never shows, so the opening leaves the cash (and the file's
 * Saldo) as it is. A cost in another currency than the account's is converted at the sale's own
 * Vekslingskurs; without one there is no deposit (the cash then differs by that cost).
 */
export function openingRows(
  openings: readonly OpeningProposal[],
  accept: ReadonlyMap<number, string> | undefined,
  baseCurrency: string,
): ParsedNordnetRow[] {
  return openings.flatMap((o): ParsedNordnetRow[] => {
    const given = accept?.get(o.line);
    if (given === undefined) return [];
    const cost = given === '' ? (o.fileCost ?? new Decimal(0)) : new Decimal(given);
    const sale = o.row.parsed;
    const currency = o.row.ticker?.currency ?? sale.currency ?? baseCurrency;
    const inBase =
      currency === baseCurrency
        ? cost
        : sale.fxRate === null
          ? null
          : cost.mul(sale.fxRate).toDecimalPlaces(2);
    const deposit: ParsedNordnetRow[] =
      inBase === null || inBase.isZero()
        ? []
        : [
            {
              line: o.line,
              externalId: `opening-cash-${o.row.externalId}`,
              date: o.date,
              eventId: EVENT_DEPOSIT,
              isin: null,
              name: null,
              quantity: new Decimal(1),
              splitTo: null,
              splitFrom: null,
              comment:
                'The opening position’s cost, paid before the file (leaves the cash as the file has it)',
              price: inBase,
              fee: new Decimal(0),
              currency: baseCurrency,
              transactionType: 'OPENING',
              withholdingTax: null,
              fxRate: null,
              exchangeOfLine: null,
            },
          ];
    return [
      ...deposit,
      {
        line: o.line,
        externalId: `opening-${o.row.externalId}`,
        date: o.date,
        eventId: EVENT_BUY,
        isin: sale.isin,
        name: sale.name,
        quantity: o.quantity,
        splitTo: null,
        splitFrom: null,
        comment: 'Opening position (the file starts after these shares were bought)',
        price: cost.div(o.quantity).toSignificantDigits(15).toDecimalPlaces(10),
        fee: new Decimal(0),
        currency: sale.currency,
        transactionType: 'OPENING',
        withholdingTax: null,
        fxRate: null,
        exchangeOfLine: null,
      },
    ];
  });
}

export function openingReview(o: OpeningProposal): ImportResultDto['review'][number] {
  const sale = o.row;
  return {
    line: o.line,
    date: o.date,
    transaction_type: sale.parsed.transactionType,
    isin: sale.ticker?.isin ?? sale.parsed.isin,
    name: sale.ticker?.name ?? sale.parsed.name,
    quantity: o.quantity.toFixed(),
    amount: null,
    currency: sale.ticker?.currency ?? sale.parsed.currency,
    direction: 'in',
    reason: `the file starts after these shares were bought: an opening position of ${o.quantity.toFixed()} on ${o.date}`,
    code: 'OPENING_POSITION',
    params: { quantity: o.quantity.toFixed(), date: o.date },
    file_cost: o.fileCost?.toFixed() ?? null,
  };
}

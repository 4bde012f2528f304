/**
 * Broker files in (DESIGN.md §5): the Nordnet transaction export, read whole (corporate actions,
 * cash, withholding, exchange rates), in three steps: resolve (./portfolioImport/resolve.ts), plan
 * (./portfolioImport/plan.ts) and write (./portfolioImport/write.ts). The export is
 * portfolioExportService.ts.
 *
 * Rules: each row is held to the API's own schema; a row's currency must be its ticker's; rows
 * already in the portfolio are skipped, so importing a file twice adds nothing; rows the parser
 * cannot map are review rows, written only when the user accepts them with a cost. The work is
 * linear in the rows and yields to the event loop.
 */
import Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_SELL } from '@/lib/constants';
import type { Db } from '@/server/db';
import {
  NORDNET_MAX_ROWS,
  parseNordnetCsvInSteps,
  TooManyRowsError,
  type NordnetParseResult,
  type NordnetReviewRow,
  type ParsedNordnetRow,
} from '@/server/domain/portfolio';
import { invalid, tooLarge } from '@/server/services/errors';
import type { ImportResultDto } from '@/lib/types/portfolio';
import { requirePortfolio } from './portfolioService';
import { resolveFile, yieldToEventLoop } from './portfolioImport/resolve';
import { outcome, planUnlocked, writeImport } from './portfolioImport/write';

export { exportPortfolioCsv } from './portfolioExportService';

/**
 * A review row the user accepted with a total cost: shares in (a buy) or out (a sell) at cost /
 * quantity; null when the row names no quantity and direction (it stays for review).
 */
function acceptedRow(review: NordnetReviewRow, cost: string): ParsedNordnetRow | null {
  if (review.date === null || review.direction === null || review.quantity === null) return null;
  let quantity: Decimal;
  try {
    quantity = new Decimal(review.quantity.replace(/[\s\u00a0]/g, '').replace(',', '.')).abs();
  } catch {
    return null;
  }
  if (quantity.isZero()) return null;
  return {
    line: review.line,
    externalId: review.externalId,
    date: review.date,
    eventId: review.direction === 'in' ? EVENT_BUY : EVENT_SELL,
    isin: review.isin,
    name: review.name,
    quantity,
    splitTo: null,
    splitFrom: null,
    comment: `${review.transactionType} (accepted in review)`,
    price: new Decimal(cost).div(quantity).toSignificantDigits(15).toDecimalPlaces(10),
    fee: new Decimal(0),
    currency: null,
    transactionType: review.transactionType,
    withholdingTax: null,
    fxRate: null,
    exchangeOfLine: null,
  };
}

/**
 * POST /portfolio-import/{id}?format=nordnet[&dryRun=true][&accept=line:cost,...]. A dry run
 * writes nothing and says what would be imported. A real import writes every usable row or, when
 * the rows would break the holding rule, nothing (409 with the line). More than NORDNET_MAX_ROWS
 * rows: 413 with the count.
 */
export async function importNordnet(
  db: Db,
  uid: string,
  portfolioId: number,
  bytes: Uint8Array,
  options: { dryRun: boolean; today: string; accept?: ReadonlyMap<number, string> },
): Promise<ImportResultDto> {
  const portfolio = await requirePortfolio(db, uid, portfolioId);
  let parsed: NordnetParseResult;
  try {
    // Parsed in steps with a yield in between, so /api/health and other requests get their turn.
    const steps = parseNordnetCsvInSteps(bytes);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        parsed = step.value;
        break;
      }
      await yieldToEventLoop();
    }
  } catch (error) {
    if (error instanceof TooManyRowsError) {
      throw tooLarge(
        'IMPORT_TOO_MANY_ROWS',
        `The file has ${error.rows} rows; at most ${NORDNET_MAX_ROWS} can be imported at once`,
        { rows: error.rows, max: NORDNET_MAX_ROWS },
      );
    }
    throw invalid('IMPORT_UNREADABLE', 'The file could not be read as a Nordnet export');
  }
  return importParsed(db, uid, portfolioId, parsed, {
    ...options,
    baseCurrency: portfolio.baseCurrency,
  });
}

/** Resolve, plan and write parsed rows (a Nordnet file's or a mapped CSV's). */
export async function importParsed(
  db: Db,
  uid: string,
  portfolioId: number,
  parsed: NordnetParseResult,
  options: { dryRun: boolean; today: string; accept?: ReadonlyMap<number, string>; baseCurrency: string },
): Promise<ImportResultDto> {
  const accepted: ParsedNordnetRow[] = [];
  const review: ImportResultDto['review'] = [];
  for (const r of parsed.review) {
    const cost = options.accept?.get(r.line);
    const row = cost === undefined ? null : acceptedRow(r, cost);
    if (row) accepted.push(row);
    else
      review.push({
        line: r.line,
        date: r.date,
        transaction_type: r.transactionType,
        isin: r.isin,
        name: r.name,
        quantity: r.quantity,
        amount: r.amount,
        currency: r.currency,
        direction: r.direction,
        reason: r.reason,
      });
  }
  const rows = accepted.length === 0 ? parsed.rows : sortRows([...parsed.rows, ...accepted]);
  const extras = { review, fileBalance: parsed.lastBalance?.toFixed() ?? null };
  await yieldToEventLoop();
  const resolved = await resolveFile(db, { ...parsed, rows }, options);
  await yieldToEventLoop();

  // The checks run against a consistent reading of the portfolio, outside any database transaction
  // (PGlite has one connection: a transaction holds it, and every other request, /api/health's
  // ping included, would wait for the whole check).
  const checked = await planUnlocked(db, uid, portfolioId, resolved);
  if (checked && (options.dryRun || checked.plan.conflict || checked.plan.rows.length === 0))
    return outcome(checked.plan, options.dryRun, extras);
  return writeImport(db, uid, portfolioId, resolved, checked, options, extras);
}

/** Accepted review rows join the others in date order (stable: same-day rows keep their order). */
function sortRows(rows: ParsedNordnetRow[]): ParsedNordnetRow[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.date !== b.r.date ? (a.r.date < b.r.date ? -1 : 1) : a.i - b.i))
    .map((x) => x.r);
}

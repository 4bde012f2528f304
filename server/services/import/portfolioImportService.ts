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
  MappingColumnsError,
  NORDNET_MAX_ROWS,
  parseMappedCsvInSteps,
  parseMappedTableInSteps,
  type MappedParseResult,
  parseNordnetCsvInSteps,
  parseNordnetNumber,
  TooManyRowsError,
  type NordnetParseResult,
  type NordnetReviewRow,
  type ParsedNordnetRow,
} from '@/server/domain/portfolio';
import { importMappingSchema, type ImportMapping } from '@/lib/schemas/importMapping';
import { findImportMapping, saveImportMapping } from '@/server/repositories/importMappingRepository';
import { invalid, tooLarge } from '@/server/services/errors';
import type { ImportAccountDto, ImportResultDto } from '@/lib/types/portfolio';
import { requirePortfolio } from '@/server/services/portfolio';
import { IMPORT_PRESET_NAMES, importPreset } from '@/lib/importPresets';
import { priceCheck } from './plausibility';
import { holdAskIneligibleForReview } from './askReview';
import { resolveFile, yieldToEventLoop } from './resolve';
import { isZip, readSheetTable } from './spreadsheet';
import { openingReview, openingRows } from './openingPositions';
import { refuseOverTextLimit, refuseTooManyLines } from './importLimits';
import { outcome, planUnlocked, writeImport } from './write';

export { exportPortfolioCsv } from './portfolioExportService';

/**
 * A review row the user accepted with a total cost: shares in (a buy) or out (a sell) at cost /
 * quantity; null when the row names no quantity and direction (it stays for review).
 */
function acceptedRow(review: NordnetReviewRow, given: string): ParsedNordnetRow | null {
  if (review.date === null || review.direction === null || review.quantity === null) return null;
  // Issue 37: `LINE:` with no cost takes the cost the file states (0 where it states none).
  const cost = given === '' ? (review.fileCost ?? '0') : given;
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
 * POST /portfolio-import/{id}?format=nordnet[&account=NNN][&dryRun=true][&accept=line:cost,...]. A dry run
 * writes nothing and says what would be imported. A real import writes every usable row or, when
 * the rows would break the holding rule, nothing (409 with the line). More than NORDNET_MAX_ROWS
 * rows: 413 with the count.
 */
export async function importNordnet(
  db: Db,
  uid: string,
  portfolioId: number,
  bytes: Uint8Array,
  options: { dryRun: boolean; today: string; accept?: ReadonlyMap<number, string>; account?: string },
): Promise<ImportResultDto> {
  refuseOverTextLimit(bytes);
  refuseTooManyLines(bytes);
  const portfolio = await requirePortfolio(db, uid, portfolioId);
  const parsed = await parseInSteps(
    () => parseNordnetCsvInSteps(bytes, { account: options.account }),
    'The file could not be read as a Nordnet export',
  );
  const accounts = (parsed.accounts ?? []).map((a): ImportAccountDto => ({
    account: a.account,
    rows: a.rows,
    balance: a.balance?.toFixed() ?? null,
    currency: a.currency,
  }));
  refuseAccountChoice(accounts, options);
  const result = await importParsed(db, uid, portfolioId, parsed, {
    ...options,
    baseCurrency: portfolio.baseCurrency,
  });
  return { ...result, accounts };
}

/**
 * Issue 37: an `account` the file does not hold is 400 naming the file's accounts; a real import
 * of a file with several accounts must name one (each account goes to its own portfolio: an ASK
 * and an ordinary account mixed would be wrong for tax, and the cash would be no account's).
 */
function refuseAccountChoice(
  accounts: readonly ImportAccountDto[],
  options: { dryRun: boolean; account?: string },
) {
  const names = accounts.map((a) => a.account);
  const detail = (message: string) => [{ path: 'account', message, code: 'custom', valid: names }];
  if (options.account !== undefined && !names.includes(options.account)) {
    throw invalid(
      'IMPORT_ACCOUNT_UNKNOWN',
      `The file has no account "${options.account}"; its accounts are ${names.join(', ') || 'none'}`,
      detail(`one of ${names.join(', ')}`),
    );
  }
  if (options.account === undefined && !options.dryRun && names.length > 1) {
    throw invalid(
      'IMPORT_ACCOUNT_REQUIRED',
      `The file holds ${names.length} accounts (${names.join(', ')}); import them one at a time with account=`,
      detail('choose the account to import into this portfolio'),
    );
  }
}

/**
 * Run a parser generator with a yield to the event loop at each of its pauses, so /api/health and
 * other requests get their turn; more than NORDNET_MAX_ROWS rows is 413 with the count.
 */
async function parseInSteps<R extends NordnetParseResult>(
  start: () => Generator<void, R, void>,
  unreadable: string,
): Promise<R> {
  try {
    const steps = start();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
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
    if (error instanceof MappingColumnsError) {
      // Each missing column next to its field in the dialog (the validation error's details shape).
      throw invalid(
        'IMPORT_MAPPING_COLUMNS',
        `The file has no column ${error.missing.map((m) => `"${m.column}"`).join(', ')}`,
        error.missing.map((m) => ({
          path: `mapping.columns.${m.field}`,
          message: `"${m.column}" is not a column of the file`,
          code: 'custom',
        })),
      );
    }
    throw invalid('IMPORT_UNREADABLE', unreadable);
  }
}

/**
 * POST /portfolio-import/{id}?format=mapped&broker=NAME[&mapping=JSON][&dryRun=true][&accept=...]:
 * any broker's CSV through a column and type-word mapping (server/domain/portfolio/formats/mappedCsv.ts),
 * then the same resolve / plan / write as a Nordnet file. Without `mapping` the user's saved
 * mapping for the broker is used; a mapping given with a real import that succeeds is saved for
 * the broker, so the next file imports in one click.
 *
 * Issue 37 item 3: `preset=NAME` takes a broker's layout from lib/importPresets.ts (a `mapping`
 * given beside it wins; `broker` is then optional); an unknown preset is 400 with the valid
 * names. An .xlsx body (a zip) is read from its first sheet. The answer's `warnings` are the
 * numbers that cannot be right: grouping and quantity from the parser, prices against the day's close here.
 */
export async function importMapped(
  db: Db,
  uid: string,
  portfolioId: number,
  bytes: Uint8Array,
  options: {
    broker?: string;
    preset?: string;
    mapping?: unknown;
    dryRun: boolean;
    today: string;
    accept?: ReadonlyMap<number, string>;
  },
): Promise<ImportResultDto> {
  refuseOverTextLimit(bytes);
  refuseTooManyLines(bytes);
  const portfolio = await requirePortfolio(db, uid, portfolioId);
  const mapping = await mappingFor(db, uid, options);
  const parsed: MappedParseResult = isZip(bytes)
    ? await readSheet(bytes, mapping)
    : await parseInSteps(() => parseMappedCsvInSteps(bytes, mapping), 'The file could not be read as CSV');
  const result = await importParsed(db, uid, portfolioId, parsed, {
    ...options,
    baseCurrency: portfolio.baseCurrency,
  });
  const priced = await priceCheck(db, result.rows, parsed.prices, mapping.decimal);
  const warnings = [...parsed.warnings, ...priced].sort((a, b) => a.line - b.line);
  if (!options.dryRun && options.mapping !== undefined && options.broker !== undefined)
    await saveImportMapping(db, uid, options.broker, mapping);
  return { ...result, warnings };
}

async function readSheet(bytes: Uint8Array, mapping: ImportMapping): Promise<MappedParseResult> {
  const table = await readSheetTable(bytes, mapping.decimal);
  return parseInSteps(() => parseMappedTableInSteps(table, mapping), 'The sheet could not be read');
}

/** The mapping an import uses: the one given, else the preset's, else the broker's saved one. */
async function mappingFor(
  db: Db,
  uid: string,
  options: { broker?: string; preset?: string; mapping?: unknown },
): Promise<ImportMapping> {
  if (options.mapping !== undefined) {
    const checked = importMappingSchema.safeParse(options.mapping);
    if (!checked.success) {
      throw invalid(
        'VALIDATION_FAILED',
        'Invalid mapping',
        checked.error.issues.map((issue) => ({
          path: ['mapping', ...issue.path.map(String)].join('.'),
          message: issue.message,
          code: issue.code,
        })),
      );
    }
    if (options.preset !== undefined) presetOf(options.preset);
    return checked.data;
  }
  if (options.preset !== undefined) return presetOf(options.preset).mapping;
  const broker = options.broker ?? '';
  const saved = await findImportMapping(db, uid, broker);
  if (!saved) {
    throw invalid('IMPORT_MAPPING_MISSING', `No saved mapping for "${broker}"`, [
      { path: 'mapping', message: "Map the file's columns first", code: 'custom' },
    ]);
  }
  return saved.mapping;
}

function presetOf(name: string) {
  const preset = importPreset(name);
  if (!preset) {
    throw invalid(
      'IMPORT_PRESET_UNKNOWN',
      `No preset "${name}"; the presets are ${IMPORT_PRESET_NAMES.join(', ')}`,
      [
        {
          path: 'preset',
          message: `one of ${IMPORT_PRESET_NAMES.join(', ')}`,
          code: 'custom',
          valid: [...IMPORT_PRESET_NAMES],
        },
      ],
    );
  }
  return preset;
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
        code: r.code,
        params: r.params,
        file_cost: r.fileCost ?? null,
        amount_value: amountValue(r.amount),
      });
  }
  const rows = accepted.length === 0 ? parsed.rows : sortRows([...parsed.rows, ...accepted]);
  const extras = { review, fileBalance: parsed.lastBalance?.toFixed() ?? null };
  await yieldToEventLoop();
  let resolved = await resolveFile(db, { ...parsed, rows }, options);
  await holdAskIneligibleForReview(db, uid, portfolioId, resolved, review);
  await yieldToEventLoop();

  // The checks run against a consistent reading of the portfolio, outside any database transaction
  // (PGlite has one connection: a transaction holds it, and every other request, /api/health's
  // ping included, would wait for the whole check).
  let checked = await planUnlocked(db, uid, portfolioId, resolved);
  // Issue 37: accepted opening positions join the rows, and the file is checked again with them.
  const openings = checked ? openingRows(checked.plan.openings, options.accept, options.baseCurrency) : [];
  if (openings.length > 0) {
    resolved = await resolveFile(db, { ...parsed, rows: sortRows([...openings, ...rows]) }, options);
    await yieldToEventLoop();
    checked = await planUnlocked(db, uid, portfolioId, resolved);
  }
  for (const o of checked?.plan.openings ?? []) review.push(openingReview(o));
  review.sort((a, b) => a.line - b.line);
  if (checked && (options.dryRun || checked.plan.conflict || checked.plan.rows.length === 0))
    return outcome(checked.plan, options.dryRun, extras);
  return writeImport(db, uid, portfolioId, resolved, checked, options, extras);
}

/** A review row's Beløp as a canonical decimal (issue 39 item 8: the preview shows what it pays); null when unreadable. */
function amountValue(text: string | null): string | null {
  if (text === null) return null;
  try {
    return parseNordnetNumber(text)?.toFixed() ?? null;
  } catch {
    return null;
  }
}

/** Accepted review rows join the others in date order (stable: same-day rows keep their order). */
function sortRows(rows: ParsedNordnetRow[]): ParsedNordnetRow[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.date !== b.r.date ? (a.r.date < b.r.date ? -1 : 1) : a.i - b.i))
    .map((x) => x.r);
}

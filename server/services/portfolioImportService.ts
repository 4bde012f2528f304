/**
 * Broker files (DESIGN.md §5): the Nordnet transaction export in, and our own export out in the
 * same format, so that the import reads it back.
 *
 * Import rules: securities are resolved by ISIN, then by ticker code on the file's market (Nordnet
 * writes `EQNR` in Verdipapir), then by exact name (case and spacing aside); an unknown or
 * ambiguous security is reported with its line, never guessed. Each row is held to the API's own
 * schema. The work is linear in the rows, yields to the event loop, and reads in chunks. A row's
 * currency must be its ticker's. Rows already in the portfolio (same broker Id; for our own export,
 * the same transaction) are skipped, so importing a file twice adds nothing. The rows that can be
 * used are written in one database transaction, after the whole history (stored + new) passed the
 * holding rule: all of them or none.
 *
 * Staying responsive (PGlite is one connection on the request thread: a statement blocks the event
 * loop while it runs, and an open transaction makes every other query wait): parsing, resolving and
 * the checks run outside any transaction, against a reading of the portfolio that its revision
 * proves consistent, so a dry run never holds the connection; the write transaction only locks,
 * confirms the revision (else checks again under the lock) and appends the rows in bounded
 * statements with a turn for the event loop between them.
 */
import crypto from 'node:crypto';
import type { z } from 'zod';
import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import { newTransactionSchema, type NewTransactionInput } from '@/lib/schemas/portfolio';
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import {
  InsufficientHoldingError,
  NORDNET_MAX_ROWS,
  TooManyRowsError,
  compareTransactions,
  exportNordnetCsv,
  parseNordnetCsvInSteps,
  toApiQuantity,
  validateHistory,
  type NordnetParseResult,
  type ParsedNordnetRow,
  type TransactionInput,
} from '@/server/domain/portfolio';
import {
  existingExternalIds,
  appendTransactions,
  listTransactionMathFast,
  listTransactions,
  lockPortfolio,
  ownTransactionIds,
  portfolioRevision,
  touchPortfolio,
} from '@/server/repositories/portfolioRepository';
import {
  findTickerRefs,
  findTickersByIsin,
  findTickersByName,
  findTickersBySymbols,
  nameKey,
  type TickerRef,
} from '@/server/repositories/marketRepository';
import type { ImportPreviewRow, ImportResultDto } from '@/lib/types/portfolio';
import { exactAmount, toTransactionInput } from './portfolioDtos';
import { portfolioNotFound, requirePortfolio } from './portfolioService';

/** The Id our export writes for a transaction that did not come from a broker file. */
const OWN_ID_PREFIX = 'trendvakt-';
/** Ids the history check gives the new rows: above every stored id, in file (chronological) order. */
const FIRST_PROVISIONAL_ID = 2 ** 52;

interface ResolvedRow {
  parsed: ParsedNordnetRow;
  ticker: TickerRef;
  externalId: string;
  /** The row as the API's own schema accepted it (canonical decimal strings, split resolved). */
  input: NewTransactionInput;
}

interface ImportPlan {
  rows: ResolvedRow[];
  errors: { line: number; message: string }[];
  skipped: { line: number; reason: string }[];
  /** The first sell the new rows would make exceed its holding (the import then writes nothing). */
  conflict: { line: number; error: InsufficientHoldingError } | null;
}

/** Rows handled between two yields to the event loop, so /api/health answers during an import. */
const YIELD_EVERY = 500;
/** Rows per write statement (about 10 ms each in PGlite); the event loop gets a turn between them. */
const WRITE_BATCH = 500;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The market a file row trades on, from its currency (Oslo in NOK, the US in USD); null when unknown. */
function marketOf(currency: string | null): MarketId | null {
  if (currency === 'NOK') return MARKET_OSLO;
  if (currency === 'USD') return MARKET_US;
  return null;
}

function describe(row: ParsedNordnetRow): string {
  const name = row.name ?? '';
  return row.isin ? `${name} (${row.isin})`.trim() : name;
}

/** Pick the one ticker a candidate list means; several listings are narrowed by the row's currency. */
function pickOne(candidates: TickerRef[] | undefined, currency: string | null): TickerRef[] {
  if (!candidates || candidates.length <= 1) return candidates ?? [];
  const sameCurrency = currency ? candidates.filter((c) => c.currency === currency) : [];
  return sameCurrency.length >= 1 ? sameCurrency : candidates;
}

/**
 * The tickers a row can mean (DESIGN.md §5): by ISIN; else by ticker code (Nordnet writes `EQNR`
 * in Verdipapir) on the file's market; else by exact name. A ticker whose own ISIN differs from
 * the row's is another security and never matches by code or name.
 */
function resolve(row: ParsedNordnetRow, lookups: Lookups): TickerRef[] {
  const isin = row.isin?.toUpperCase() ?? null;
  const compatible = (t: TickerRef) => isin === null || t.isin === null || t.isin.toUpperCase() === isin;
  if (isin) {
    const byIsin = pickOne(lookups.byIsin.get(isin), row.currency);
    if (byIsin.length > 0) return byIsin;
  }
  if (row.name) {
    const market = marketOf(row.currency);
    const byCode = (lookups.bySymbol.get(row.name.trim()) ?? []).filter(
      (t) => compatible(t) && (market === null || t.countryId === market),
    );
    if (byCode.length > 0) return byCode;
    const byName = pickOne(lookups.byName.get(nameKey(row.name)), row.currency).filter(compatible);
    if (byName.length > 0) return byName;
  }
  return [];
}

interface Lookups {
  byIsin: Map<string, TickerRef[]>;
  bySymbol: Map<string, TickerRef[]>;
  byName: Map<string, TickerRef[]>;
}

/** A broker row without an Id still gets a stable one, so a second import of the file skips it. */
function contentId(row: ParsedNordnetRow): string {
  const content = [
    row.date,
    row.eventId,
    row.isin ?? '',
    row.name ?? '',
    row.quantity.toString(),
    row.price.toString(),
    row.fee.toString(),
  ].join('|');
  return `noid-${crypto.createHash('sha256').update(content).digest('hex').slice(0, 24)}`;
}

/** A resolved row's ticker, date, event and exact amounts, as the history check and the write take them. */
function amountsOf(r: ResolvedRow) {
  return {
    tickerId: r.ticker.id,
    date: r.input.date,
    eventId: r.input.event_id,
    quantity: r.input.quantity,
    price: r.input.price,
    fee: r.input.fee,
    splitTo: r.input.split_to,
    splitFrom: r.input.split_from,
  };
}

/** The first message of a row the API's schema refused, naming the field ("quantity: At most 10 decimals"). */
function schemaMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'row';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

/** The file's rows resolved to tickers and held to the API's schema (errors by line). */
interface ResolvedFile {
  candidates: ResolvedRow[];
  errors: { line: number; message: string }[];
  skipped: { line: number; reason: string }[];
}

/**
 * Resolve every row to its ticker and hold it to the API's schema. Market data only: this runs
 * before the portfolio is locked, so the database (PGlite serves one statement at a time) stays
 * free for other requests while the rows are checked.
 */
async function resolveFile(db: Db, parsed: NordnetParseResult, today: string): Promise<ResolvedFile> {
  const errors = [...parsed.errors];
  const skipped = [...parsed.skipped];
  const lookups: Lookups = {
    byIsin: await findTickersByIsin(
      db,
      parsed.rows.flatMap((r) => (r.isin ? [r.isin] : [])),
    ),
    bySymbol: await findTickersBySymbols(
      db,
      parsed.rows.flatMap((r) => (r.name ? [r.name] : [])),
    ),
    byName: await findTickersByName(
      db,
      parsed.rows.flatMap((r) => (r.name ? [r.name] : [])),
    ),
  };
  const schema = newTransactionSchema(today);

  const candidates: ResolvedRow[] = [];
  const occurrences = new Map<string, number>();
  for (let i = 0; i < parsed.rows.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    const row = parsed.rows[i];
    const matches = resolve(row, lookups);
    if (matches.length === 0) {
      errors.push({
        line: row.line,
        message: `unknown security ${describe(row)}: no ticker has this ISIN, ticker code or name`,
      });
      continue;
    }
    if (matches.length > 1) {
      errors.push({
        line: row.line,
        message: `ambiguous security ${describe(row)}: ${matches.map((m) => m.symbol).join(', ')} all match`,
      });
      continue;
    }
    const ticker = matches[0];
    if (row.currency && row.currency !== ticker.currency) {
      errors.push({
        line: row.line,
        message: `${describe(row)} is in ${row.currency} in the file but ${ticker.symbol} trades in ${ticker.currency}`,
      });
      continue;
    }
    // The API's own rules for the row (date, amounts: 10 decimals and 15 significant digits, split, comment).
    const checked = schema.safeParse({
      date: row.date,
      event_id: row.eventId,
      ticker_id: ticker.id,
      quantity: row.quantity.toFixed(),
      price: row.price.toFixed(),
      fee: row.fee.toFixed(),
      split_to: row.splitTo,
      split_from: row.splitFrom,
      comment: row.comment,
    });
    if (!checked.success) {
      errors.push({ line: row.line, message: schemaMessage(checked.error) });
      continue;
    }
    let externalId = row.externalId;
    if (externalId === null) {
      const base = contentId(row);
      const n = occurrences.get(base) ?? 0;
      occurrences.set(base, n + 1);
      externalId = `${base}-${n}`;
    }
    candidates.push({ parsed: row, ticker, externalId, input: checked.data });
  }
  return { candidates, errors, skipped };
}

/**
 * Inside the locked portfolio: skip rows already in it (or earlier in the file), then hold the
 * stored history plus the new rows to the holding rule.
 */
async function plan(tx: Db, uid: string, portfolioId: number, resolved: ResolvedFile): Promise<ImportPlan> {
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
  const rows: ResolvedRow[] = [];
  for (const c of candidates) {
    const own = ownIdOf(c.externalId);
    if (known.has(c.externalId) || (own !== null && ownIds.has(own))) {
      skipped.push({ line: c.parsed.line, reason: `already in this portfolio (Id ${c.externalId})` });
    } else if (seen.has(c.externalId)) {
      skipped.push({
        line: c.parsed.line,
        reason: `the same Id ${c.externalId} appears earlier in the file`,
      });
    } else {
      seen.add(c.externalId);
      rows.push(c);
    }
  }
  await yieldToEventLoop();

  // The holding rule over the stored history plus every new row, ticker by ticker (a ticker's
  // history is independent of the others'), yielding between tickers.
  const stored = (await listTransactionMathFast(tx, uid, portfolioId)).map(toTransactionInput);
  const lineOf = new Map<number, number>();
  const byTicker = new Map<number, TransactionInput[]>();
  const historyOf = (tickerId: number) => {
    let list = byTicker.get(tickerId);
    if (!list) byTicker.set(tickerId, (list = []));
    return list;
  };
  for (const t of stored) historyOf(t.tickerId).push(t);
  rows.forEach((r, i) => {
    const id = FIRST_PROVISIONAL_ID + i;
    lineOf.set(id, r.parsed.line);
    historyOf(r.ticker.id).push({ id, ...amountsOf(r) });
  });
  let violation: InsufficientHoldingError | null = null;
  for (const history of byTicker.values()) {
    await yieldToEventLoop();
    const found = validateHistory(history);
    if (found instanceof InsufficientHoldingError) {
      const at = (e: InsufficientHoldingError) => ({ date: e.date, id: e.transactionId });
      if (violation === null || compareTransactions(at(found), at(violation)) < 0) violation = found;
    } else if (found) throw new DomainError('invalid', 'VALIDATION_FAILED', found.message);
  }
  let conflict: ImportPlan['conflict'] = null;
  if (violation) {
    // The sell is a new row, or a stored one that a new reverse split would leave short (line 0).
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
  return { rows, errors, skipped, conflict };
}

function preview(rows: ResolvedRow[]): ImportPreviewRow[] {
  return rows.map((r) => ({
    line: r.parsed.line,
    external_id: r.externalId,
    date: r.input.date,
    event_id: r.input.event_id,
    ticker_id: r.ticker.id,
    symbol: r.ticker.symbol,
    long_name: r.ticker.name,
    quantity: exactAmount(r.input.quantity),
    price: exactAmount(r.input.price),
    fee: exactAmount(r.input.fee),
    split_to: r.input.split_to,
    split_from: r.input.split_from,
  }));
}

/**
 * POST /portfolio-import/{id}?format=nordnet[&dryRun=true]. A dry run writes nothing and says what
 * would be imported. A real import writes every usable row or, when the rows would break the
 * holding rule, nothing (409 with the line). More than NORDNET_MAX_ROWS rows: 413 with the count.
 */
export async function importNordnet(
  db: Db,
  uid: string,
  portfolioId: number,
  bytes: Uint8Array,
  options: { dryRun: boolean; today: string },
): Promise<ImportResultDto> {
  await requirePortfolio(db, uid, portfolioId);
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
      throw new DomainError(
        'too_large',
        'IMPORT_TOO_MANY_ROWS',
        `The file has ${error.rows} rows; at most ${NORDNET_MAX_ROWS} can be imported at once`,
        { details: { rows: error.rows, max: NORDNET_MAX_ROWS } },
      );
    }
    throw new DomainError('invalid', 'IMPORT_UNREADABLE', 'The file could not be read as a Nordnet export');
  }
  await yieldToEventLoop();
  const resolved = await resolveFile(db, parsed, options.today);
  await yieldToEventLoop();

  // The checks run against a consistent reading of the portfolio, outside any database transaction
  // (PGlite has one connection: a transaction holds it, and every other request, /api/health's
  // ping included, would wait for the whole check).
  const checked = await planUnlocked(db, uid, portfolioId, resolved);
  if (checked && (options.dryRun || checked.plan.conflict || checked.plan.rows.length === 0))
    return outcome(checked.plan, options.dryRun);

  const result = await db.transaction(async (tx) => {
    // The lock makes the duplicate and holding checks hold until the rows are written.
    if (!(await lockPortfolio(tx, uid, portfolioId))) throw portfolioNotFound();
    // Written in between (or never read consistently): check again, now under the lock.
    const unchanged =
      checked && (await portfolioRevision(tx, uid, portfolioId))?.revision === checked.revision;
    const p = unchanged ? checked.plan : await plan(tx, uid, portfolioId, resolved);
    if (options.dryRun || p.conflict || p.rows.length === 0) return outcome(p, options.dryRun);
    // Bounded statements with a turn for the event loop between them; one transaction, so all
    // rows are written or none.
    for (let i = 0; i < p.rows.length; i += WRITE_BATCH) {
      if (i > 0) await yieldToEventLoop();
      await appendTransactions(
        tx,
        portfolioId,
        p.rows
          .slice(i, i + WRITE_BATCH)
          .map((r) => ({ ...amountsOf(r), comment: r.input.comment, externalId: r.externalId })),
      );
    }
    await touchPortfolio(tx, portfolioId);
    return { ...outcome(p, false), imported: p.rows.length };
  });
  return result;
}

/**
 * The plan against one consistent reading of the portfolio, taken without a lock: the portfolio's
 * revision (bumped by every write to it) is read before and after, and a reading that a write
 * overlapped is taken again. Null when writes kept overlapping (the caller then plans under the
 * lock).
 */
async function planUnlocked(
  db: Db,
  uid: string,
  portfolioId: number,
  resolved: ResolvedFile,
): Promise<{ plan: ImportPlan; revision: string } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await portfolioRevision(db, uid, portfolioId);
    if (!before) throw portfolioNotFound();
    const p = await plan(db, uid, portfolioId, resolved);
    const after = await portfolioRevision(db, uid, portfolioId);
    if (!after) throw portfolioNotFound();
    if (after.revision === before.revision) return { plan: p, revision: before.revision };
  }
  return null;
}

/**
 * The answer to a plan that writes nothing: a dry run (what would be imported), nothing new, or
 * 409 when the rows would break the holding rule.
 */
function outcome(p: ImportPlan, dryRun: boolean): ImportResultDto {
  const base = {
    dry_run: dryRun,
    errors: p.errors,
    skipped: p.skipped.length,
    skipped_rows: p.skipped,
    rows: preview(p.rows),
  };
  if (p.conflict && !dryRun) {
    const { line, error: e } = p.conflict;
    const message = p.errors.find((x) => x.line === line)?.message ?? 'holding exceeded';
    throw new DomainError('conflict', 'INSUFFICIENT_HOLDING', `Line ${line}: ${message}`, {
      details: { line, date: e.date, held: toApiQuantity(e.held), requested: toApiQuantity(e.requested) },
    });
  }
  return { ...base, imported: dryRun && !p.conflict ? p.rows.length : 0 };
}

function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return slug || 'portfolio';
}

/**
 * GET /portfolio-export/{id}: the portfolio's transactions as a Nordnet-style file (UTF-8 with BOM,
 * tab-separated, newest first) that the import reads back; importing it into the same portfolio
 * adds nothing.
 */
export async function exportPortfolioCsv(
  db: Db,
  uid: string,
  portfolioId: number,
  today: string,
): Promise<{ filename: string; bytes: Uint8Array }> {
  const portfolio = await requirePortfolio(db, uid, portfolioId);
  const rows = await listTransactions(db, uid, portfolioId);
  const refs = await findTickerRefs(
    db,
    rows.map((r) => r.tickerId),
  );
  const bytes = exportNordnetCsv(
    rows.map((r) => {
      const ref = refs.get(r.tickerId);
      return {
        id: r.id,
        date: r.date,
        eventId: r.eventId,
        isin: ref?.isin ?? null,
        name: ref?.name ?? String(r.tickerId),
        quantity: r.quantity,
        price: r.price,
        fee: r.fee,
        currency: ref?.currency ?? 'NOK',
        comment: r.comment,
        splitTo: r.splitTo,
        splitFrom: r.splitFrom,
        // The broker's Id when the row came from a file, else trendvakt-<id>.
        externalId: r.externalId ?? `${OWN_ID_PREFIX}${r.id}`,
      };
    }),
    portfolio.name,
  );
  return { filename: `trendvakt-${fileSlug(portfolio.name)}-${today}.csv`, bytes };
}

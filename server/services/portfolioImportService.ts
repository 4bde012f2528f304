/**
 * Broker files (DESIGN.md §5): the Nordnet transaction export in, and our own export out in the
 * same format, so that the import reads it back.
 *
 * Import rules: securities are resolved by ISIN, then by exact name (case and spacing aside) among
 * the tickers; an unknown or ambiguous security is reported with its line, never guessed. A row's
 * currency must be its ticker's. Rows already in the portfolio (same broker Id; for our own export,
 * the same transaction) are skipped, so importing a file twice adds nothing. The rows that can be
 * used are written in one database transaction, after the whole history (stored + new) passed the
 * holding rule: all of them or none.
 */
import crypto from 'node:crypto';
import type { Db } from '@/server/db';
import { HttpError } from '@/server/http/errors';
import {
  InsufficientHoldingError,
  exportNordnetCsv,
  normalizeTransaction,
  parseNordnetCsv,
  toApiNumber,
  validateHistory,
  type NordnetParseResult,
  type ParsedNordnetRow,
  type TransactionInput,
} from '@/server/domain/portfolio';
import {
  existingExternalIds,
  insertTransactions,
  listTransactionMath,
  listTransactions,
  lockPortfolio,
  ownTransactionIds,
  touchPortfolio,
} from '@/server/repositories/portfolioRepository';
import {
  findTickerRefs,
  findTickersByIsin,
  findTickersByName,
  nameKey,
  type TickerRef,
} from '@/server/repositories/portfolioMarketReads';
import type { ImportPreviewRow, ImportResultDto } from '@/lib/types/portfolio';
import { toTransactionInput } from './portfolioDtos';
import { portfolioNotFound, requirePortfolio } from './portfolioService';

/** The Id our export writes for a transaction that did not come from a broker file. */
const OWN_ID_PREFIX = 'trendvakt-';
/** Ids the history check gives the new rows: above every stored id, in file (chronological) order. */
const FIRST_PROVISIONAL_ID = 2 ** 52;

interface ResolvedRow {
  parsed: ParsedNordnetRow;
  ticker: TickerRef;
  externalId: string;
}

interface ImportPlan {
  rows: ResolvedRow[];
  errors: { line: number; message: string }[];
  skipped: { line: number; reason: string }[];
  /** The first sell the new rows would make exceed its holding (the import then writes nothing). */
  conflict: { line: number; error: InsufficientHoldingError } | null;
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

async function plan(
  tx: Db,
  uid: string,
  portfolioId: number,
  parsed: NordnetParseResult,
  today: string,
): Promise<ImportPlan> {
  const errors = [...parsed.errors];
  const skipped = [...parsed.skipped];
  const byIsin = await findTickersByIsin(
    tx,
    parsed.rows.flatMap((r) => (r.isin ? [r.isin] : [])),
  );
  const byName = await findTickersByName(
    tx,
    parsed.rows.flatMap((r) => (r.name ? [r.name] : [])),
  );

  const candidates: ResolvedRow[] = [];
  const occurrences = new Map<string, number>();
  for (const row of parsed.rows) {
    let matches = row.isin ? pickOne(byIsin.get(row.isin.toUpperCase()), row.currency) : [];
    if (matches.length === 0 && row.name) matches = pickOne(byName.get(nameKey(row.name)), row.currency);
    if (matches.length === 0) {
      errors.push({
        line: row.line,
        message: `unknown security ${describe(row)}: no ticker has this ISIN or name`,
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
    if (row.date > today) {
      errors.push({ line: row.line, message: `date ${row.date} is in the future` });
      continue;
    }
    let externalId = row.externalId;
    if (externalId === null) {
      const base = contentId(row);
      const n = occurrences.get(base) ?? 0;
      occurrences.set(base, n + 1);
      externalId = `${base}-${n}`;
    }
    candidates.push({ parsed: row, ticker, externalId });
  }

  // De-duplicate: against the portfolio, and within the file.
  const known = await existingExternalIds(
    tx,
    portfolioId,
    candidates.map((c) => c.externalId),
  );
  const ownIds = await ownTransactionIds(
    tx,
    portfolioId,
    candidates.flatMap((c) => {
      const m = new RegExp(`^${OWN_ID_PREFIX}(\\d{1,15})$`).exec(c.externalId);
      return m ? [Number(m[1])] : [];
    }),
  );
  const seen = new Set<string>();
  const rows: ResolvedRow[] = [];
  for (const c of candidates) {
    const own = new RegExp(`^${OWN_ID_PREFIX}(\\d{1,15})$`).exec(c.externalId);
    if (known.has(c.externalId) || (own && ownIds.has(Number(own[1])))) {
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

  // The holding rule over the stored history plus every new row.
  const stored = (await listTransactionMath(tx, uid, portfolioId)).map(toTransactionInput);
  const lineOf = new Map<number, number>();
  const incoming: TransactionInput[] = rows.map((r, i) => {
    const id = FIRST_PROVISIONAL_ID + i;
    lineOf.set(id, r.parsed.line);
    return {
      id,
      tickerId: r.ticker.id,
      date: r.parsed.date,
      eventId: r.parsed.eventId,
      quantity: r.parsed.quantity,
      price: r.parsed.price,
      fee: r.parsed.fee,
    };
  });
  // A row the domain finds malformed (it should not: the parser checked) becomes a line error.
  const valid: TransactionInput[] = [];
  const validRows: ResolvedRow[] = [];
  incoming.forEach((t, i) => {
    try {
      normalizeTransaction(t);
      valid.push(t);
      validRows.push(rows[i]);
    } catch (error) {
      errors.push({
        line: rows[i].parsed.line,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
  let conflict: ImportPlan['conflict'] = null;
  const violation = validateHistory([...stored, ...valid]);
  if (violation instanceof InsufficientHoldingError) {
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
  return { rows: validRows, errors, skipped, conflict };
}

function preview(rows: ResolvedRow[]): ImportPreviewRow[] {
  return rows.map((r) => ({
    line: r.parsed.line,
    external_id: r.externalId,
    date: r.parsed.date,
    event_id: r.parsed.eventId,
    ticker_id: r.ticker.id,
    symbol: r.ticker.symbol,
    long_name: r.ticker.name,
    quantity: toApiNumber(r.parsed.quantity),
    price: toApiNumber(r.parsed.price),
    fee: toApiNumber(r.parsed.fee),
  }));
}

/**
 * POST /portfolio-import/{id}?format=nordnet[&dryRun=true]. A dry run writes nothing and says what
 * would be imported. A real import writes every usable row or, when the rows would break the
 * holding rule, nothing (409 with the line).
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
    parsed = parseNordnetCsv(bytes);
  } catch {
    throw new HttpError(400, 'IMPORT_UNREADABLE', 'The file could not be read as a Nordnet export');
  }
  const result = await db.transaction(async (tx) => {
    // The lock makes the duplicate and holding checks hold until the rows are written.
    if (!(await lockPortfolio(tx, uid, portfolioId))) throw portfolioNotFound();
    const p = await plan(tx, uid, portfolioId, parsed, options.today);
    const base = {
      dry_run: options.dryRun,
      errors: p.errors,
      skipped: p.skipped.length,
      skipped_rows: p.skipped,
      rows: preview(p.rows),
    };
    if (p.conflict) {
      if (options.dryRun) return { ...base, imported: 0 };
      const e = p.conflict.error;
      const message = p.errors.find((x) => x.line === p.conflict!.line)?.message ?? 'holding exceeded';
      throw new HttpError(409, 'INSUFFICIENT_HOLDING', `Line ${p.conflict.line}: ${message}`, {
        line: p.conflict.line,
        date: e.date,
        held: toApiNumber(e.held),
        requested: toApiNumber(e.requested),
      });
    }
    if (options.dryRun || p.rows.length === 0)
      return { ...base, imported: options.dryRun ? p.rows.length : 0 };
    await insertTransactions(
      tx,
      p.rows.map((r) => ({
        portfolioId,
        tickerId: r.ticker.id,
        date: r.parsed.date,
        eventId: r.parsed.eventId,
        quantity: r.parsed.quantity.toFixed(),
        price: r.parsed.price.toFixed(),
        fee: r.parsed.fee.toFixed(),
        comment: '',
        externalId: r.externalId,
      })),
    );
    await touchPortfolio(tx, portfolioId);
    return { ...base, imported: p.rows.length };
  });
  return result;
}

/** Rewrite the Id column of our export: the broker's Id when the row came from a file, else trendvakt-<id>. */
function rewriteIds(bytes: Uint8Array, idFor: (id: string) => string): Uint8Array {
  const text = new TextDecoder('utf-8').decode(bytes.subarray(3));
  const lines = text.split('\r\n').map((line, i) => {
    if (i === 0 || line === '') return line;
    const tab = line.indexOf('\t');
    return idFor(line.slice(0, tab)) + line.slice(tab);
  });
  const encoded = new TextEncoder().encode(lines.join('\r\n'));
  const out = new Uint8Array(encoded.length + 3);
  out.set([0xef, 0xbb, 0xbf], 0);
  out.set(encoded, 3);
  return out;
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
  const exported = exportNordnetCsv(
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
      };
    }),
    portfolio.name,
  );
  const external = new Map(rows.map((r) => [String(r.id), r.externalId]));
  const bytes = rewriteIds(exported, (id) => external.get(id) ?? `${OWN_ID_PREFIX}${id}`);
  return { filename: `trendvakt-${fileSlug(portfolio.name)}-${today}.csv`, bytes };
}

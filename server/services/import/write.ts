/**
 * Import, step 3: the answer of a dry run, or the write. All or nothing: the rows that can be used
 * are published at once, after the whole history (stored + new) passed the holding rule.
 *
 * Staying responsive (issue 26 item 4; PGlite is one connection on the request thread: a statement
 * blocks the event loop while it runs, and an open transaction makes every other query wait):
 * parsing, resolving and the checks run outside any transaction, against a reading of the
 * portfolio that its revision proves consistent, so a dry run never holds the connection; the
 * write puts the rows in unpublished, in bounded statements of their own, and publishes them in
 * one short transaction (writeImport). One statement writing all 10,000 rows would itself hold
 * PGlite for 0,2–0,7 s, hence the mark rather than a copy from a staging table.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/db';
import { toApiQuantity } from '@/server/domain/portfolio';
import { conflictError } from '@/server/services/errors';
import {
  appendTransactions,
  lockPortfolio,
  portfolioRevision,
  touchPortfolio,
} from '@/server/repositories/portfolioRepository';
import {
  claimImport,
  discardImport,
  discardStaleImports,
  publishImport,
} from '@/server/repositories/importStagingRepository';
import { ensureInstruments } from '@/server/repositories/instrumentRepository';
import type { ImportPreviewRow, ImportResultDto } from '@/lib/types/portfolio';
import { exactAmount } from '@/server/services/portfolio';
import { portfolioNotFound } from '@/server/services/portfolio';
import { amountsOf, plan, type ImportPlan } from './plan';
import { isProvisionalInstrument, yieldToEventLoop, type ResolvedFile, type ResolvedRow } from './resolve';

/** Rows per write statement (about 10 ms each in PGlite); the event loop gets a turn between them. */
export const WRITE_BATCH = 500;

/** What the answer adds beyond the plan: the rows to review and the file's last Saldo. */
export interface ImportExtras {
  review: ImportResultDto['review'];
  fileBalance: string | null;
}

function preview(rows: ResolvedRow[]): ImportPreviewRow[] {
  return rows.map((r) => ({
    line: r.parsed.line,
    external_id: r.externalId,
    date: r.input.date,
    event_id: r.input.event_id,
    ticker_id: isProvisionalInstrument(r.ticker?.id) ? null : (r.ticker?.id ?? null),
    symbol: r.ticker?.symbol ?? '',
    long_name: r.ticker?.name ?? '',
    isin: r.ticker?.isin ?? null,
    kind: r.ticker?.kind ?? null,
    new_instrument: isProvisionalInstrument(r.ticker?.id),
    quantity: exactAmount(r.input.quantity),
    price: exactAmount(r.input.price),
    fee: exactAmount(r.input.fee),
    split_to: r.input.split_to,
    split_from: r.input.split_from,
    withholding_tax: r.input.withholding_tax === null ? null : exactAmount(r.input.withholding_tax),
    fx_rate: r.input.fx_rate === null ? null : exactAmount(r.input.fx_rate),
    currency: r.ticker?.currency ?? r.parsed.currency ?? null,
  }));
}

/**
 * The answer to a plan that writes nothing: a dry run (what would be imported), nothing new, or
 * 409 when the rows would break the holding rule.
 */
export function outcome(p: ImportPlan, dryRun: boolean, extras: ImportExtras): ImportResultDto {
  const base = {
    dry_run: dryRun,
    errors: p.errors,
    skipped: p.skipped.length,
    skipped_rows: p.skipped,
    rows: preview(p.rows),
    review: extras.review,
    file_balance: extras.fileBalance,
  };
  if (p.conflict && !dryRun) {
    const { line, error: e } = p.conflict;
    const message = p.errors.find((x) => x.line === line)?.message ?? 'holding exceeded';
    throw conflictError('INSUFFICIENT_HOLDING', `Line ${line}: ${message}`, {
      line,
      date: e.date,
      held: toApiQuantity(e.held),
      requested: toApiQuantity(e.requested),
    });
  }
  return { ...base, imported: dryRun && !p.conflict ? p.rows.length : 0 };
}

/**
 * The plan against one consistent reading of the portfolio, taken without a lock: the portfolio's
 * revision (bumped by every write to it) is read before and after, and a reading that a write
 * overlapped is taken again. Null when writes kept overlapping (the caller then plans under the
 * lock).
 */
export async function planUnlocked(
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

/** Attempts to write an import whose portfolio was written to in between, before 409. */
const WRITE_ATTEMPTS = 3;

/**
 * Write every row, or none, without holding the database: the rows go in unpublished, in bounded
 * statements with a turn for the event loop between them, under the import's mark
 * (importStagingRepository.ts); then one short transaction locks the portfolio, confirms the
 * revision the plan was made against, deletes the mark (the rows appear at once) and bumps the
 * revision. A write that landed in between: the rows are removed, and the import is checked and
 * written again. A failure removes the rows; a crash's rows are removed by a later import.
 */
export async function writeImport(
  db: Db,
  uid: string,
  portfolioId: number,
  resolved: ResolvedFile,
  checked: { plan: ImportPlan; revision: string } | null,
  options: { dryRun: boolean },
  extras: ImportExtras,
): Promise<ImportResultDto> {
  await discardStaleImports(db, yieldToEventLoop);
  let current = checked;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    if (attempt > 0 || !current) current = await planUnlocked(db, uid, portfolioId, resolved);
    if (!current) break;
    const { plan: p, revision } = current;
    if (options.dryRun || p.conflict || p.rows.length === 0) return outcome(p, options.dryRun, extras);
    if (await writeOnce(db, uid, portfolioId, p, revision, resolved.newInstruments))
      return { ...outcome(p, false, extras), imported: p.rows.length };
  }
  throw conflictError(
    'PORTFOLIO_BUSY',
    'The portfolio was changed during the import again and again; try the import again',
  );
}

/**
 * Issue 37: the instruments the file introduces, created (or found: one per ISIN) before its rows
 * are written; provisional ticker id → real id.
 */
async function createInstruments(
  db: Db,
  newInstruments: ResolvedFile['newInstruments'],
): Promise<Map<number, number>> {
  const realIdOf = new Map<number, number>();
  if (newInstruments.size === 0) return realIdOf;
  const made = await ensureInstruments(db, [...newInstruments.values()]);
  for (const [provisionalId, facts] of newInstruments) {
    const ref = made.get(facts.isin.toUpperCase());
    if (!ref) throw new Error(`instrument ${facts.isin} was not created`);
    realIdOf.set(provisionalId, ref.id);
  }
  return realIdOf;
}

/** Stage the plan's rows and publish them if the portfolio is still at `revision`; false if not. */
async function writeOnce(
  db: Db,
  uid: string,
  portfolioId: number,
  p: ImportPlan,
  revision: string,
  newInstruments: ResolvedFile['newInstruments'],
): Promise<boolean> {
  const realIdOf = await createInstruments(db, newInstruments);
  const importId = randomUUID();
  if (!(await claimImport(db, importId, portfolioId))) {
    throw conflictError(
      'IMPORT_IN_PROGRESS',
      'Another import into this portfolio is being written; try again when it is done',
    );
  }
  let published = false;
  try {
    for (let i = 0; i < p.rows.length; i += WRITE_BATCH) {
      await yieldToEventLoop();
      await appendTransactions(
        db,
        portfolioId,
        p.rows.slice(i, i + WRITE_BATCH).map((r) => {
          const amounts = amountsOf(r);
          const tickerId =
            amounts.tickerId === null ? null : (realIdOf.get(amounts.tickerId) ?? amounts.tickerId);
          return { ...amounts, tickerId, comment: r.input.comment, externalId: r.externalId };
        }),
        importId,
      );
    }
    await yieldToEventLoop();
    published = await db.transaction(async (tx) => {
      // The lock orders this against every other write to the portfolio.
      if (!(await lockPortfolio(tx, uid, portfolioId))) throw portfolioNotFound();
      if ((await portfolioRevision(tx, uid, portfolioId))?.revision !== revision) return false;
      if (!(await publishImport(tx, importId))) return false;
      await touchPortfolio(tx, portfolioId);
      return true;
    });
  } finally {
    if (!published) await discardImport(db, importId, portfolioId, yieldToEventLoop);
  }
  return published;
}

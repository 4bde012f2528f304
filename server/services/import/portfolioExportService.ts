/**
 * GET /portfolio-export/{id}: the portfolio's whole ledger (trades, corporate actions, cash events,
 * withholding and exchange rates) as a Nordnet-style file that the import reads back; importing it
 * into the same portfolio adds nothing, and into an empty one gives the same holdings and cash.
 */
import type { Db } from '@/server/db';
import { exportNordnetCsv } from '@/server/domain/portfolio';
import { findTickerRefs } from '@/server/repositories/marketRepository';
import { listTransactions } from '@/server/repositories/portfolioRepository';
import { OWN_ID_PREFIX } from './plan';
import { requirePortfolio } from '@/server/services/portfolio';

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
    rows.flatMap((r) => (r.tickerId === null ? [] : [r.tickerId])),
  );
  const bytes = exportNordnetCsv(
    rows.map((r) => {
      const ref = r.tickerId === null ? undefined : refs.get(r.tickerId);
      return {
        id: r.id,
        tickerId: r.tickerId,
        date: r.date,
        eventId: r.eventId,
        isin: ref?.isin ?? null,
        kind: ref?.kind ?? null,
        name: r.tickerId === null ? null : (ref?.name ?? String(r.tickerId)),
        quantity: r.quantity,
        price: r.price,
        fee: r.fee,
        currency: r.tickerId === null ? portfolio.baseCurrency : (ref?.currency ?? 'NOK'),
        comment: r.comment,
        splitTo: r.splitTo,
        splitFrom: r.splitFrom,
        withholdingTax: r.withholdingTax,
        fxRate: r.fxRate,
        // The broker's Id when the row came from a file, else trendvakt-<id>.
        externalId: r.externalId ?? `${OWN_ID_PREFIX}${r.id}`,
      };
    }),
    portfolio.name,
  );
  return { filename: `trendvakt-${fileSlug(portfolio.name)}-${today}.csv`, bytes };
}

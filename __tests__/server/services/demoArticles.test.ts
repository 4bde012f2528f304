/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { articles, users } from '@/server/db/schema';
import { computeVolumeBalance } from '@/server/domain/analysis/volumeBalance';
import { scoreMomentum } from '@/server/domain/analysis/score';
import { fifoView } from '../domain/portfolio/fifoView';
import { toDecimal } from '@/server/domain/portfolio/ledger';
import { DEMO_ARTICLES, ensureDemoArticles } from '@/server/services/articles/demoArticles';
import { demoAccount } from '@/lib/demoAccounts';
import { articleWriteSchema } from '@/lib/schemas/article';
import { openTestDatabase } from '../../helpers/db';
import type { DbHandle } from '@/server/db';

describe('demo articles', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const admin = demoAccount('admin');
    await db.db
      .insert(users)
      .values({ uid: admin.uid, email: admin.email, groupId: 1, subscriptionStatus: 'active' });
  }, 60_000);
  afterAll(() => db.close());

  it('are valid articles (the API would accept each)', () => {
    for (const pair of DEMO_ARTICLES) {
      for (const language of ['nb', 'en'] as const) {
        const a = pair[language];
        const parsed = articleWriteSchema.safeParse({
          language,
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          body_markdown: a.body,
          tags: a.tags,
        });
        expect(parsed.success).toBe(true);
      }
    }
  });

  it('seeds six published articles by the demo admin, nb and en linked both ways', async () => {
    expect(await ensureDemoArticles(db.db)).toBe(6);
    const rows = await db.db.select().from(articles).orderBy(articles.id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'published' && r.authorUid === 'demo-admin')).toBe(true);
    for (const row of rows) {
      const other = rows.find((r) => r.id === row.translationOf)!;
      expect(other.language).not.toBe(row.language);
      expect(other.translationOf).toBe(row.id);
    }
  });

  it('seeds only once: a deleted demo article is not written again', async () => {
    await db.db.delete(articles).where(eq(articles.slug, 'slik-leser-du-scoren'));
    expect(await ensureDemoArticles(db.db)).toBe(0);
    expect(await db.db.select().from(articles)).toHaveLength(5);
  });
});

describe('the numbers in the demo articles agree with the app', () => {
  it('volume balance example: up 500,000, down 100,000 -> 0.67', () => {
    const closes = [100, 102, 101, 101, 104];
    const volumes = [0, 300_000, 100_000, 80_000, 200_000];
    expect(computeVolumeBalance(closes, volumes, 5)).toBeCloseTo(0.6667, 4);
  });

  it('score example: RSI 50 -> 0, RSI 65 -> 0.5, RSI 80 or more -> 1', () => {
    expect(scoreMomentum(50)).toBe(0);
    expect(scoreMomentum(65)).toBeCloseTo(0.5, 10);
    expect(scoreMomentum(80)).toBe(1);
    expect(scoreMomentum(95)).toBe(1);
  });

  it('tax example: FIFO gain 6,330.40 NOK; the USD example 7,000 NOK', () => {
    const nok = fifoView({
      transactions: [
        { id: 1, tickerId: 1, date: '2023-03-01', eventId: 1, quantity: 100, price: 200, fee: 29 },
        { id: 2, tickerId: 1, date: '2023-06-01', eventId: 1, quantity: 50, price: 240, fee: 29 },
        { id: 3, tickerId: 1, date: '2024-05-02', eventId: 2, quantity: 120, price: 260, fee: 29 },
      ],
      tickers: new Map([[1, { currency: 'NOK' as const }]]),
      fxRateOn: () => toDecimal(10),
    });
    expect(nok.sales[0].proceedsNok.toString()).toBe('31171');
    expect(nok.sales[0].costNok.toString()).toBe('24840.6');
    expect(nok.sales[0].gainNok.toString()).toBe('6330.4');
    const usd = fifoView({
      transactions: [
        { id: 1, tickerId: 2, date: '2023-03-01', eventId: 1, quantity: 10, price: 150, fee: 0 },
        { id: 2, tickerId: 2, date: '2024-03-01', eventId: 2, quantity: 10, price: 200, fee: 0 },
      ],
      tickers: new Map([[2, { currency: 'USD' as const }]]),
      fxRateOn: (date: string) => toDecimal(date.startsWith('2023') ? 10 : 11),
    });
    expect(usd.sales[0].gainNok.toString()).toBe('7000');
  });
});

/** @jest-environment node */
// Issue 22: a whole Nordnet history (UTF-16LE, tab-separated, Norwegian headers) with every row
// type imports in one go; holdings, costs, cash and withholding worked out by hand below.
import { eq } from 'drizzle-orm';
import { portfolios } from '@/server/db/schema';
import { portfolioCashBalance } from '@/server/services/portfolio/portfolioCash';
import { testDbKinds } from '../../../helpers/db';
import { NORDNET_HEADERS } from '../../../helpers/nordnetFiles';
import {
  T,
  call,
  createPortfolio,
  importFile,
  setUp,
  storedTransactions,
  tearDown,
  type Ctx,
} from './helpers';

interface Row {
  id: string;
  date: string;
  type: string;
  security?: string;
  isin?: string;
  quantity?: string;
  price?: string;
  fees?: string;
  amount?: string;
  balance: string;
  rate?: string;
}

/** A file in Nordnet's 30 columns, newest row first, UTF-16LE with a BOM. */
function file(rows: Row[]): Buffer {
  const line = (r: Row) => {
    const c = Array<string>(30).fill('');
    [c[0], c[1], c[2], c[3], c[4], c[5]] = [r.id, r.date, r.date, r.date, '12345678', r.type];
    c[6] = r.security ?? '';
    c[7] = r.isin ?? '';
    c[8] = r.quantity ?? '';
    c[9] = r.price ?? '';
    c[11] = r.fees ?? '';
    c[12] = r.fees ? 'NOK' : '';
    c[13] = r.amount ?? '';
    c[14] = r.amount ? 'NOK' : '';
    c[20] = r.balance;
    c[21] = r.rate ?? '';
    return c.join('\t');
  };
  const text = [NORDNET_HEADERS.nb.join('\t'), ...[...rows].reverse().map(line)].join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

const EQNR = { security: 'EQNR', isin: 'NO0010096985' };
const AAPL = { security: 'AAPL', isin: 'US0378331005' };
/** Chronological (the file writes them newest first). Saldo by hand after each row. */
const HISTORY: Row[] = [
  { id: '1', date: '2024-01-02', type: 'INNSKUDD', amount: '100 000', balance: '100 000' },
  // 100 × 300 + 29 = 30 029 out → 69 971
  {
    id: '2',
    date: '2024-01-03',
    type: 'KJØPT',
    ...EQNR,
    quantity: '100',
    price: '300',
    fees: '29',
    amount: '-30 029',
    balance: '69 971',
  },
  // rights issue: 20 new shares at 250 = 5 000 → 64 971; EQNR cost 35 029 for 120
  {
    id: '3',
    date: '2024-02-01',
    type: 'EMISJON INNLEGG VP',
    ...EQNR,
    quantity: '20',
    price: '250',
    amount: '-5 000',
    balance: '64 971',
  },
  // capital returned: 120 × 2 = 240 in → 65 211; cost 35 029 − 240 = 34 789
  {
    id: '4',
    date: '2024-03-01',
    type: 'TILBAKEBETALING',
    ...EQNR,
    quantity: '120',
    price: '2',
    amount: '240',
    balance: '65 211',
  },
  // 20 × 320 − 29 = 6 371 in → 71 582; cost left 34 789 × 100/120 = 28 990,8333…
  {
    id: '5',
    date: '2024-04-02',
    type: 'SALG',
    ...EQNR,
    quantity: '-20',
    price: '320',
    fees: '29',
    amount: '6 371',
    balance: '71 582',
  },
  // merger: 100 EQNR out, 50 DNB in, the cost 28 990,83 carried (no cash)
  { id: '6', date: '2024-05-02', type: 'BYTTE UTTAK VP', ...EQNR, quantity: '-100', balance: '71 582' },
  {
    id: '7',
    date: '2024-05-02',
    type: 'BYTTE INNLEGG VP',
    security: 'DNB',
    quantity: '50',
    balance: '71 582',
  },
  // the new security sold: 50 × 600 − 29 = 29 971 → 101 553
  {
    id: '8',
    date: '2024-06-03',
    type: 'SALG',
    security: 'DNB',
    quantity: '-50',
    price: '600',
    fees: '29',
    amount: '29 971',
    balance: '101 553',
  },
  // 10 AAPL at 200 USD, Vekslingskurs 10: 20 000 NOK → 81 553
  {
    id: '9',
    date: '2024-06-10',
    type: 'KJØPT',
    ...AAPL,
    quantity: '10',
    price: '200',
    amount: '-20 000',
    rate: '10',
    balance: '81 553',
  },
  // dividend 10 × 0,25 USD = 2,5 USD = 25 NOK → 81 578; 15 % withheld: 3,75 NOK = 0,375 USD → 81 574,25
  {
    id: '10',
    date: '2024-08-15',
    type: 'UTBYTTE',
    ...AAPL,
    quantity: '10',
    price: '0,25',
    amount: '25',
    rate: '10',
    balance: '81 578',
  },
  {
    id: '11',
    date: '2024-08-15',
    type: 'KUPONGSKATT',
    ...AAPL,
    amount: '-3,75',
    rate: '10',
    balance: '81 574,25',
  },
  { id: '12', date: '2024-09-30', type: 'KREDITRENTE', amount: '12,5', balance: '81 586,75' },
  { id: '13', date: '2024-10-01', type: 'PLATTFORMAVGIFT', amount: '-50', balance: '81 536,75' },
  { id: '14', date: '2024-11-01', type: 'UTTAK INTERNET', amount: '-1 000', balance: '80 536,75' },
  // one share as a dividend, no cost stated: in at 0
  { id: '15', date: '2024-12-02', type: 'UTBYTTE INNLEGG VP', ...AAPL, quantity: '1', balance: '80 536,75' },
];

describe.each(testDbKinds())('a whole Nordnet history (%s)', (kind) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('imports every row type in one go, the cash equal to the last Saldo, and a second time nothing', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Hele historikken');
    const res = await importFile(ctx, ctx.alice, id, file(HISTORY));
    expect(res.status).toBe(200);
    const body = res.body as { imported: number; errors: unknown[]; review: unknown[]; file_balance: string };
    expect(body.errors).toEqual([]);
    expect(body.review).toEqual([]);
    // 15 rows, the withholding row joined to its dividend: 14 transactions
    expect(body.imported).toBe(14);
    expect(body.file_balance).toBe('80536.75');

    const rows = await storedTransactions(ctx, id);
    const by = (eventId: number) => rows.filter((r) => r.eventId === eventId);
    // the merger: out-leg records 28 990,8333… / 100 per old share, in-leg the same total / 50
    expect(by(8).map((r) => [r.tickerId, r.quantity, r.price])).toEqual([
      [T.EQNR, '100.0000000000', '289.9083333333'],
    ]);
    expect(by(9).map((r) => [r.tickerId, r.quantity, r.price])).toEqual([
      [T.DNB, '50.0000000000', '579.8166666667'],
    ]);
    expect(by(7).map((r) => [r.quantity, r.price])).toEqual([['120.0000000000', '2.0000000000']]);
    const dividend = by(3)[0] as { withholdingTax: string | null; fxRate: string | null; price: string };
    expect([dividend.price, dividend.withholdingTax, dividend.fxRate]).toEqual([
      '0.2500000000',
      '0.3750000000',
      '10.0000000000',
    ]);
    expect(by(5).map((r) => r.price)).toEqual(['100000.0000000000']);
    expect(by(6).map((r) => r.price)).toEqual(['1000.0000000000']);
    expect(by(10).map((r) => r.price)).toEqual(['12.5000000000']);
    expect(by(11).map((r) => r.price)).toEqual(['50.0000000000']);
    // the rights shares at 250, the dividend share at 0
    expect(by(1).map((r) => [r.tickerId, r.quantity, r.price])).toEqual([
      [T.EQNR, '100.0000000000', '300.0000000000'],
      [T.EQNR, '20.0000000000', '250.0000000000'],
      [T.AAPL, '10.0000000000', '200.0000000000'],
      [T.AAPL, '1.0000000000', '0.0000000000'],
    ]);

    const [portfolio] = await ctx.db.db.select().from(portfolios).where(eq(portfolios.id, id));
    const cash = await portfolioCashBalance(ctx.db.db, ctx.alice.uid, portfolio);
    expect(cash.toFixed(2)).toBe('80536.75');

    const again = await importFile(ctx, ctx.alice, id, file(HISTORY));
    expect((again.body as { imported: number }).imported).toBe(0);
    expect(await storedTransactions(ctx, id)).toHaveLength(14);

    // Export, then import into an empty portfolio: the same transactions and the same cash.
    const exported = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-export/${id}`);
    expect(exported.status).toBe(200);
    const copy = await createPortfolio(ctx, ctx.alice, 'Kopi');
    const into = await importFile(ctx, ctx.alice, copy, Buffer.from(exported.body as string, 'utf8'));
    expect(into.body).toMatchObject({ imported: 14, errors: [], review: [] });
    const shape = (list: Awaited<ReturnType<typeof storedTransactions>>) =>
      list.map((r) => [
        r.date,
        r.tickerId,
        r.eventId,
        r.quantity,
        r.price,
        r.fee,
        r.withholdingTax,
        r.fxRate,
      ]);
    expect(shape(await storedTransactions(ctx, copy))).toEqual(shape(await storedTransactions(ctx, id)));
    const [copied] = await ctx.db.db.select().from(portfolios).where(eq(portfolios.id, copy));
    expect((await portfolioCashBalance(ctx.db.db, ctx.alice.uid, copied)).toFixed(2)).toBe('80536.75');
  });
});

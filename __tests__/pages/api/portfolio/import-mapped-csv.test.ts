/** @jest-environment node */
import { testDbKinds } from '../../../helpers/db';
import {
  NORWEGIAN,
  englishMapping,
  norwegianMapping,
} from '../../../server/domain/portfolio/fixtures/mappedCsvLayouts';
import { T, call, createPortfolio, errorOf, setUp, storedTransactions, tearDown, type Ctx } from './helpers';

const NORWEGIAN_MAPPING = norwegianMapping([
  { word: 'Kjøp', kind: 'buy' },
  { word: 'Salg', kind: 'sell' },
  { word: 'Utbytte', kind: 'dividend' },
  { word: 'Innskudd', kind: 'deposit' },
]);

/** An English broker's layout: comma, decimal point, MM/DD/YYYY, ticker codes, an id column. */
const ENGLISH = [
  'Date,Action,Symbol,Quantity,Price,Commission,Currency,Amount,Trade ID',
  '03/15/2024,SELL,AAPL,-10,172.50,1.00,USD,"1,724.00",T3',
  '02/16/2024,DIVIDEND,AAPL,30,0.24,,USD,7.20,T2',
  '02/16/2024,TAX,AAPL,,,,USD,-1.08,T4',
  '01/10/2024,BUY,AAPL,30,185.25,1.00,USD,"-5,558.50",T1',
].join('\n');

const ENGLISH_MAPPING = englishMapping([
  { word: 'BUY', kind: 'buy' },
  { word: 'SELL', kind: 'sell' },
  { word: 'DIVIDEND', kind: 'dividend' },
  { word: 'TAX', kind: 'withholding' },
]);

interface ImportBody {
  imported: number;
  skipped: number;
  errors: { line: number; message: string }[];
  review: { line: number; transaction_type: string; direction: string | null }[];
  rows: {
    line: number;
    symbol: string;
    event_id: number;
    date: string;
    quantity: number;
    price: number;
    fee: number;
    withholding_tax: number | null;
  }[];
}

describe.each(testDbKinds())('mapped CSV import (%s)', (kind) => {
  let ctx: Ctx;

  const upload = (account: Ctx['alice'], id: number, params: Record<string, string>, raw: string | Buffer) =>
    call(ctx, account, 'POST', `/api/v1/portfolio-import/${id}?${new URLSearchParams(params).toString()}`, {
      raw,
      headers: { 'Content-Type': 'text/csv' },
    });

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('imports a Norwegian semicolon/decimal-comma file once, saves the mapping, and the next file imports by broker name alone', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Bank');
    const mapping = JSON.stringify(NORWEGIAN_MAPPING);
    const dry = await upload(
      ctx.alice,
      id,
      { format: 'mapped', broker: 'DNB', mapping, dryRun: 'true' },
      NORWEGIAN,
    );
    expect(dry.status).toBe(200);
    const preview = dry.body as ImportBody;
    expect(preview.errors).toEqual([]);
    expect(
      preview.rows.map((r) => [r.line, r.symbol, r.event_id, r.date, r.quantity, r.price, r.fee]),
    ).toEqual([
      [2, '', 5, '2024-01-15', 1, 50000, 0],
      [3, 'EQNR', 1, '2024-01-16', 100, 280.5, 29],
      // 1 234,56 / 100 shares = 12,3456 per share.
      [4, 'EQNR', 3, '2024-05-20', 100, 12.3456, 0],
      [5, 'EQNR', 2, '2024-06-03', 40, 300.25, 29],
    ]);
    expect(preview.review).toEqual([
      expect.objectContaining({
        line: 6,
        transaction_type: 'OVERFØRING',
        direction: 'out',
        reason: 'type "OVERFØRING" is not in the mapping',
        code: 'UNMAPPED_TYPE',
        params: { type: 'OVERFØRING' },
      }),
    ]);
    expect(await storedTransactions(ctx, id)).toHaveLength(0);
    // A dry run does not save the mapping.
    const none = await call(ctx, ctx.alice, 'GET', '/api/v1/import-mappings');
    expect(none.body).toEqual([]);

    const first = await upload(ctx.alice, id, { format: 'mapped', broker: 'DNB', mapping }, NORWEGIAN);
    expect(first.status).toBe(200);
    expect((first.body as ImportBody).imported).toBe(4);
    expect(await storedTransactions(ctx, id)).toHaveLength(4);

    const saved = await call(ctx, ctx.alice, 'GET', '/api/v1/import-mappings');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([
      expect.objectContaining({ broker: 'DNB', mapping: expect.objectContaining({ decimal: 'comma' }) }),
    ]);

    // The same file again, by the saved mapping (broker name in another case): nothing new (rows without
    // an id are known by their content).
    const second = await upload(ctx.alice, id, { format: 'mapped', broker: 'dnb' }, NORWEGIAN);
    expect(second.status).toBe(200);
    expect((second.body as ImportBody).imported).toBe(0);
    expect((second.body as ImportBody).skipped).toBe(4);
    // The file has no id column: each row is known by its date, type, security and amounts.
    expect(
      (second.body as { skipped_rows: { line: number; code: string; params: object }[] }).skipped_rows.map(
        (s) => [s.line, s.code, s.params],
      ),
    ).toEqual([
      [2, 'ALREADY_IMPORTED_SAME_ROW', {}],
      [3, 'ALREADY_IMPORTED_SAME_ROW', {}],
      [4, 'ALREADY_IMPORTED_SAME_ROW', {}],
      [5, 'ALREADY_IMPORTED_SAME_ROW', {}],
    ]);
    expect(await storedTransactions(ctx, id)).toHaveLength(4);
  });

  it('imports an English comma file in USD with the tax withheld on its dividend', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'US broker');
    const res = await upload(
      ctx.alice,
      id,
      { format: 'mapped', broker: 'Interactive Brokers', mapping: JSON.stringify(ENGLISH_MAPPING) },
      ENGLISH,
    );
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    expect(body.errors).toEqual([]);
    expect(body.imported).toBe(3);
    expect(
      body.rows.map((r) => [r.symbol, r.event_id, r.date, r.quantity, r.price, r.fee, r.withholding_tax]),
    ).toEqual([
      ['AAPL', 1, '2024-01-10', 30, 185.25, 1, null],
      ['AAPL', 3, '2024-02-16', 30, 0.24, 0, 1.08],
      ['AAPL', 2, '2024-03-15', 10, 172.5, 1, null],
    ]);
    const stored = await storedTransactions(ctx, id);
    expect(stored.map((r) => [r.tickerId, r.externalId])).toEqual([
      [T.AAPL, 'T1'],
      [T.AAPL, 'T2'],
      [T.AAPL, 'T3'],
    ]);
  });

  it('names a mapped column the file lacks next to its field, and writes nothing', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Wrong mapping');
    const mapping = JSON.stringify({
      ...NORWEGIAN_MAPPING,
      columns: { ...NORWEGIAN_MAPPING.columns, price: 'Pris' },
    });
    const res = await upload(ctx.alice, id, { format: 'mapped', broker: 'DNB2', mapping }, NORWEGIAN);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      code: 'IMPORT_MAPPING_COLUMNS',
      details: [{ path: 'mapping.columns.price', message: '"Pris" is not a column of the file' }],
    });
    expect(await storedTransactions(ctx, id)).toHaveLength(0);
  });

  it('refuses a bad mapping, a missing broker, and a broker without a saved mapping, each with its field', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Refusals');
    const bad = await upload(
      ctx.alice,
      id,
      { format: 'mapped', broker: 'X', mapping: JSON.stringify({ ...NORWEGIAN_MAPPING, decimal: 'dot' }) },
      NORWEGIAN,
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).details).toEqual([expect.objectContaining({ path: 'mapping.decimal' })]);

    const noBroker = await upload(ctx.alice, id, { format: 'mapped' }, NORWEGIAN);
    expect(noBroker.status).toBe(400);
    expect(errorOf(noBroker.body).details).toEqual([expect.objectContaining({ path: 'broker' })]);

    const unsaved = await upload(ctx.alice, id, { format: 'mapped', broker: 'Nordea' }, NORWEGIAN);
    expect(unsaved.status).toBe(400);
    expect(errorOf(unsaved.body)).toMatchObject({
      code: 'IMPORT_MAPPING_MISSING',
      details: [expect.objectContaining({ path: 'mapping' })],
    });
    expect(await storedTransactions(ctx, id)).toHaveLength(0);
  });

  it("never reads or deletes another user's saved mapping", async () => {
    // Bob cannot use alice's saved "DNB" mapping, list it, or delete it.
    const bobPortfolio = await createPortfolio(ctx, ctx.bob, 'Bob');
    const borrowed = await upload(ctx.bob, bobPortfolio, { format: 'mapped', broker: 'DNB' }, NORWEGIAN);
    expect(borrowed.status).toBe(400);
    expect(errorOf(borrowed.body).code).toBe('IMPORT_MAPPING_MISSING');
    expect((await call(ctx, ctx.bob, 'GET', '/api/v1/import-mappings')).body).toEqual([]);
    expect((await call(ctx, ctx.bob, 'DELETE', '/api/v1/import-mappings?broker=DNB')).status).toBe(404);

    expect((await call(ctx, ctx.alice, 'DELETE', '/api/v1/import-mappings?broker=DNB')).status).toBe(204);
    const left = (await call(ctx, ctx.alice, 'GET', '/api/v1/import-mappings')).body as { broker: string }[];
    expect(left.map((m) => m.broker)).toEqual(['Interactive Brokers']);
  });
});

// Issue 37: our portfolio export carries each instrument's ISIN and kind (the `Kind` column), and
// the import reads the kind back, so a fund outside the universe comes back as a fund.
import { exportNordnetCsv, parseNordnetCsv } from '@/server/domain/portfolio';

const header = (bytes: Uint8Array) =>
  new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0];

describe('the export’s Kind column', () => {
  const file = exportNordnetCsv(
    [
      {
        id: 1,
        tickerId: null,
        date: '2024-01-02',
        eventId: 5,
        isin: null,
        name: null,
        quantity: '1',
        price: '10000',
        currency: 'NOK',
      },
      // 12.5 units of a fund at 200 (a whole-unit quantity, so the kind cannot be guessed from it)
      {
        id: 2,
        tickerId: 9,
        date: '2024-01-03',
        eventId: 1,
        isin: 'NO0000000005',
        name: 'Global Indeks',
        quantity: '10',
        price: '200',
        currency: 'NOK',
        kind: 'fund',
      },
      {
        id: 3,
        tickerId: 7,
        date: '2024-01-04',
        eventId: 1,
        isin: 'NO0010096985',
        name: 'Equinor',
        quantity: '5',
        price: '300',
        currency: 'NOK',
        kind: 'share',
      },
      {
        id: 4,
        tickerId: 11,
        date: '2024-01-05',
        eventId: 1,
        isin: 'IE00B4L5Y983',
        name: 'Core MSCI World',
        quantity: '3',
        price: '900',
        currency: 'NOK',
        kind: 'etf',
      },
    ],
    'Mine',
  );

  it('writes ISIN and Kind', () => {
    const columns = header(file).split('\t');
    expect(columns).toContain('ISIN');
    expect(columns[columns.length - 1]).toBe('Kind');
  });

  it('reads the kind back per ISIN; a cash row has none', () => {
    const result = parseNordnetCsv(file);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.isin, r.kind ?? null])).toEqual([
      [null, null],
      ['NO0000000005', 'fund'], // "Global Indeks" would also be guessed a fund; the file says so
      ['NO0010096985', 'share'],
      ['IE00B4L5Y983', 'etf'], // the name alone would be guessed a share
    ]);
  });
});

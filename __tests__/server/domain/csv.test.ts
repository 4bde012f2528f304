import { CSV_CELL_MAX, CSV_LINE_MAX, readCsv, readCsvInSteps } from '@/server/domain/csv';
import { parseNordnetCsv } from '@/server/domain/portfolio';

describe('readCsv (csv-parse with caps)', () => {
  it('reads quotes, doubled quotes, line breaks inside quotes and every line end, with true line numbers', () => {
    const read = readCsv('a;b\r\n1;"x""y"\r\n\r\n2;"m\nl"\n3;z\r4;"p\r\nq"\n5;6', { delimiter: ';' });
    expect(read.errors).toEqual([]);
    expect(read.records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', 'x"y'] },
      { line: 4, fields: ['2', 'm\nl'] },
      { line: 6, fields: ['3', 'z'] },
      { line: 7, fields: ['4', 'p\r\nq'] },
      { line: 9, fields: ['5', '6'] },
    ]);
  });

  it('makes a cell of 320 000 quotes a row error and reads the rows after it', () => {
    const read = readCsv(`a\tb\n1\t${'"'.repeat(320_000)}\n2\t3\n`, { delimiter: '\t' });
    expect(read.errors).toEqual([
      {
        line: 2,
        message: `the line is longer than ${CSV_LINE_MAX} characters`,
        code: 'LINE_TOO_LONG',
        params: { max: 8192 },
      },
    ]);
    expect(read.records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['2', '3'] },
    ]);
  });

  it('makes a quoted record spread over many short lines a row error when it is too long', () => {
    const read = readCsv(`a\tb\n1\t"${'ab\n'.repeat(3_000)}"\n2\t3`, { delimiter: '\t' });
    expect(read.errors).toEqual([
      {
        line: 2,
        message: `the row is longer than ${CSV_LINE_MAX} characters`,
        code: 'LINE_TOO_LONG',
        params: { max: 8192 },
      },
    ]);
    // 3 000 line breaks inside the quoted cell: the next record starts on line 3 003
    expect(read.records.at(-1)).toEqual({ line: 3_003, fields: ['2', '3'] });
  });

  it('makes a cell over the cell cap a row error', () => {
    const read = readCsv(`a;b\n1;${'x'.repeat(CSV_CELL_MAX + 1)}\n2;3`, { delimiter: ';' });
    expect(read.errors).toEqual([
      {
        line: 2,
        message: `a cell is longer than ${CSV_CELL_MAX} characters`,
        code: 'CELL_TOO_LONG',
        params: { max: 2048 },
      },
    ]);
    expect(read.records.map((r) => r.line)).toEqual([1, 3]);
  });

  it('reports a quote never closed at the line its record starts', () => {
    const read = readCsv('a;b\n1;2\n3;"open\n4;5', { delimiter: ';' });
    expect(read.errors).toEqual([
      { line: 3, message: 'a quote is opened and never closed', code: 'QUOTE_NOT_CLOSED', params: {} },
    ]);
    expect(read.records.map((r) => r.line)).toEqual([1, 2]);
  });

  it('pauses within one long input, not only between lines', () => {
    // One quoted record of 90 000 characters over short lines: fed in 16 384-character chunks,
    // a pause after the line cap and after each chunk (at least 6).
    const steps = readCsvInSteps(`a;b\n1;"${'ab\n'.repeat(30_000)}"`, { delimiter: ';' });
    let pauses = 0;
    for (let s = steps.next(); !s.done; s = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(6);
  });
});

describe('the Nordnet import over the capped reader', () => {
  it('reports a 320 000-quote cell as an error on its line and imports the other rows', () => {
    const header = 'Id\tHandelsdag\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs';
    const text = `${header}\n1\t2024-01-02\tKJØPT\t${'"'.repeat(320_000)}\tNO1\t5\t10\n2\t2024-01-03\tKJØPT\tX\tNO1\t5\t10\n`;
    const result = parseNordnetCsv(new TextEncoder().encode(text));
    expect(result.errors).toEqual([
      {
        line: 2,
        message: `the line is longer than ${CSV_LINE_MAX} characters`,
        code: 'LINE_TOO_LONG',
        params: { max: 8192 },
      },
    ]);
    expect(result.rows.map((r) => r.line)).toEqual([3]);
  });
});

import {
  CSV_CELL_MAX,
  CSV_LINE_MAX,
  countFilledLines,
  neutralizeCell,
  readCsv,
  readCsvInSteps,
  restoreCell,
} from '@/server/domain/csv';
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

describe('bounded reading (issue 40)', () => {
  const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

  it('counts the filled lines of the bytes: every line end, blank and space-only lines left out, UTF-16 in its units', () => {
    // Lines: "a", "", "b", "c", "  ", "d" (CRLF, LF, CR and a last line without an end): 4 filled.
    expect(countFilledLines(Buffer.from('a\n\nb\r\nc\r  \nd'))).toBe(4);
    expect(countFilledLines(Buffer.from(''))).toBe(0);
    expect(countFilledLines(Buffer.from('\n\r\n'))).toBe(0);
    // UTF-16LE with a BOM: "h", "x"; the code unit U+0A41 holds a 0x0A byte but is no line end.
    expect(countFilledLines(utf16le('h\n\u0a41x\n'))).toBe(2);
    // UTF-16BE with a BOM: "h", "x", "y".
    const be = Buffer.from(utf16le('h\r\nx\ny')).swap16();
    expect(countFilledLines(be)).toBe(3);
    // 4 lines of one character each, stopped once past 2: 3.
    expect(countFilledLines(Buffer.from('1\n2\n3\n4\n'), 2)).toBe(3);
  });

  it('stops reading as soon as records and row errors pass maxRecords', () => {
    const text = `h\n${Array.from({ length: 100 }, (_, i) => i).join('\n')}`;
    const over = readCsv(text, { delimiter: ',', maxRecords: 3 });
    // h, 0, 1, 2 are 4 records: the fourth passes the cap of 3 and nothing after it is read.
    expect(over.overCap).toBe(true);
    expect(over.records.map((r) => r.fields[0])).toEqual(['h', '0', '1', '2']);
    const within = readCsv(text, { delimiter: ',', maxRecords: 101 });
    expect(within.overCap).toBeUndefined();
    expect(within.records).toHaveLength(101);
  });

  it('never holds more than the cap: a million one-character lines read with a cap of 10 stop at 11 records', () => {
    const read = readCsv('a\n'.repeat(1_000_000), { delimiter: ',', maxRecords: 10 });
    expect(read.overCap).toBe(true);
    expect(read.records).toHaveLength(11);
  });
});

describe('neutralizeCell: the one formula neutraliser for every CSV we write (issue 40)', () => {
  it.each([
    ['=HYPERLINK("http://x.example","klikk")', `'=HYPERLINK("http://x.example","klikk")`],
    ['@SUM(1)', "'@SUM(1)"],
    ['+47 123', "'+47 123"],
    ['-1+1', "'-1+1"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Equinor', 'Equinor'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j, and back', (text, written) => {
    expect(neutralizeCell(text)).toBe(written);
    expect(restoreCell(written)).toBe(text);
  });
});

/** @jest-environment node */
import { distinctWords, peekCsv } from '@/lib/csvPeek';

describe('peekCsv', () => {
  it('reads a semicolon header and its type words from Windows-1252 bytes', () => {
    const text = 'Dato;Type;Beløp\n15.01.2024;Kjøp;1 000,50\n16.01.2024;Salg;2\n17.01.2024;kjøp;3\n';
    const peek = peekCsv(new Uint8Array(Buffer.from(text, 'latin1')));
    expect(peek.delimiter).toBe(';');
    expect(peek.headers).toEqual(['Dato', 'Type', 'Beløp']);
    // "kjøp" is the same word as "Kjøp" (case aside): two distinct words.
    expect(distinctWords(peek.rows, 1)).toEqual(['Kjøp', 'Salg']);
  });

  it('reads a UTF-16LE tab file and a comma file with quoted cells and a line break inside quotes', () => {
    const tsv = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Id\tType\n1\tKJØPT\n', 'utf16le')]);
    expect(peekCsv(new Uint8Array(tsv)).headers).toEqual(['Id', 'Type']);
    const csv = 'Date,Action,Note\n2024-01-02,BUY,"line one\nline two, ""quoted"""\n2024-01-03,SELL,x\n';
    const peek = peekCsv(new TextEncoder().encode(csv));
    expect(peek.delimiter).toBe(',');
    expect(peek.rows).toEqual([
      ['2024-01-02', 'BUY', 'line one\nline two, "quoted"'],
      ['2024-01-03', 'SELL', 'x'],
    ]);
  });
});

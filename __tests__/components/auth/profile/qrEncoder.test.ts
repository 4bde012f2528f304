import { createHash } from 'node:crypto';
import { encodeQr, type QrMatrix } from '@/components/auth/profile/qrEncoder';

const OTPAUTH =
  'otpauth://totp/Trendvakt:investor%40trendvakt.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Trendvakt&algorithm=SHA1&digits=6';

function fingerprint(m: QrMatrix): string {
  return createHash('sha256')
    .update(m.modules.map((row) => row.map((d) => (d ? '1' : '0')).join('')).join('\n'))
    .digest('hex');
}

/** Read the 15 format bits around the top-left finder (ISO/IEC 18004 §7.9), unmasked. */
function formatBits(m: QrMatrix): number {
  const at = (x: number, y: number) => (m.modules[y][x] ? 1 : 0);
  let bits = 0;
  const coords: [number, number][] = [];
  for (let i = 0; i <= 5; i++) coords.push([8, i]);
  coords.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) coords.push([14 - i, 8]);
  coords.forEach(([x, y], i) => (bits |= at(x, y) << i));
  return bits ^ 0x5412;
}

function finderAt(m: QrMatrix, x0: number, y0: number): boolean {
  for (let dy = 0; dy < 7; dy++) {
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      if (m.modules[y0 + dy][x0 + dx] !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe('encodeQr (byte mode, level M)', () => {
  it.each([
    [1, 1],
    [14, 1], // version 1-M holds 14 bytes
    [15, 2],
    [26, 2], // version 2-M holds 26 bytes
    [27, 3],
    [152, 8], // the longest text of a version 8 with an 8-bit length field
    [153, 9],
    [180, 9],
    [181, 10], // from version 10 the length field has 16 bits
  ])('picks the smallest version for %i bytes (v%i)', (length, version) => {
    const m = encodeQr('a'.repeat(length));
    expect(m.version).toBe(version);
    expect(m.size).toBe(version * 4 + 17);
    expect(m.modules).toHaveLength(m.size);
    expect(m.modules.every((row) => row.length === m.size)).toBe(true);
  });

  it('draws the three finder patterns, the timing patterns and the dark module', () => {
    const m = encodeQr(OTPAUTH);
    expect(finderAt(m, 0, 0)).toBe(true);
    expect(finderAt(m, m.size - 7, 0)).toBe(true);
    expect(finderAt(m, 0, m.size - 7)).toBe(true);
    for (let i = 8; i < m.size - 8; i++) {
      expect(m.modules[6][i]).toBe(i % 2 === 0);
      expect(m.modules[i][6]).toBe(i % 2 === 0);
    }
    expect(m.modules[m.size - 8][8]).toBe(true);
  });

  it('writes format information for level M with a valid BCH code', () => {
    const data = formatBits(encodeQr(OTPAUTH));
    expect(data >>> 13).toBe(0); // level M is 00
    let rem = data >>> 10;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    expect(data & 0x3ff).toBe(rem & 0x3ff);
  });

  it('counts UTF-8 bytes, not characters', () => {
    expect(encodeQr('ø'.repeat(7)).version).toBe(1); // 14 bytes
    expect(encodeQr('ø'.repeat(8)).version).toBe(2); // 16 bytes
  });

  it('refuses text beyond version 40', () => {
    expect(() => encodeQr('a'.repeat(2332))).toThrow(RangeError);
    expect(encodeQr('a'.repeat(2331)).version).toBe(40);
  });

  it('produces the symbol a real decoder read back (zbarimg 0.23.92 decoded it to OTPAUTH)', () => {
    // Regression guard: this matrix was rendered to an image and decoded with zbarimg when the
    // encoder was written; any change to the encoding changes the fingerprint.
    const m = encodeQr(OTPAUTH);
    expect(m.version).toBe(8);
    expect(fingerprint(m)).toBe('2a6d40fad8b8eb3250744b792555c34a9bc4b61d3853ed766b1f63244db65127');
  });
});

import { render } from '@testing-library/react';
import jsQR from 'jsqr';
import QrCode from '@/components/auth/profile/QrCode';

const OTPAUTH =
  'otpauth://totp/Trendvakt:investor%40trendvakt.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Trendvakt&algorithm=SHA1&digits=6';

/** Pixels per module when the rendered SVG is rasterised for the decoder. */
const SCALE = 4;

/**
 * Rasterise what the component rendered (the SVG's viewBox and its path of 1×1 squares) into RGBA
 * pixels — jsdom has no canvas — and decode them with jsQR, an independent QR reader.
 */
function decodeRendered(value: string): string | undefined {
  const { container, unmount } = render(<QrCode value={value} label="QR" />);
  const svg = container.querySelector('svg');
  const d = container.querySelector('path')?.getAttribute('d') ?? '';
  const viewBox = svg?.getAttribute('viewBox')?.split(' ').map(Number) ?? [];
  unmount();
  const dimension = viewBox[2];
  const width = dimension * SCALE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255); // white, opaque
  for (const [, xs, ys] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const x0 = Number(xs) * SCALE;
    const y0 = Number(ys) * SCALE;
    for (let y = y0; y < y0 + SCALE; y++) {
      for (let x = x0; x < x0 + SCALE; x++) {
        const at = (y * width + x) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data;
}

describe('QrCode', () => {
  it('renders an otpauth URI that a QR reader decodes back to the same text', () => {
    expect(decodeRendered(OTPAUTH)).toBe(OTPAUTH);
  });

  it('renders a long text (a larger QR version) that decodes back to the same text', () => {
    const long = `${OTPAUTH}&label=${'x'.repeat(300)}`;
    expect(decodeRendered(long)).toBe(long);
  });

  it('is one inline SVG with an accessible label, no image URL', () => {
    const { container, getByRole } = render(<QrCode value={OTPAUTH} label="Scan me" />);
    expect(getByRole('img', { name: 'Scan me' }).tagName.toLowerCase()).toBe('svg');
    expect(container.querySelector('img, image, canvas')).toBeNull();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import HelpSections, { type HelpSection } from '@/components/common/HelpSections';

const sections: HelpSection[] = [
  {
    heading: '2. Finn en aksje',
    paragraphs: ['Under Marked → Aksjer ser du alle aksjene.'],
    image: {
      src: '/img/help/nb/screener.png',
      alt: 'Skjermbilde av aksjefilteret',
      caption: '1 Filtre. 2 Sortering. 3 En aksje.',
      width: '1366',
      height: '700',
    },
  },
  { heading: 'Uten bilde', paragraphs: ['Bare tekst.'] },
];

describe('HelpSections', () => {
  it('shows a section’s annotated screenshot with its size, alt text and caption', () => {
    render(<HelpSections sections={sections} headingLevel="h2" />);
    const figure = screen.getByRole('figure');
    const img = within(figure).getByRole('img', { name: 'Skjermbilde av aksjefilteret' });
    expect(img).toHaveAttribute('src', '/img/help/nb/screener.png');
    // The box has its final size before the image loads (no layout shift).
    expect(img).toHaveAttribute('width', '1366');
    expect(img).toHaveAttribute('height', '700');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(figure).toHaveTextContent('1 Filtre. 2 Sortering. 3 En aksje.');
    // Only the section with an image has a figure.
    expect(screen.getAllByRole('figure')).toHaveLength(1);
  });

  it('every help image of both languages exists with the size its text gives', () => {
    for (const locale of ['nb', 'en']) {
      const help = JSON.parse(
        fs.readFileSync(path.join(process.cwd(), 'public', 'locales', locale, 'help.json'), 'utf8'),
      ) as Record<string, { sections?: HelpSection[] }>;
      const images = Object.values(help).flatMap((topic) =>
        (topic.sections ?? []).flatMap((s) => (s.image ? [s.image] : [])),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.src.startsWith(`/img/help/${locale}/`)).toBe(true);
        const file = path.join(process.cwd(), 'public', image.src);
        expect(fs.existsSync(file)).toBe(true);
        // A PNG's width and height are the big-endian words at bytes 16 and 20 of its IHDR chunk.
        const header = fs.readFileSync(file).subarray(0, 24);
        expect(header.subarray(1, 4).toString('ascii')).toBe('PNG');
        expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([
          Number(image.width),
          Number(image.height),
        ]);
        expect(image.alt.length).toBeGreaterThan(0);
      }
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import {
  AUTOCOMPLETE_MAX_HEIGHT,
  BACKDROP_TRANSITION_MS,
  BREAKPOINTS,
  CHART_PALETTE,
  MODAL_TRANSITION_MS,
  PROFILE_MENU_TRANSITION_MS,
  SIDEBAR_HOVER_EXPAND_DELAY_MS,
} from '@/lib/constants';

// SPEC §9's numbers live in lib/constants.ts and in the Sass theme: they must agree.
const scss = fs.readFileSync(path.join(process.cwd(), 'styles', '_variables.scss'), 'utf8');

function scssValue(name: string): string {
  const match = new RegExp(`\\$${name}:\\s*([^;]+);`).exec(scss);
  if (!match) throw new Error(`$${name} not found in styles/_variables.scss`);
  return match[1].trim();
}

describe('Sass theme and lib/constants', () => {
  it('uses the same breakpoints', () => {
    const block = scssValue('grid-breakpoints');
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(block).toMatch(new RegExp(`\\b${name}:\\s*${px}(px)?\\b`));
    }
  });

  it('uses the same transitions and delays', () => {
    expect(scssValue('tv-modal-transition-ms')).toBe(`${MODAL_TRANSITION_MS}ms`);
    expect(scssValue('tv-backdrop-transition-ms')).toBe(`${BACKDROP_TRANSITION_MS}ms`);
    expect(scssValue('tv-profile-menu-transition-ms')).toBe(`${PROFILE_MENU_TRANSITION_MS}ms`);
    expect(scssValue('tv-sidebar-hover-delay-ms')).toBe(`${SIDEBAR_HOVER_EXPAND_DELAY_MS}ms`);
    expect(scssValue('modal-transition')).toContain('$tv-modal-transition-ms');
    expect(scssValue('transition-fade')).toContain('$tv-backdrop-transition-ms');
  });

  it('uses the same autocomplete height and chart palette', () => {
    expect(scssValue('tv-autocomplete-max-height')).toBe(AUTOCOMPLETE_MAX_HEIGHT);
    const palette = scssValue('tv-chart-palette')
      .replace(/[()\s]/g, '')
      .split(',');
    expect(palette).toEqual([...CHART_PALETTE]);
    expect(palette).toHaveLength(10);
  });
});

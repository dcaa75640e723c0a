import { AA_CONTRAST, contrastRatio, type Theme } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { applyTheme, themeVariables } from './theme-variables';

const theme: Theme = {
  primaryColor: '#1a4d8f',
  secondaryColor: '#f2a900',
  tertiaryColor: '#2e8540',
  primaryBackgroundColor: '#ffffff',
  secondaryBackgroundColor: '#eef3f9',
  tertiaryBackgroundColor: '#f7f7f2',
};

/** The text-on-surface pairs the stylesheets use. */
function pairs(vars: Record<string, string>): [string, string, string][] {
  const pick = (name: string) => vars[name] ?? '';
  const result: [string, string, string][] = [];
  for (const surface of ['primary', 'secondary', 'tertiary']) {
    const brand = pick(`--${surface}-color`);
    result.push([`on-${surface}`, pick(`--on-${surface}-color`), brand]);
    result.push([
      `on-${surface} active`,
      pick(`--on-${surface}-color`),
      pick(`--${surface}-color-active`),
    ]);
    const background = pick(`--${surface}-background-color`);
    for (const role of ['text', 'muted', 'accent']) {
      result.push([
        `${role}-on-${surface}-bg`,
        pick(`--${role}-on-${surface}-background`),
        background,
      ]);
    }
  }
  // The header's inverted button: brand text on its readable colour.
  result.push(['on-brand button', pick('--primary-color'), pick('--on-primary-color')]);
  return result;
}

function randomHex(random: () => number): string {
  return `#${Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
}

describe('themeVariables', () => {
  it('exposes the six colours as custom properties, unchanged', () => {
    const vars = themeVariables(theme);
    expect(vars['--primary-color']).toBe('#1a4d8f');
    expect(vars['--secondary-color']).toBe('#f2a900');
    expect(vars['--tertiary-color']).toBe('#2e8540');
    expect(vars['--primary-background-color']).toBe('#ffffff');
    expect(vars['--secondary-background-color']).toBe('#eef3f9');
    expect(vars['--tertiary-background-color']).toBe('#f7f7f2');
  });

  it('keeps the brand hue for links where it already reads well', () => {
    expect(themeVariables(theme)['--accent-on-primary-background']).toBe('#1a4d8f');
  });

  it('meets WCAG AA for every text colour on its surface, whatever the theme', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const awkward: Theme[] = [
      { ...theme, primaryColor: '#ffff00', primaryBackgroundColor: '#ffffff' },
      {
        ...theme,
        primaryColor: '#777777',
        secondaryBackgroundColor: '#808080',
        tertiaryColor: '#7f7f7f',
      },
      { ...theme, primaryColor: '#000000', primaryBackgroundColor: '#000000' },
    ];
    const randomThemes = Array.from({ length: 200 }, (): Theme => ({
      primaryColor: randomHex(random),
      secondaryColor: randomHex(random),
      tertiaryColor: randomHex(random),
      primaryBackgroundColor: randomHex(random),
      secondaryBackgroundColor: randomHex(random),
      tertiaryBackgroundColor: randomHex(random),
    }));
    for (const t of [...awkward, ...randomThemes]) {
      for (const [name, text, background] of pairs(themeVariables(t))) {
        expect(
          contrastRatio(text, background),
          `${name} ${text} on ${background}`,
        ).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    }
  });
});

describe('applyTheme', () => {
  it('writes the variables on the element', () => {
    const root = document.createElement('div');
    applyTheme(root, theme);
    expect(root.style.getPropertyValue('--primary-color')).toBe('#1a4d8f');
    expect(root.style.getPropertyValue('--on-secondary-color')).toBe('#000000');
  });
});

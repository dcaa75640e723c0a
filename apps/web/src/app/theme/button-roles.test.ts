import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AA_CONTRAST, contrastRatio, type Theme } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { buttonVariables, themeVariables } from './theme-variables';

/** The themes a learner meets: the neutral default and the two demo organisations'. */
const THEMES: Record<string, Theme> = {
  default: {
    primaryColor: '#1f3a5f',
    secondaryColor: '#2f6f9f',
    tertiaryColor: '#e0a526',
    primaryBackgroundColor: '#ffffff',
    secondaryBackgroundColor: '#f1f4f8',
    tertiaryBackgroundColor: '#f7f8fa',
  },
  doughmain: {
    primaryColor: '#1F6F5C',
    secondaryColor: '#E0A526',
    tertiaryColor: '#2B4C7E',
    primaryBackgroundColor: '#FFFFFF',
    secondaryBackgroundColor: '#F6F3EC',
    tertiaryBackgroundColor: '#E8F3EF',
  },
  acme: {
    primaryColor: '#1B1F3B',
    secondaryColor: '#F2A900',
    tertiaryColor: '#C8102E',
    primaryBackgroundColor: '#FFFFFF',
    secondaryBackgroundColor: '#F4F5F8',
    tertiaryBackgroundColor: '#FFF6DC',
  },
  dark: {
    primaryColor: '#7fd1ff',
    secondaryColor: '#ffcc00',
    tertiaryColor: '#ff7a7a',
    primaryBackgroundColor: '#101418',
    secondaryBackgroundColor: '#1b2128',
    tertiaryBackgroundColor: '#232a33',
  },
};

const hue = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return {
    saturation: Math.max(r, g, b) - Math.min(r, g, b),
    isRed: r > 0.5 && g < 0.3 && b < 0.3,
  };
};

describe('button roles (issue 15, point 15)', () => {
  it.each(Object.entries(THEMES))('%s: every role reads at AA on its own fill', (_name, theme) => {
    const vars = themeVariables(theme);
    const pick = (name: string) => vars[name] ?? '';
    const pairs: [string, string, string][] = [
      ['primary', '--on-primary-color', '--primary-color'],
      ['primary hover', '--on-primary-color', '--primary-color-active'],
      ['secondary', '--on-neutral-button-color', '--neutral-button-color'],
      ['secondary hover', '--on-neutral-button-color', '--neutral-button-color-active'],
      ['danger', '--on-danger-color', '--danger-color'],
      ['danger hover', '--on-danger-color', '--danger-color-active'],
    ];
    for (const [role, text, fill] of pairs)
      expect(contrastRatio(pick(text), pick(fill)), role).toBeGreaterThanOrEqual(AA_CONTRAST);
    // The neutral button's outline stands out from its fill and from the page (WCAG 1.4.11).
    for (const against of ['--neutral-button-color', '--primary-background-color'])
      expect(
        contrastRatio(pick('--neutral-button-border-color'), pick(against)),
        against,
      ).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(THEMES))('%s: secondary is neutral and danger is red', (_name, theme) => {
    const vars = buttonVariables(theme);
    expect(hue(vars['--neutral-button-color'] ?? '').saturation).toBeLessThan(0.1);
    expect(vars['--neutral-button-color']).not.toBe(theme.secondaryColor.toLowerCase());
    expect(hue(vars['--danger-color'] ?? '').isRed).toBe(true);
  });

  it('gives the neutral stylesheet (before an organisation loads) the default theme’s values', () => {
    const css = readFileSync(path.resolve(__dirname, '../../styles/theme-defaults.css'), 'utf8');
    for (const [name, value] of Object.entries(buttonVariables(THEMES.default as Theme)))
      expect(css, name).toContain(`${name}: ${value};`);
  });
});

import { ensureContrast, parseHex, readableTextOn, toHex, type Theme } from '@portal/domain';

/** Body text is a soft near-black (or near-white) pushed to AAA where the surface allows it. */
const SOFT_DARK = '#1c2430';
const SOFT_LIGHT = '#f7f9fb';
const MUTED_DARK = '#4f5b6b';
const MUTED_LIGHT = '#c9d1db';
const BODY_TEXT_RATIO = 7;

const BACKGROUNDS = {
  primary: 'primaryBackgroundColor',
  secondary: 'secondaryBackgroundColor',
  tertiary: 'tertiaryBackgroundColor',
} as const;

const BRANDS = {
  primary: 'primaryColor',
  secondary: 'secondaryColor',
  tertiary: 'tertiaryColor',
} as const;

function bodyTextOn(background: string): string {
  const soft = readableTextOn(background) === '#000000' ? SOFT_DARK : SOFT_LIGHT;
  return ensureContrast(soft, background, BODY_TEXT_RATIO);
}

function mutedTextOn(background: string): string {
  const muted = readableTextOn(background) === '#000000' ? MUTED_DARK : MUTED_LIGHT;
  return ensureContrast(muted, background);
}

/** `color` moved `amount` of the way towards `target`. */
function mixHex(color: string, target: string, amount: number): string {
  const a = parseHex(color);
  const b = parseHex(target);
  return toHex({
    r: a.r + (b.r - a.r) * amount,
    g: a.g + (b.g - a.g) * amount,
    b: a.b + (b.b - a.b) * amount,
  });
}

/** A pressed/hovered shade of a brand colour: away from its text colour, so contrast only grows. */
function activeShade(brand: string, text: string): string {
  return mixHex(brand, text === '#000000' ? '#ffffff' : '#000000', 0.2);
}

/** The red of destructive actions, the same in every theme; white text on it reads at 6.5:1. */
export const DANGER_COLOR = '#b3261e';

/**
 * The colours of the three button roles (issue 15, point 15): the primary action takes the brand
 * colour; a secondary action is neutral (a grey of the page's own background, its text AA on it,
 * its border visible at 3:1); a destructive one is red. Each text reaches AA on its own fill.
 */
export function buttonVariables(theme: Theme): Record<string, string> {
  const page = theme.primaryBackgroundColor;
  const ink = readableTextOn(page);
  const neutral = mixHex(page, ink, 0.07);
  const neutralText = bodyTextOn(neutral);
  return {
    '--neutral-button-color': neutral,
    '--on-neutral-button-color': neutralText,
    '--neutral-button-color-active': mixHex(page, ink, 0.14),
    '--neutral-button-border-color': ensureContrast(mixHex(page, ink, 0.45), neutral, 3),
    '--danger-color': ensureContrast(DANGER_COLOR, '#ffffff'),
    '--on-danger-color': '#ffffff',
    '--danger-color-active': mixHex(DANGER_COLOR, '#000000', 0.2),
  };
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * The CSS custom properties of an organisation's theme: its six colours as given, and for each
 * surface the text, muted-text and accent (links, headings) colours that reach WCAG AA on it,
 * whatever colours the organisation picked. The accent keeps the primary hue where it can.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme)) vars[`--${kebab(key)}`] = value;

  for (const [surface, key] of Object.entries(BRANDS)) {
    const text = readableTextOn(theme[key]);
    vars[`--on-${surface}-color`] = text;
    vars[`--${surface}-color-active`] = activeShade(theme[key], text);
  }
  Object.assign(vars, buttonVariables(theme));
  for (const [surface, key] of Object.entries(BACKGROUNDS)) {
    const background = theme[key];
    vars[`--text-on-${surface}-background`] = bodyTextOn(background);
    vars[`--muted-on-${surface}-background`] = mutedTextOn(background);
    vars[`--accent-on-${surface}-background`] = ensureContrast(theme.primaryColor, background);
  }
  return vars;
}

/** Writes the theme onto `root` (normally `<html>`), replacing the previous organisation's. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    root.style.setProperty(name, value);
  }
}

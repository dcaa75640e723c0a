import { contrastRatio, isHexColor } from './color';

/**
 * The theme's colour pairs that must stay readable (docs/design.md §15, WCAG 2.2 AA), as the web
 * uses them (apps/web/src/app/theme): the primary colour is the accent of links and headings on
 * each of the three backgrounds (text: 4.5:1), and the fill of buttons on the page (a control:
 * 3:1, held by the text rule). Text on a brand colour and body text are black or white, chosen by
 * the web, and always readable; the secondary and tertiary colours only decorate (gradients,
 * borders) or carry their own black or white text. A theme the console saves passes every pair.
 */

type ThemeColour =
  | 'primaryColor'
  | 'secondaryColor'
  | 'tertiaryColor'
  | 'primaryBackgroundColor'
  | 'secondaryBackgroundColor'
  | 'tertiaryBackgroundColor';

export type ThemeColours = Record<ThemeColour, string>;

/** What the pair is used for: `text` needs 4.5:1, `large` text and `control` boundaries 3:1. */
export type ContrastUse = 'text' | 'large' | 'control';

export const CONTRAST_MINIMUM: Record<ContrastUse, number> = { text: 4.5, large: 3, control: 3 };

export interface ContrastPair {
  foreground: ThemeColour;
  background: ThemeColour;
  use: ContrastUse;
}

export const THEME_CONTRAST_PAIRS: readonly ContrastPair[] = [
  { foreground: 'primaryColor', background: 'primaryBackgroundColor', use: 'text' },
  { foreground: 'primaryColor', background: 'secondaryBackgroundColor', use: 'text' },
  { foreground: 'primaryColor', background: 'tertiaryBackgroundColor', use: 'text' },
  { foreground: 'primaryColor', background: 'primaryBackgroundColor', use: 'control' },
];

export interface ContrastProblem extends ContrastPair {
  foregroundValue: string;
  backgroundValue: string;
  /** The pair's ratio, rounded down to one decimal (4.49 is not 4.5). */
  ratio: number;
  minimum: number;
}

/** Rounded down, so a ratio shown as passing does pass. */
const floorTenth = (ratio: number) => Math.floor(ratio * 10) / 10;

/** Every pair of `theme` below its minimum (colours that are not hex colours are left out). */
export function themeContrastProblems(theme: ThemeColours): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  const seen = new Set<string>();
  for (const pair of THEME_CONTRAST_PAIRS) {
    const foregroundValue = theme[pair.foreground];
    const backgroundValue = theme[pair.background];
    if (!isHexColor(foregroundValue) || !isHexColor(backgroundValue)) continue;
    const minimum = CONTRAST_MINIMUM[pair.use];
    const ratio = contrastRatio(foregroundValue, backgroundValue);
    // One problem per pair of colours: the strictest use that fails.
    const key = `${pair.foreground}/${pair.background}`;
    if (ratio >= minimum || seen.has(key)) continue;
    seen.add(key);
    problems.push({ ...pair, foregroundValue, backgroundValue, ratio: floorTenth(ratio), minimum });
  }
  return problems;
}

/** The problem in words: `primaryColor #7fd3ff on primaryBackgroundColor #ffffff: 1.6:1, needs 4.5:1 (text)`. */
export function describeContrastProblem(problem: ContrastProblem): string {
  return `${problem.foreground} ${problem.foregroundValue} on ${problem.background} ${problem.backgroundValue}: ${problem.ratio}:1, needs ${problem.minimum}:1 (${problem.use})`;
}

import { DEFAULT_ACCENT, parseAccent } from '../workspace';

/**
 * A profile's accent colour, made readable: its contrast with white (WCAG's formula), the text
 * colour that reads on it, and a shade of it that reads as text on white paper.
 */

const channel = (hex: string, at: number) => {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG's relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG's contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for body text. */
export const READABLE_CONTRAST = 4.5;

export interface BrandColours {
  /** The analyst's colour: bands, rules, the cover. */
  accent: string;
  /** Text on the accent: white or black, whichever reads better. */
  onAccent: '#ffffff' | '#000000';
  /** The accent as text on white: itself when it reads, else darkened (same hue) until it does. */
  accentText: string;
  /**
   * The accent against white (the same ratio for white text on the accent and for the accent as
   * text on white paper): said on the settings page.
   */
  whiteContrast: number;
  /** Whether that ratio reads (AA): white text on a band, the accent's own text on the page. */
  readsWithWhite: boolean;
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** The colours a profile's accent gives, each checked for contrast. */
export function brandColours(accent: string): BrandColours {
  const colour = parseAccent(accent) ?? DEFAULT_ACCENT;
  const whiteRatio = contrastRatio(colour, '#ffffff');
  const onAccent = whiteRatio >= contrastRatio(colour, '#000000') ? '#ffffff' : '#000000';
  let accentText = colour;
  // Towards black in small steps: the first shade that reads on white (black always does).
  for (let step = 1; contrastRatio(accentText, '#ffffff') < READABLE_CONTRAST && step <= 20; step += 1) {
    const keep = 1 - step / 20;
    accentText = `#${[1, 3, 5].map((at) => hex2(parseInt(colour.slice(at, at + 2), 16) * keep)).join('')}`;
  }
  return {
    accent: colour,
    onAccent,
    accentText,
    whiteContrast: whiteRatio,
    readsWithWhite: whiteRatio >= READABLE_CONTRAST,
  };
}

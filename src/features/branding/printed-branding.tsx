import { useEffect, type CSSProperties } from 'react';
import { useBranding, type BrandingProfile } from '../workspace';
import { brandColours } from './colours';
import './branding.css';

/**
 * The colours of a profile as CSS custom properties, for the element that holds the branded
 * parts: the accent, the text on it and the accent as readable text (see brandColours).
 */
export function brandStyle(branding: BrandingProfile | null): CSSProperties | undefined {
  if (!branding) return undefined;
  const colours = brandColours(branding.accent);
  return {
    '--brand-accent': colours.accent,
    '--brand-on-accent': colours.onAccent,
    '--brand-accent-text': colours.accentText,
  } as CSSProperties;
}

/**
 * The agency's logo and name. The logo is only ever an <img>: an SVG logo shown this way runs no
 * script and loads nothing. Beside the name it says nothing more (alt ""); alone, it is the logo.
 */
export function BrandMark({ branding, className = '' }: { branding: BrandingProfile; className?: string }) {
  return (
    <span className={`brand-mark ${className}`.trim()}>
      {branding.logo ? (
        <img className="brand-mark__logo" src={branding.logo} alt={branding.agencyName ? '' : 'Agency logo'} />
      ) : null}
      {branding.agencyName ? <span className="brand-mark__name">{branding.agencyName}</span> : null}
    </span>
  );
}

/** At the top of a printed page (hidden on screen): the agency's mark and how to reach it. */
export function PrintedBrandHeader({ branding }: { branding: BrandingProfile | null }) {
  if (!branding) return null;
  return (
    <div className="brand-print-header" style={brandStyle(branding)}>
      <BrandMark branding={branding} />
      {branding.contact ? <span className="brand-print-header__contact">{branding.contact}</span> : null}
    </div>
  );
}

/**
 * A CSS string of any text: quotes, backslashes and control characters escaped, so that the text
 * of a profile (typed, imported, hostile) can only ever be the words of a page's margin.
 */
export function cssString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  const escaped = text.replace(/[\\"]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (character) => {
    return `\\${character.charCodeAt(0).toString(16)} `;
  });
  return `"${escaped}"`;
}

/** How a printed page is numbered by default: `{page}` and `{pages}` stand for the counters. */
const PAGE_NUMBERING = 'Page {page} of {pages}';

/** "Página {page} de {pages}" as CSS content: the text as strings, the placeholders as counters. */
function numberingContent(numbering: string): string {
  return numbering
    .split(/(\{pages?\})/)
    .filter((part) => part !== '')
    .map((part) => (part === '{page}' ? 'counter(page)' : part === '{pages}' ? 'counter(pages)' : cssString(part)))
    .join(' ');
}

/**
 * The print rules of a page: its margins, its number in the bottom right (worded as `numbering`
 * says, for a page in another language), the footer line on its left.
 */
export function pageRules(footer: string, numbering = PAGE_NUMBERING): string {
  const box = 'font: 8pt system-ui, sans-serif; color: #3a3f48;';
  return (
    '@media print { @page { margin: 16mm 14mm 18mm; ' +
    `@bottom-right { content: ${numberingContent(numbering)}; ${box} } ` +
    (footer ? `@bottom-left { content: ${cssString(footer)}; ${box} } ` : '') +
    '} }'
  );
}

/**
 * While a printable page is on screen, every printed page carries its number and the profile's
 * footer line, in the page's margin (CSS margin boxes, which Chromium prints since version 131;
 * other browsers print the page without them). The rules are a stylesheet of the document made in
 * script (the CSP allows no inline style element), gone when the page is.
 */
export function PrintedPages({ footer, numbering }: { footer: string; numbering?: string }) {
  useEffect(() => {
    if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    try {
      sheet.replaceSync(pageRules(footer, numbering));
    } catch {
      return;
    }
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }, [footer, numbering]);
  return null;
}

/**
 * What a printed page carries of the profile kept on this device: its header (hidden on screen)
 * and, on every page, its number and the footer line. For a page that prints as it is (the
 * report page); the project report places the profile itself.
 */
export function PrintedBranding() {
  const { branding } = useBranding();
  return (
    <>
      <PrintedBrandHeader branding={branding} />
      <PrintedPages footer={branding?.footer ?? ''} />
    </>
  );
}

// @vitest-environment jsdom
import {
  brandText,
  parseAccent,
  parseBranding,
  parseLogo,
  sniffLogoType,
  DEFAULT_ACCENT,
  LOGO_MAX_BYTES,
} from '../../../src/features/workspace/branding';
import { emptyWorkspace, parseWorkspace, WORKSPACE_VERSION } from '../../../src/features/workspace/model';
import { brandColours, contrastRatio } from '../../../src/features/branding/colours';
import { cssString, pageRules } from '../../../src/features/branding/printed-branding';
import { logoFromBytes } from '../../../src/features/settings/logo-file';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);
const text = (words: string) => new TextEncoder().encode(words);
const SVG = text(
  '<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe('a logo, by its bytes', () => {
  it('tells PNG, JPEG, WebP and SVG from their first bytes, whatever they claim', () => {
    expect(sniffLogoType(PNG)).toBe('image/png');
    expect(sniffLogoType(JPEG)).toBe('image/jpeg');
    expect(sniffLogoType(WEBP)).toBe('image/webp');
    expect(sniffLogoType(SVG)).toBe('image/svg+xml');
    expect(sniffLogoType(text('\uFEFF  <svg width="1"></svg>'))).toBe('image/svg+xml');
    expect(sniffLogoType(text('<html><svg></svg></html>'))).toBeNull();
    expect(sniffLogoType(text('GIF89a'))).toBeNull();
    expect(sniffLogoType(text('<svgfoo>'))).toBeNull();
    expect(sniffLogoType(new Uint8Array())).toBeNull();
  });

  it('is read from a chosen file, or refused with words: empty, too large, not an image', () => {
    expect(logoFromBytes(PNG, 'logo.png')).toEqual({ ok: true, logo: dataUrl('image/png', PNG) });
    expect(logoFromBytes(SVG, 'logo.svg')).toEqual({ ok: true, logo: dataUrl('image/svg+xml', SVG) });
    expect(logoFromBytes(new Uint8Array(), 'empty.png')).toEqual({ ok: false, message: 'empty.png is empty.' });
    const large = new Uint8Array(LOGO_MAX_BYTES + 1);
    large.set(PNG);
    expect(logoFromBytes(large, 'big.png')).toEqual({
      ok: false,
      message: 'big.png is 200 kB: a logo can be at most 200 kB. Save it smaller (or as SVG) and choose it again.',
    });
    expect(logoFromBytes(text('MZ\x90\x00 an executable'), 'logo.png\u202e.exe')).toEqual({
      ok: false,
      message: 'logo.png .exe is not a PNG, JPEG, WebP or SVG image.',
    });
    // At the limit exactly, it is kept.
    const limit = new Uint8Array(LOGO_MAX_BYTES);
    limit.set(PNG);
    expect(logoFromBytes(limit, 'l.png').ok).toBe(true);
  });

  it('is kept only as a data URL of an allowed type whose bytes are that type', () => {
    expect(parseLogo(dataUrl('image/png', PNG))).toBe(dataUrl('image/png', PNG));
    expect(parseLogo(dataUrl('image/svg+xml', SVG))).toBe(dataUrl('image/svg+xml', SVG));
    // Bytes of another type than the URL says, a type not allowed, not base64, not a data URL.
    expect(parseLogo(dataUrl('image/png', JPEG))).toBeNull();
    expect(parseLogo(dataUrl('image/gif', text('GIF89a')))).toBeNull();
    expect(parseLogo(dataUrl('text/html', text('<svg></svg>')))).toBeNull();
    expect(parseLogo('data:image/png;base64,%%%')).toBeNull();
    expect(parseLogo('https://evil.example/logo.png')).toBeNull();
    expect(parseLogo('javascript:alert(1)')).toBeNull();
    expect(parseLogo(42)).toBeNull();
    const large = new Uint8Array(LOGO_MAX_BYTES + 3);
    large.set(PNG);
    expect(parseLogo(dataUrl('image/png', large))).toBeNull();
  });
});

describe('the profile, as stored or imported', () => {
  it('reads each field on its own: words bounded, control characters gone, a colour or the default', () => {
    const logo = dataUrl('image/png', PNG);
    expect(
      parseBranding({
        agencyName: `  Northwind\u0000 \n Digital ${'x'.repeat(200)}`,
        logo,
        accent: ' #0B6E4F ',
        footer: 'Confidential\r\n',
        contact: 12,
        extra: '<script>',
      }),
    ).toEqual({
      agencyName: `Northwind Digital ${'x'.repeat(62)}`,
      logo,
      accent: '#0b6e4f',
      footer: 'Confidential',
      contact: '',
    });
    expect(parseBranding({ agencyName: 'A', accent: 'red', logo: 'data:image/png;base64,AAAA' })).toEqual({
      agencyName: 'A',
      logo: null,
      accent: DEFAULT_ACCENT,
      footer: '',
      contact: '',
    });
  });

  it('is nothing when nothing in it would brand a report', () => {
    for (const stored of [null, undefined, 'Northwind', 42, [], {}, { accent: '#000000' }, { agencyName: ' \n ' }])
      expect(parseBranding(stored)).toBeNull();
  });

  it('is one field of the workspace, read with it and absent from a fresh one', () => {
    expect(emptyWorkspace().branding).toBeNull();
    const stored = {
      version: WORKSPACE_VERSION,
      connection: 'c',
      branding: { agencyName: 'Northwind', accent: '#123' },
    };
    expect(parseWorkspace(stored).branding).toEqual({
      agencyName: 'Northwind',
      logo: null,
      accent: DEFAULT_ACCENT,
      footer: '',
      contact: '',
    });
    expect(parseWorkspace({ ...stored, branding: 'garbage' }).branding).toBeNull();
  });

  it('reads words and colours as the form does', () => {
    expect(brandText('a\tb\u0007c', 10)).toBe('a b c');
    expect(brandText('abcdef ', 3)).toBe('abc');
    expect(parseAccent('#ABCDEF')).toBe('#abcdef');
    expect(parseAccent('#abcde')).toBeNull();
    expect(parseAccent('#abcdeg')).toBeNull();
  });
});

describe('the accent, readable', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0b6e4f', '#ffffff')).toBeCloseTo(6.3, 1);
  });

  it('keeps a dark accent, with white text on it', () => {
    expect(brandColours('#0b6e4f')).toEqual({
      accent: '#0b6e4f',
      onAccent: '#ffffff',
      accentText: '#0b6e4f',
      whiteContrast: expect.closeTo(6.3, 1) as number,
      readsWithWhite: true,
    });
  });

  it('puts black text on a light accent, and darkens it (same hue) until it reads as text on white', () => {
    const yellow = brandColours('#ffd700');
    expect(yellow.onAccent).toBe('#000000');
    expect(yellow.readsWithWhite).toBe(false);
    expect(contrastRatio(yellow.accentText, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Darkened, not replaced: still more red than blue, and no darker than it must be.
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(yellow.accentText.slice(at, at + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
    expect(r).toBeGreaterThan(0x60);
    expect(brandColours('not a colour').accent).toBe(DEFAULT_ACCENT);
  });
});

describe('the footer line in the page margin', () => {
  it('stays words: quotes, backslashes, line breaks and braces cannot leave the CSS string', () => {
    expect(cssString('Fourth "Coffee"\\ }\n@import url(x);')).toBe('"Fourth \\"Coffee\\"\\\\ }\\a @import url(x);"');
    const rules = pageRules('a"; } body { display: none } @page { x: "');
    expect(rules).toContain('content: "a\\"; } body { display: none } @page { x: \\""');
    expect(pageRules('')).not.toContain('@bottom-left');
    expect(pageRules('')).toContain('counter(page)');
  });
});

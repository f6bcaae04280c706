import * as v from 'valibot';
import { readOr } from '../../lib/schema';

/**
 * The agency's branding profile: its name, logo, accent colour, footer line and contact, printed
 * on the report page and on a project's client report. Part of the workspace record (./model.ts
 * reads it with `parseBranding`), so it follows every tab, goes with the connection and travels
 * with the workspace file. Everything here reads hostile input: text is trimmed and bounded, a
 * colour is #rrggbb or nothing, and a logo is a data URL whose bytes really are one of the image
 * types allowed. An SVG logo is kept as it came, and is only ever shown through <img>, where
 * a browser runs none of its script and loads nothing it links to.
 */

export interface BrandingProfile {
  /** "Northwind SEO"; '' when the analyst gave none. */
  agencyName: string;
  /** A `data:image/…;base64,…` URL of at most LOGO_MAX_BYTES of image; null: no logo. */
  logo: string | null;
  /** #rrggbb, lower case. */
  accent: string;
  /** A line printed at the foot of every page ("Confidential: prepared for Fourth Coffee"). */
  footer: string;
  /** How the client reaches the agency ("ana@northwind.example · +44 20 7946 0000"). */
  contact: string;
}

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_MAX_BYTES = 200_000;
export const AGENCY_NAME_MAX = 80;
export const FOOTER_MAX = 160;
export const CONTACT_MAX = 160;
/** A calm blue that reads on white and under white text, until the analyst picks their own. */
export const DEFAULT_ACCENT = '#1f5fbf';

const ACCENT = /^#[0-9a-f]{6}$/;

const AccentSchema = v.pipe(
  v.string(),
  v.transform((value: string) => value.trim().toLowerCase()),
  v.regex(ACCENT),
);

/** "#1F5FBF" or " #1f5fbf " → "#1f5fbf"; null for anything that is not six hex digits. */
export const parseAccent = (value: unknown): string | null => readOr(AccentSchema, value, null);

/**
 * One line of words: control characters, bidirectional overrides (which would make
 * "logo.png\u202Eexe.svg" read as another name) and runs of spaces become one space; then bounded.
 */
export function brandText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069\s]+/g, ' ')
      .trim()
      .slice(0, max)
      .trim()
  );
}

// ---------------------------------------------------------------------------------------------
// The logo

/** The image type the first bytes say, whatever the file's name or its claimed type say. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((byte, i) => bytes[8 + i] === byte))
    return 'image/webp';
  // An SVG is text: an <svg element near the start, after any XML declaration, comment or doctype.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return null;
}

function bytesOf(base64: string): Uint8Array | null {
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

const LOGO_URL = /^data:(image\/(?:png|jpeg|webp|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/;

/** A kept logo as it must be: a data URL of an allowed type whose bytes are that type, in bounds. */
const LogoSchema = v.pipe(
  v.string(),
  v.check((value: string) => {
    if (value.length > 40 + Math.ceil(LOGO_MAX_BYTES / 3) * 4) return false;
    const match = LOGO_URL.exec(value);
    const bytes = match && bytesOf(match[2] as string);
    return !!bytes && bytes.length > 0 && bytes.length <= LOGO_MAX_BYTES && sniffLogoType(bytes) === match[1];
  }),
);

export const parseLogo = (value: unknown): string | null => readOr(LogoSchema, value, null);

// ---------------------------------------------------------------------------------------------
// The profile

/** A profile that brands nothing yet: the form starts from it. */
export const EMPTY_BRANDING: BrandingProfile = {
  agencyName: '',
  logo: null,
  accent: DEFAULT_ACCENT,
  footer: '',
  contact: '',
};

/** A field of words: anything else reads as none. */
const brandTextSchema = (max: number) =>
  v.fallback(
    v.pipe(
      v.string(),
      v.transform((value: string) => brandText(value, max)),
    ),
    '',
  );

/**
 * Whatever is stored (or imported) as a profile, read field by field: what cannot be read is left
 * out. Null when nothing is left that would brand a report (no name, logo, footer or contact).
 */
export const BrandingSchema: v.GenericSchema<unknown, BrandingProfile | null> = v.fallback(
  v.pipe(
    v.object({
      agencyName: brandTextSchema(AGENCY_NAME_MAX),
      logo: v.fallback(v.nullable(LogoSchema), null),
      accent: v.fallback(AccentSchema, DEFAULT_ACCENT),
      footer: brandTextSchema(FOOTER_MAX),
      contact: brandTextSchema(CONTACT_MAX),
    }),
    v.transform((profile) =>
      profile.agencyName || profile.logo || profile.footer || profile.contact ? profile : null,
    ),
  ),
  null,
);

export const parseBranding = (value: unknown): BrandingProfile | null => v.parse(BrandingSchema, value);

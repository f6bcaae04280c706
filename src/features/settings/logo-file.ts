import { t } from '@lingui/core/macro';
import { brandText, sniffLogoType, LOGO_MAX_BYTES } from '../workspace';

/**
 * A logo file chosen on the settings page, read into what the branding profile keeps (a data
 * URL), or words for why it cannot be a logo: too large, empty, or not an image of the types
 * allowed, whatever its name or claimed type say (the bytes are looked at).
 */

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(binary);
}

/** A file's bytes, through FileReader: every browser (and the test DOM) has it. */
function bytesOfFile(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

export type LogoReading = { ok: true; logo: string } | { ok: false; message: string };

/** The logo of image bytes chosen by the analyst, or words for why it cannot be one. */
export function logoFromBytes(bytes: Uint8Array, name: string): LogoReading {
  const file = brandText(name, 60) || t`The file`;
  if (bytes.length === 0) return { ok: false, message: t`${file} is empty.` };
  if (bytes.length > LOGO_MAX_BYTES) {
    const size = Math.round(bytes.length / 1000);
    const most = LOGO_MAX_BYTES / 1000;
    return {
      ok: false,
      message: t`${file} is ${size} kB: a logo can be at most ${most} kB. Save it smaller (or as SVG) and choose it again.`,
    };
  }
  const type = sniffLogoType(bytes);
  if (!type) return { ok: false, message: t`${file} is not a PNG, JPEG, WebP or SVG image.` };
  return { ok: true, logo: `data:${type};base64,${base64Of(bytes)}` };
}

/** Reads a chosen file into a logo (see logoFromBytes); a file too large is refused unread. */
export async function logoFromFile(file: Blob & { name?: string }): Promise<LogoReading> {
  const name = file.name ?? '';
  if (file.size > LOGO_MAX_BYTES) return logoFromBytes(new Uint8Array(file.size), name);
  try {
    return logoFromBytes(await bytesOfFile(file), name);
  } catch {
    const file = brandText(name, 60) || t`The file`;
    return { ok: false, message: t`${file} could not be read. Choose it again.` };
  }
}

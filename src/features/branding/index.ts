/**
 * The agency's branding on what is printed for a client: the parts the report page and the
 * project report print with (header, cover mark, page footer and numbers) and the colours of a
 * profile, readable. The profile itself (shape, bounds, hostile input) is the workspace's
 * (src/features/workspace/branding.ts); its editor is the settings page's.
 */
export { brandColours } from './colours';
export { BrandMark, PrintedBranding, PrintedPages, brandStyle } from './printed-branding';

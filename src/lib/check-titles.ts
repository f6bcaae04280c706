/**
 * The checks' titles in English, as plain strings: for what runs outside the build, where Lingui's
 * macros (./checks.ts) cannot (the exports' CSV in a Node bench, the end-to-end specs), and where
 * English is wanted whatever the dashboard's language (a CSV's values are stable keys). A unit
 * test holds each equal to the English of ./checks.ts' `checkTitle`, which the screens use.
 */
const ENGLISH_TITLES: Readonly<Record<string, string>> = {
  title: 'Title',
  meta_description: 'Meta description',
  headings: 'Headings',
  content_keywords: 'Content keywords',
  image_keywords: 'Image keywords',
  seo_friendly_url: 'SEO-friendly URL',
  '404_page': '404 page',
  robots: 'Robots.txt',
  noindex: 'Noindex',
  in_page_links: 'In-page links',
  language: 'Language',
  favicon: 'Favicon',
  text_compression: 'Text compression',
  load_time: 'Load time',
  page_size: 'Page size',
  http_requests: 'HTTP requests',
  image_format: 'Image format',
  defer_javascript: 'Defer JavaScript',
  dom_size: 'DOM size',
  https_encryption: 'HTTPS encryption',
  gsb: 'Google Safe Browsing',
  plaintext_email: 'Plaintext email',
  structured_data: 'Structured data',
  meta_viewport: 'Meta viewport',
  charset: 'Charset',
  sitemap: 'Sitemap',
  social: 'Social',
  content_length: 'Content length',
  text_html_ratio: 'Text to HTML ratio',
  inline_css: 'Inline CSS',
  deprecated_html_tags: 'Deprecated HTML tags',
};

/** The names of the checks the dashboard knows, for the test that holds the two English equal. */
export const ENGLISH_TITLED_CHECKS = Object.keys(ENGLISH_TITLES);

/** "meta_description" → "Meta description"; an unknown name made readable as ./checks.ts does. */
export function englishCheckTitle(name: string): string {
  const known = Object.hasOwn(ENGLISH_TITLES, name) ? ENGLISH_TITLES[name] : undefined;
  if (known) return known;
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '(unnamed check)';
}

// @vitest-environment node
import { checkGuide } from '../../src/lib/check-guide';
import { CHECK_NAMES } from '../../src/simulator';

// The check names of shared/spec/api-v1-observed.md, by the service's own grouping.
const DOCUMENTED = [
  ...['title', 'meta_description', 'headings', 'content_keywords', 'image_keywords', 'seo_friendly_url'],
  ...['404_page', 'robots', 'noindex', 'in_page_links', 'language', 'favicon'],
  ...['text_compression', 'load_time', 'page_size', 'http_requests', 'image_format', 'defer_javascript', 'dom_size'],
  ...['https_encryption', 'gsb', 'plaintext_email'],
  ...['structured_data', 'meta_viewport', 'charset', 'sitemap', 'social', 'content_length', 'text_html_ratio'],
  ...['inline_css', 'deprecated_html_tags'],
];

describe('why it matters and how to fix', () => {
  it('has its own plain-language guide for every known check', () => {
    expect(new Set([...DOCUMENTED, ...CHECK_NAMES]).size).toBe(DOCUMENTED.length);
    const generic = checkGuide('a_check_nobody_knows');
    const seen = new Set<string>();
    for (const name of DOCUMENTED) {
      const guide = checkGuide(name);
      expect(guide.known, name).toBe(true);
      expect(guide.why, name).not.toBe(generic.why);
      expect(guide.fix, name).not.toBe(generic.fix);
      for (const text of [guide.why, guide.fix]) {
        expect(text.length, name).toBeGreaterThan(40);
        expect(text.length, name).toBeLessThan(220);
        expect(text, name).toMatch(/^[A-Z].*[.)”]$/);
        expect(seen.has(text), `${name}: the same text as another check`).toBe(false);
        seen.add(text);
      }
    }
  });

  it('gives an unknown check a generic guide that says so', () => {
    for (const name of ['preload_hints', '__proto__', 'constructor', 'toString']) {
      const guide = checkGuide(name);
      expect(guide.known).toBe(false);
      expect(guide.why).toMatch(/new to the dashboard/);
      expect(guide.fix).toMatch(/what the service found/);
    }
  });
});

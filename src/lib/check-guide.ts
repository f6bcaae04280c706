import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SOURCE_LANGUAGE } from './i18n/locales';
import { messages as english } from './i18n/locales/en/check-guide.po';
import { catalog } from './i18n/switch-language';

/**
 * Why each check matters and how to fix it, in plain words for the analyst and for the client
 * who receives the printed report. One entry per check the service runs
 * (shared/spec/api-v1-observed.md); a check this dashboard does not know gets the generic entry.
 * Messages of the `check-guide` catalog, apart from the checks' titles (./check-catalog.ts): the
 * screens that show only titles do not carry these sentences. The HTML in them (<title>, alt="")
 * is plain text to `msg`: it is shown as written, never parsed as an element.
 */

/** `useCatalog(checkGuideCatalog)` where a guide is shown; a client report says it among its catalogs. */
export const checkGuideCatalog = catalog(
  'check-guide',
  english,
  import.meta.glob<{ messages: Messages }>(['./i18n/locales/*/check-guide.po', '!./i18n/locales/en/check-guide.po']),
);

/** The guides in English, whatever the dashboard's language: what the copied Markdown says. */
const englishGuides = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: english } });
export interface CheckGuide {
  why: string;
  fix: string;
  /** False for the generic entry of a check this dashboard does not know. */
  known: boolean;
}

const GUIDE: Record<string, { why: MessageDescriptor; fix: MessageDescriptor }> = {
  title: {
    why: msg`The title is the headline people see in search results and on the browser tab, and search engines weigh it heavily when they decide what the page is about.`,
    fix: msg`Give the page exactly one <title> of under 60 characters that names its topic first and the site last, for example “Coffee brewing guide | example.com”.`,
  },
  meta_description: {
    why: msg`Search engines often show the meta description under the title in their results; a clear one makes people click.`,
    fix: msg`Add <meta name="description" content="…"> with one or two sentences, under 160 characters, saying what the page offers.`,
  },
  headings: {
    why: msg`Headings are the outline of the page. Search engines and screen readers take the single H1 as the main topic.`,
    fix: msg`Use one H1 that states the topic of the page, then H2 and H3 for its sections, each with its own wording.`,
  },
  content_keywords: {
    why: msg`The words of the title and headings should also appear in the text, or search engines doubt that the page is really about them.`,
    fix: msg`Use the listed keywords naturally in the body text, or change the title and headings to the words the text really uses.`,
  },
  image_keywords: {
    why: msg`Alt text describes an image to people who cannot see it and to image search.`,
    fix: msg`Give every meaningful image an alt attribute that says what it shows; use an empty alt="" for purely decorative ones.`,
  },
  seo_friendly_url: {
    why: msg`Short, readable addresses are easier to share and tell people and search engines what the page is about.`,
    fix: msg`Use a short address of lower-case words joined by hyphens, without IDs, session parameters or underscores, and redirect the old address to the new one.`,
  },
  '404_page': {
    why: msg`A helpful “page not found” page keeps visitors who follow a broken link on the site.`,
    fix: msg`Make the server answer unknown addresses with a custom page (with status 404) that links to the home page and the search.`,
  },
  robots: {
    why: msg`Search engines do not visit pages that robots.txt disallows, so they cannot show them in their results.`,
    fix: msg`Remove or narrow the Disallow rule in /robots.txt that matches this page, unless hiding it is intended.`,
  },
  noindex: {
    why: msg`A noindex directive tells search engines to leave the page out of their results entirely.`,
    fix: msg`Remove “noindex” from the robots meta tag or the X-Robots-Tag header, unless the page should stay out of search.`,
  },
  in_page_links: {
    why: msg`A page with a great many links is hard to use, and each link passes on less value to the page it points to.`,
    fix: msg`Keep the links that matter on this page; move long lists of links (tags, archives, big footers) to pages of their own.`,
  },
  language: {
    why: msg`The declared language helps search engines show the page to the right audience and lets screen readers pronounce it correctly.`,
    fix: msg`Set the lang attribute on the <html> element, for example <html lang="en">.`,
  },
  favicon: {
    why: msg`The small icon identifies the site in browser tabs, bookmarks and some search results.`,
    fix: msg`Add a favicon to the site: a /favicon.ico file, or <link rel="icon" href="…"> in the <head> of its pages.`,
  },
  text_compression: {
    why: msg`Compressed pages download several times faster, above all on mobile connections.`,
    fix: msg`Turn on gzip or Brotli compression for HTML, CSS and JavaScript in the web server or CDN settings.`,
  },
  load_time: {
    why: msg`Slow pages lose visitors, and speed is part of how search engines rank pages.`,
    fix: msg`Make the page load less before it shows: compress and resize images, defer scripts, cache static files, and use a faster host or a CDN.`,
  },
  page_size: {
    why: msg`Heavy pages take long to load on slow connections and cost visitors their mobile data.`,
    fix: msg`Compress and resize images, remove unused scripts and styles, and load what is further down the page later.`,
  },
  http_requests: {
    why: msg`Every file a page requests adds delay: many requests make it slow.`,
    fix: msg`Combine or drop scripts and stylesheets, use CSS or SVG instead of many small images, and lazy-load images further down the page.`,
  },
  image_format: {
    why: msg`Modern formats such as WebP and AVIF are much smaller than JPEG, PNG or GIF at the same quality.`,
    fix: msg`Convert the listed images to WebP or AVIF; most image tools, CMS plugins and CDNs can do it automatically.`,
  },
  defer_javascript: {
    why: msg`A script without defer or async stops the browser from showing the page until it has loaded and run.`,
    fix: msg`Add the defer attribute to the listed <script> tags, or async for independent ones such as analytics.`,
  },
  dom_size: {
    why: msg`A page made of very many HTML elements is slow to show and to update, above all on phones.`,
    fix: msg`Simplify the markup: remove needless wrapper elements and hidden content, and page or load long lists on demand.`,
  },
  https_encryption: {
    why: msg`Without HTTPS, browsers mark the page “not secure”, and what visitors send can be read or changed on the way.`,
    fix: msg`Install a TLS certificate (Let’s Encrypt gives them for free) and redirect every http:// address to https://.`,
  },
  gsb: {
    why: msg`Browsers show a full-page warning for sites that Google Safe Browsing lists, and most visitors turn back.`,
    fix: msg`Find and remove the harmful or deceptive content, secure the site, then ask for a review in Google Search Console.`,
  },
  plaintext_email: {
    why: msg`Email addresses written into the page are collected by spam robots.`,
    fix: msg`Replace the addresses with a contact form, or hide them from robots (for example with a small script).`,
  },
  structured_data: {
    why: msg`Structured data (Schema.org, Open Graph, Twitter cards) lets search engines and social networks show rich previews of the page.`,
    fix: msg`Add Schema.org markup (JSON-LD) for the kind of page, and Open Graph tags: og:title, og:description, og:image.`,
  },
  meta_viewport: {
    why: msg`Without a viewport tag, phones show the desktop layout zoomed out, and search engines do not count the page as mobile-friendly.`,
    fix: msg`Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the <head> of the page.`,
  },
  charset: {
    why: msg`Without a declared character set, browsers may show accented letters and symbols as garbage.`,
    fix: msg`Add <meta charset="utf-8"> as the first element of the <head>, and save the files as UTF-8.`,
  },
  sitemap: {
    why: msg`A sitemap lists the pages of the site so that search engines find all of them, new ones included.`,
    fix: msg`Publish a sitemap.xml (most CMSs make one) and name it in robots.txt with a “Sitemap:” line.`,
  },
  social: {
    why: msg`Links to the social profiles of the business help people find it and trust it.`,
    fix: msg`Link to the social media profiles of the site, usually in its header or footer.`,
  },
  content_length: {
    why: msg`Pages with very little text rarely rank well: search engines have little to understand them by.`,
    fix: msg`Write more useful text on the topic of the page: explanations, details, answers to common questions.`,
  },
  text_html_ratio: {
    why: msg`Little visible text compared with the markup often means bloated code or thin content.`,
    fix: msg`Remove needless markup and inline code, and add meaningful text to the page.`,
  },
  inline_css: {
    why: msg`Inline styles are repeated in every page, cannot be cached, and make the design harder to change.`,
    fix: msg`Move the style attributes into the site’s stylesheet and use classes instead.`,
  },
  deprecated_html_tags: {
    why: msg`Tags such as <font> and <center> are obsolete: browsers may drop them, and they mix content with design.`,
    fix: msg`Replace them with modern HTML and CSS: a class instead of <font>, text-align: center instead of <center>.`,
  },
};

const UNKNOWN = {
  why: msg`This check is new to the dashboard (the service may be a newer version), so there is no explanation for it here yet.`,
  fix: msg`Read what the service found, shown below; the service’s own report page may explain this check.`,
};

/** The guide of a check, said in `i18n` (a component's `useLingui().i18n`), in English without one. */
export function checkGuide(name: string, i18n: I18n = englishGuides): CheckGuide {
  const guide = Object.hasOwn(GUIDE, name) ? GUIDE[name] : undefined;
  const { why, fix } = guide ?? UNKNOWN;
  return { why: i18n._(why), fix: i18n._(fix), known: guide !== undefined };
}

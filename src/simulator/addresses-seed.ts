import { seededReport } from './large-seed';
import { createRandom, pick, randomInt, type Random } from './random';
import type { ReportRecord } from './types';

// An account whose pages have the addresses real sites have, for measuring lists as a person
// meets them (issue 37): shop products under locale and category paths with their variant in the
// query, dated news articles with long slugs, filtered listings, documentation, and landing pages
// with campaign parameters and click ids. Every address is 80 to 150 characters; the demo's are
// mostly short ("contoso.com/pricing"), and a list of those lays out as no real list does.
//
//   createSimulator({ seed: 'addresses' })                      in code
//   POST /__simulator/reset {"seed":"addresses"}                over HTTP (scripts/bench/lists.mjs)

export const ADDRESSES_ACCOUNT = {
  reports: 600,
  minLength: 80,
  maxLength: 150,
} as const;

type AddressesSeedReport = Omit<ReportRecord, 'id'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_MS = 365 * DAY_MS;

type Words = readonly [string, ...string[]];

const SHOPS: Words = ['www.northwind-outdoor.co.uk', 'shop.fabrikam-living.com', 'store.litware-audio.de'];
const NEWS: Words = ['www.harbourcity-herald.com', 'news.wingtip-regional.org'];
const DOCS: Words = ['docs.proseware-cloud.io', 'support.adatum-software.com'];
const LOCALES: Words = ['en-gb', 'en-us', 'de-de', 'fr-fr', 'nl-nl'];
const CATEGORIES: Words = ['mens', 'womens', 'home', 'audio', 'garden', 'kids'];
/** Each under its category. */
const PRODUCTS: Words = [
  'mens/footwear/hiking-boots/trailblazer-gore-tex-mid-waterproof-walking-boot',
  'womens/clothing/waterproof-jackets/stormshell-packable-3-layer-rain-jacket',
  'home/kitchen/small-appliances/barista-pro-dual-boiler-espresso-machine',
  'audio/headphones/wireless-over-ear/quietcomfort-active-noise-cancelling-headphones',
  'garden/furniture/outdoor-dining-sets/riviera-6-seater-acacia-wood-extending-table',
  'kids/toys/construction-and-building/mega-builder-1200-piece-castle-set',
];
const COLOURS: Words = ['graphite', 'moss-green', 'sand', 'navy', 'brushed-steel', 'oak'];
const SECTIONS: Words = ['news/local', 'business/economy', 'sport/football', 'culture/film-and-tv', 'opinion'];
const HEADLINES: Words = [
  'council-approves-new-cycle-lanes-on-high-street-after-months-of-consultation',
  'local-bakery-wins-national-award-for-sourdough-three-years-running',
  'harbour-redevelopment-plans-unveiled-with-500-new-homes-and-a-public-park',
  'what-the-new-parking-rules-mean-for-residents-and-visitors-this-winter',
  'interview-the-director-behind-this-years-surprise-festival-hit',
  'five-things-we-learned-from-saturdays-derby-draw',
];
const DOC_PAGES: Words = [
  'v3/getting-started/authentication/service-accounts-and-api-keys',
  'v3/guides/data-pipelines/scheduling-incremental-exports-to-object-storage',
  'v2/reference/rest-api/projects/list-project-members-with-pagination',
  'latest/troubleshooting/connection-timeouts-behind-corporate-proxies',
  'kb/billing/how-to-change-the-payment-method-on-an-annual-plan',
];
const SEARCHES: Words = ['waterproof+walking+boots', 'espresso+machine', 'noise+cancelling', 'garden+table+6+seats'];
const CAMPAIGNS: Words = [
  'winter-sale-2026',
  'black-friday-early-access',
  'spring-collection-launch',
  'loyalty-relaunch',
];

const TOKEN_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'] as [
  string,
  ...string[],
];
const token = (random: Random, length: number) => Array.from({ length }, () => pick(random, TOKEN_CHARACTERS)).join('');
const pad = (value: number) => String(value).padStart(2, '0');

/** One address of one of the shapes above (its host is its project). */
function address(random: Random): { host: string; url: string } {
  switch (randomInt(random, 0, 4)) {
    case 0: {
      const host = pick(random, SHOPS);
      const url =
        `${host}/${pick(random, PRODUCTS)}-${randomInt(random, 10000, 99999)}` +
        `?variant=${randomInt(random, 1e9, 9e9)}&size=${randomInt(random, 4, 12)}`;
      return { host, url };
    }
    case 1: {
      const host = pick(random, NEWS);
      const url = `${host}/${pick(random, SECTIONS)}/2026/${pad(randomInt(random, 1, 11))}/${pad(randomInt(random, 1, 28))}/${pick(random, HEADLINES)}`;
      return { host, url };
    }
    case 2: {
      const host = pick(random, DOCS);
      return { host, url: `${host}/${pick(random, DOC_PAGES)}` };
    }
    case 3: {
      const host = pick(random, SHOPS);
      const url =
        `${host}/${pick(random, LOCALES)}/search?q=${pick(random, SEARCHES)}&category=${pick(random, CATEGORIES)}` +
        `&sort=price_asc&page=${randomInt(random, 1, 9)}&filters%5Bcolour%5D=${pick(random, COLOURS)}`;
      return { host, url };
    }
    default: {
      const host = pick(random, SHOPS);
      const clickId = pick<readonly [string, number]>(random, [
        ['gclid', 40],
        ['fbclid', 30],
        ['msclkid', 32],
      ]);
      const url =
        `${host}/offers/${pick(random, CAMPAIGNS)}?utm_source=google&utm_medium=cpc` +
        `&${clickId[0]}=${token(random, clickId[1])}`;
      return { host, url };
    }
  }
}

/** The account's reports, oldest first (the store numbers them in this order). */
export function generateAddressesAccount({
  seed = 1,
  now = new Date(),
}: { seed?: number; now?: Date } = {}): AddressesSeedReport[] {
  const random = createRandom(seed ^ 0x5ad3);
  const reports: AddressesSeedReport[] = [];
  while (reports.length < ADDRESSES_ACCOUNT.reports) {
    const { host, url } = address(random);
    // Cut ids and query values do not make a shorter address a person would paste: draw again.
    if (url.length < ADDRESSES_ACCOUNT.minLength || url.length > ADDRESSES_ACCOUNT.maxLength) continue;
    reports.push(seededReport(random, { url, host, passRate: 0.35 + random() * 0.6, now, spanMs: SPAN_MS }));
  }
  return reports.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}

// The websites the demo account analyses. They are made up: most are the fictitious
// companies Microsoft keeps for examples (contoso.com, fourthcoffee.com…), so no real
// business gets a "Bad" score in a screenshot. Each has its own pages, language and quality,
// so the demo reads like an agency's account rather than random strings.

export interface DemoPage {
  /** Path without the leading slash; '' is the home page. */
  path: string;
  /** The page's own title, without the site name. */
  title: string;
  /** What the page is about, most important first. */
  keywords: readonly [string, ...string[]];
}

export interface DemoSite {
  host: string;
  /** The name the site's titles end with, e.g. "Fourth Coffee". */
  name: string;
  /** The pages' `<html lang>`. */
  language: string;
  /** A line the site's descriptions are built from. */
  tagline: string;
  /** Subheadings its pages use. */
  sections: readonly [string, ...string[]];
  /** The schema.org type its pages declare. */
  schemaType: string;
  /** How well kept its pages are, from 0 (neglected: most checks that can fail do) to 1 (all pass). */
  quality: number;
  /** Relative share of the account's reports. */
  weight: number;
  /** Since when the account has analysed the site (at most 15 months: the demo's history). */
  monthsTracked: number;
  /** Share of its reports that are not public (a client's site, a bank). */
  privateShare: number;
  pages: readonly [DemoPage, ...DemoPage[]];
  /** Marketing campaigns whose tracking links (long, full of utm_ parameters) were analysed too. */
  campaigns?: readonly string[];
}

const page = (path: string, title: string, ...keywords: [string, ...string[]]): DemoPage => ({
  path,
  title,
  keywords,
});

export const DEMO_SITES: readonly DemoSite[] = [
  {
    host: 'contoso.com',
    name: 'Contoso',
    language: 'en',
    tagline: 'Contoso helps finance teams close the books faster with automated reporting.',
    sections: ['Why Contoso', 'How it works', 'Customer stories', 'Plans and pricing', 'Get a demo'],
    schemaType: 'Organization',
    quality: 0.92,
    weight: 12,
    monthsTracked: 15,
    privateShare: 0.2,
    pages: [
      page('', 'Financial reporting software', 'reporting software', 'finance'),
      page('pricing', 'Pricing', 'pricing', 'reporting software'),
      page('features/reporting', 'Automated reporting', 'automated reporting', 'dashboards'),
      page('features/integrations', 'Integrations', 'integrations', 'erp'),
      page('customers', 'Customer stories', 'case studies', 'customers'),
      page('customers/fabrikam', 'How Fabrikam closes the month in two days', 'case study', 'month-end close'),
      page('blog/month-end-close-checklist', 'A month-end close checklist', 'month-end close', 'checklist'),
      page('blog/quarterly-product-update', 'Product update: autumn 2026', 'product update', 'release'),
      page('careers', 'Careers', 'careers', 'jobs'),
      page('security', 'Security and compliance', 'security', 'compliance'),
    ],
  },
  {
    host: 'docs.contoso.com',
    name: 'Contoso Docs',
    language: 'en',
    tagline: 'Guides and API reference for Contoso administrators and developers.',
    sections: ['Before you begin', 'Steps', 'Example', 'Parameters', 'Troubleshooting', 'See also'],
    schemaType: 'TechArticle',
    quality: 0.72,
    weight: 8,
    monthsTracked: 10,
    privateShare: 0.1,
    pages: [
      page('getting-started', 'Getting started', 'getting started', 'setup'),
      page('guides/single-sign-on', 'Set up single sign-on', 'single sign-on', 'saml'),
      page('guides/import-data', 'Import data from spreadsheets', 'import', 'spreadsheets'),
      page('api/authentication', 'API authentication', 'api', 'authentication'),
      page('api/reports', 'Reports API reference', 'api', 'reports'),
      page('release-notes', 'Release notes', 'release notes', 'changelog'),
      page('troubleshooting', 'Troubleshooting', 'troubleshooting', 'errors'),
    ],
  },
  {
    host: 'fourthcoffee.com',
    name: 'Fourth Coffee',
    language: 'en',
    tagline: 'Small-batch coffee roasted in Seattle since 2009, served in our cafés and delivered to your door.',
    sections: ['Our coffee', 'Visit us', 'From the blog', 'Opening hours', 'Sign up for our newsletter'],
    schemaType: 'CafeOrCoffeeShop',
    quality: 0.8,
    weight: 11,
    monthsTracked: 15,
    privateShare: 0.1,
    pages: [
      page('', 'Specialty coffee roasters in Seattle', 'coffee', 'roasters'),
      page('our-story', 'Our story', 'coffee roasters', 'seattle'),
      page('menu', 'Café menu', 'coffee', 'menu'),
      page('locations', 'Our cafés', 'cafés', 'seattle'),
      page('locations/pike-street', 'Pike Street café', 'café', 'pike street'),
      page('blog/how-to-brew-pour-over', 'How to brew pour-over coffee', 'pour-over', 'brewing guide'),
      page('blog/cold-brew-at-home', 'Cold brew at home, step by step', 'cold brew', 'recipe'),
      page('wholesale', 'Wholesale coffee for restaurants and offices', 'wholesale coffee', 'offices'),
    ],
  },
  {
    host: 'shop.fourthcoffee.com',
    name: 'Fourth Coffee Shop',
    language: 'en',
    tagline: 'Freshly roasted beans, brewing gear and gifts. Free delivery on orders over $40.',
    sections: ['Tasting notes', 'Product details', 'Reviews', 'You may also like', 'Shipping and returns'],
    schemaType: 'Product',
    campaigns: ['autumn-roasts', 'black-friday', 'subscription-relaunch'],
    quality: 0.3,
    weight: 14,
    monthsTracked: 14,
    privateShare: 0.15,
    pages: [
      page('', 'Coffee beans and brewing gear', 'coffee beans', 'brewing gear'),
      page('collections/whole-bean', 'Whole bean coffee', 'whole bean coffee', 'coffee beans'),
      page('collections/brewing-gear', 'Brewing gear', 'brewing gear', 'grinders'),
      page('products/ethiopia-yirgacheffe', 'Ethiopia Yirgacheffe, 250 g', 'yirgacheffe', 'coffee beans'),
      page('products/house-blend', 'House blend, 1 kg', 'house blend', 'espresso'),
      page('products/ceramic-pour-over-dripper', 'Ceramic pour-over dripper', 'pour-over dripper', 'ceramic'),
      page('products/gift-card', 'Gift card', 'gift card', 'coffee gift'),
      page('subscriptions', 'Coffee subscriptions', 'coffee subscription', 'delivery'),
      page('shipping-and-returns', 'Shipping and returns', 'shipping', 'returns'),
    ],
  },
  {
    host: 'adventure-works.com',
    name: 'Adventure Works Cycles',
    language: 'en',
    tagline: 'Mountain, road and kids’ bikes, with free fitting and servicing in all our stores.',
    sections: ['Specifications', 'Sizing', 'Reviews', 'Related products', 'Find a store'],
    schemaType: 'Product',
    campaigns: ['spring-sale', 'helmet-week', 'back-to-school'],
    quality: 0.1,
    weight: 12,
    monthsTracked: 12,
    privateShare: 0.25,
    pages: [
      page('', 'Bikes, parts and accessories', 'bikes', 'cycling'),
      page('bikes/mountain', 'Mountain bikes', 'mountain bikes', 'mtb'),
      page('bikes/road/carbon-sl', 'Carbon SL road bike', 'road bike', 'carbon'),
      page('bikes/kids', 'Kids’ bikes', 'kids bikes', 'balance bikes'),
      page('accessories/helmets', 'Helmets', 'bike helmets', 'safety'),
      page('sale', 'Sale: up to 40% off', 'bike sale', 'discount'),
      page('service/bike-fitting', 'Professional bike fitting', 'bike fitting', 'service'),
      page('stores', 'Find a store', 'bike shop', 'stores'),
    ],
  },
  {
    host: 'margiestravel.com',
    name: 'Margie’s Travel',
    language: 'en-GB',
    tagline: 'Honest travel guides, itineraries and packing lists from a family that travels slowly.',
    sections: ['Getting there', 'Where to stay', 'What to eat', 'Day by day', 'Budget', 'Practical tips'],
    schemaType: 'Article',
    campaigns: ['winter-newsletter', 'japan-ebook-launch'],
    quality: 0.5,
    weight: 10,
    monthsTracked: 9,
    privateShare: 0,
    pages: [
      page('', 'Slow travel guides for families', 'travel guides', 'family travel'),
      page('blog/lisbon-in-three-days', 'Lisbon in three days', 'lisbon', 'itinerary'),
      page('blog/japan-rail-pass-guide', 'Is the Japan Rail Pass worth it?', 'japan rail pass', 'trains'),
      page('blog/iceland-packing-list', 'What to pack for Iceland in winter', 'iceland', 'packing list'),
      page('destinations/portugal', 'Portugal travel guide', 'portugal', 'travel guide'),
      page('destinations/japan', 'Japan travel guide', 'japan', 'travel guide'),
      page('about', 'About us', 'travel blog', 'family'),
    ],
  },
  {
    host: 'woodgrovebank.com',
    name: 'Woodgrove Bank',
    language: 'en',
    tagline: 'Current accounts, savings and mortgages from a bank that answers the phone.',
    sections: ['Key features', 'Rates and fees', 'Am I eligible?', 'How to apply', 'Questions and answers'],
    schemaType: 'BankOrCreditUnion',
    quality: 0.9,
    weight: 9,
    monthsTracked: 6,
    privateShare: 0.7,
    pages: [
      page('', 'Personal and business banking', 'bank', 'banking'),
      page('personal/savings', 'Savings accounts', 'savings account', 'interest rates'),
      page('personal/credit-cards', 'Credit cards', 'credit card', 'cashback'),
      page('mortgages', 'Mortgages', 'mortgage', 'home loan'),
      page('mortgages/calculator', 'Mortgage calculator', 'mortgage calculator', 'repayments'),
      page('business/loans', 'Business loans', 'business loan', 'finance'),
      page('security', 'Staying safe from fraud', 'fraud', 'security'),
    ],
  },
  {
    host: 'alpineskihouse.com',
    name: 'Alpine Ski House',
    language: 'en',
    tagline: 'Lift passes, ski school and rentals at the foot of the mountain.',
    sections: ['Prices', 'Opening times', 'Book online', 'Getting here', 'Conditions today'],
    schemaType: 'SkiResort',
    quality: 0.04,
    weight: 8,
    monthsTracked: 13,
    privateShare: 0.1,
    pages: [
      page('', 'Ski resort and ski school', 'ski resort', 'skiing'),
      page('lift-passes', 'Lift passes and prices', 'lift pass', 'ski pass prices'),
      page('ski-school', 'Ski school for all ages', 'ski school', 'ski lessons'),
      page('snow-report', 'Snow report', 'snow report', 'conditions'),
      page('rentals', 'Ski and snowboard rental', 'ski rental', 'snowboard rental'),
      page('events/winter-opening', 'Winter opening weekend', 'winter opening', 'events'),
    ],
  },
  {
    host: 'lucernepublishing.com',
    name: 'Lucerne Publishing',
    language: 'en',
    tagline: 'An independent publisher of literary fiction, essays and translated books.',
    sections: ['About the book', 'About the author', 'Praise', 'Extract', 'Buy the book'],
    schemaType: 'Book',
    quality: 0.62,
    weight: 8,
    monthsTracked: 8,
    privateShare: 0.1,
    pages: [
      page('', 'Independent publisher of fiction and essays', 'publisher', 'books'),
      page('books/the-quiet-harbour', 'The Quiet Harbour by Mara Lindqvist', 'the quiet harbour', 'novel'),
      page('books/new-releases', 'New releases', 'new books', 'fiction'),
      page('authors/mara-lindqvist', 'Mara Lindqvist', 'mara lindqvist', 'author'),
      page('submissions', 'Submissions', 'manuscript submissions', 'publishing'),
      page('catalogue/autumn-2026', 'Autumn 2026 catalogue', 'catalogue', 'new books'),
    ],
  },
  {
    host: 'tailspintoys.com',
    name: 'Tailspin Toys',
    language: 'en',
    tagline: 'Model planes, kits and remote-control toys for pilots of every age.',
    sections: ['What’s in the box', 'Age and safety', 'Reviews', 'Spare parts', 'Gift wrapping'],
    schemaType: 'Product',
    quality: 0.18,
    weight: 7,
    monthsTracked: 4,
    privateShare: 0.1,
    pages: [
      page('', 'Model planes and remote-control toys', 'model planes', 'toys'),
      page('toys/remote-control-planes', 'Remote-control planes', 'rc planes', 'remote control'),
      page('toys/model-kits/biplane', 'Biplane starter kit', 'model kit', 'biplane'),
      page('gift-ideas', 'Gift ideas for young pilots', 'gift ideas', 'toys'),
      page('safety', 'Toy safety information', 'toy safety', 'batteries'),
    ],
  },
  {
    host: 'gärtnerei-sonnenhof.de',
    name: 'Gärtnerei Sonnenhof',
    language: 'de',
    tagline: 'Stauden, Rosen und Kräuter aus eigener Anzucht, dazu ehrliche Gartenberatung.',
    sections: ['Unser Sortiment', 'Pflege', 'Öffnungszeiten', 'Anfahrt', 'Gartentipps'],
    schemaType: 'GardenStore',
    quality: 0.4,
    weight: 6,
    monthsTracked: 11,
    privateShare: 0.1,
    pages: [
      page('', 'Gärtnerei und Staudenversand', 'gärtnerei', 'stauden'),
      page('pflanzen/stauden', 'Stauden für sonnige Beete', 'stauden', 'beetpflanzen'),
      page('pflanzen/rosen', 'Rosen', 'rosen', 'kletterrosen'),
      page('gartentipps/rosen-schneiden', 'Rosen richtig schneiden', 'rosen schneiden', 'gartentipps'),
      page('über-uns', 'Über uns', 'gärtnerei', 'familienbetrieb'),
      page('öffnungszeiten', 'Öffnungszeiten und Anfahrt', 'öffnungszeiten', 'anfahrt'),
    ],
  },
  {
    host: 'чайная-лавка.рф',
    name: 'Чайная лавка',
    language: 'ru',
    tagline: 'Китайский и японский чай, посуда для чайной церемонии и доставка по всей России.',
    sections: ['Описание', 'Как заваривать', 'Отзывы', 'Доставка и оплата', 'С этим покупают'],
    schemaType: 'Store',
    quality: 0.14,
    weight: 5,
    monthsTracked: 3,
    privateShare: 0.2,
    pages: [
      page('', 'Чайный магазин', 'чай', 'чайный магазин'),
      page('каталог/улун', 'Улун', 'улун', 'китайский чай'),
      page('каталог/зелёный-чай', 'Зелёный чай', 'зелёный чай', 'сенча'),
      page('статьи/как-заваривать-пуэр', 'Как заваривать пуэр', 'пуэр', 'заваривание'),
      page('доставка', 'Доставка и оплата', 'доставка', 'оплата'),
    ],
  },
];

/** The demo site of a host, if it is one of them. */
export function demoSiteOf(host: string): DemoSite | undefined {
  return DEMO_SITES.find((site) => site.host === host);
}

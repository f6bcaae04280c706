import type { Page, Report } from '../../src/api';
import {
  backLabel,
  focusListRowWhenShown,
  listPosition,
  originAtPage,
  originListParams,
  readOpenedFrom,
} from '../../src/features/report-page/list-origin';
import { reportPageUrl } from '../../src/features/exports/share-link';
import { paths } from '../../src/lib/paths';

const page = (currentPage: number, ids: number[], { perPage = 3, total = 8 } = {}): Page<Report> => ({
  items: ids.map((id) => ({ id: String(id), url: `example.com/${id}` }) as Report),
  currentPage,
  lastPage: Math.ceil(total / perPage),
  perPage,
  total,
  from: null,
  to: null,
});

describe('the list view a report was opened from', () => {
  it('reads only an origin this app wrote into the location state', () => {
    const origin = { href: '/reports?result=bad&page=2' };
    expect(readOpenedFrom({ reportList: origin })).toEqual({ origin, listInHistory: true });
    expect(readOpenedFrom({ reportList: { href: '/projects/a%20b', project: 'a b' }, listInHistory: false })).toEqual({
      origin: { href: '/projects/a%20b', project: 'a b' },
      listInHistory: false,
    });
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { reportList: null },
      { reportList: { href: 'https://evil.example/reports' } },
      { reportList: { href: '//evil.example' } },
      { reportList: { href: '/settings' } },
      { reportList: { href: '/reports/42' } },
      { reportList: { href: '/reportsX' } },
      { reportList: { href: '/projects/a/b' } },
      { reportList: { href: '/reports', project: 3 } },
    ]) {
      expect(readOpenedFrom(state)).toBeNull();
    }
  });

  it('keeps the row followed when it can read it, and the origin without it when it cannot', () => {
    const row = { href: '/reports/7', top: 120 };
    expect(readOpenedFrom({ reportList: { href: '/reports', row } })).toEqual({
      origin: { href: '/reports', row },
      listInHistory: true,
    });
    for (const broken of [
      'row',
      null,
      { href: '/reports/7' },
      { href: 7, top: 120 },
      { href: '/reports/7', top: '120' },
    ])
      expect(readOpenedFrom({ reportList: { href: '/reports', row: broken }, listInHistory: 'no' })).toStrictEqual({
        origin: { href: '/reports' },
        listInHistory: true,
      });
  });

  it('turns the origin into the list request the list page sends, with a project page’s fixed project', () => {
    expect(originListParams({ href: '/reports?result=bad&sort_by=url&sort=asc&page=2' })).toEqual({
      result: 'bad',
      sortBy: 'url',
      sort: 'asc',
      page: 2,
    });
    expect(originListParams({ href: '/projects/example.com?project=other&page=3', project: 'example.com' })).toEqual({
      page: 3,
      project: 'example.com',
    });
  });

  it('moves the origin to another page of the same view', () => {
    expect(originAtPage({ href: '/reports?result=bad&page=2' }, 3)).toEqual({ href: '/reports?result=bad&page=3' });
    expect(originAtPage({ href: '/reports?result=bad&page=2' }, 1)).toEqual({ href: '/reports?result=bad' });
    expect(originAtPage({ href: '/projects/a%20b', project: 'a b' }, 2)).toEqual({
      href: '/projects/a%20b?page=2',
      project: 'a b',
    });
  });

  it('names the way back', () => {
    expect(backLabel(null)).toBe('All reports');
    expect(backLabel({ origin: { href: '/reports' }, listInHistory: true })).toBe('All reports');
    expect(backLabel({ origin: { href: '/reports?page=2' }, listInHistory: true })).toBe('Back to the list');
    expect(backLabel({ origin: { href: '/projects/x.example', project: 'x.example' }, listInHistory: true })).toBe(
      'Back to x.example',
    );
  });
});

describe('previous and next within the list view', () => {
  it('finds neighbours on the same page', () => {
    expect(listPosition('5', page(2, [4, 5, 6]))).toMatchObject({
      position: 5,
      total: 8,
      page: 2,
      previous: { id: '4', page: 2 },
      next: { id: '6', page: 2 },
      needsPageBefore: false,
      needsPageAfter: false,
    });
  });

  it('crosses to the adjacent pages at the edges, once they are read', () => {
    const middle = page(2, [4, 5, 6]);
    expect(listPosition('4', middle)).toMatchObject({ previous: null, needsPageBefore: true });
    expect(listPosition('4', middle, page(1, [1, 2, 3]))).toMatchObject({ previous: { id: '3', page: 1 } });
    expect(listPosition('6', middle)).toMatchObject({ next: null, needsPageAfter: true });
    expect(listPosition('6', middle, undefined, page(3, [7, 8]))).toMatchObject({ next: { id: '7', page: 3 } });
  });

  it('has no previous on the first and no next on the last report of the view', () => {
    expect(listPosition('1', page(1, [1, 2, 3]))).toMatchObject({
      position: 1,
      previous: null,
      needsPageBefore: false,
    });
    expect(listPosition('8', page(3, [7, 8]))).toMatchObject({ position: 8, next: null, needsPageAfter: false });
  });

  it('says nothing for a report that is not (any more) on that page', () => {
    expect(listPosition('9', page(1, [1, 2, 3]))).toBeNull();
  });
});

describe('the share link', () => {
  it('fills the template with the service and the encoded id', () => {
    expect(reportPageUrl('{service}/reports/{id}', 'https://seo.example.com/', '42')).toBe(
      'https://seo.example.com/reports/42',
    );
    expect(reportPageUrl('https://share.example/r/{id}?from={service}', 'https://seo.example.com', 'a/b')).toBe(
      'https://share.example/r/a%2Fb?from=https://seo.example.com',
    );
  });

  it('offers nothing that is not an http(s) address', () => {
    expect(reportPageUrl('javascript:alert({id})', 'https://x.example', '1')).toBeNull();
    expect(reportPageUrl('{service}/reports/{id}', '', '1')).toBeNull();
  });
});

describe('focus back on the row one came from', () => {
  afterEach(() => document.body.replaceChildren());

  /** The list's rows, drawn after the way back started, as their links. */
  function drawRows(...ids: string[]) {
    return ids.map((id) => {
      const link = document.createElement('a');
      link.className = 'report-link';
      link.href = paths.report.getHref(id);
      document.body.append(link);
      return link;
    });
  }
  const aWhile = () => new Promise((resolve) => setTimeout(resolve, 120));

  it('goes to the followed row, also from another row’s link the focus keeper chose', async () => {
    focusListRowWhenShown('1');
    const [first, second] = drawRows('1', '2');
    second?.focus();
    await aWhile();
    expect(document.activeElement).toBe(first);
  });

  it('leaves focus where the person moved it once they pressed a key, even on another row', async () => {
    focusListRowWhenShown('1');
    const [, second] = drawRows('1', '2');
    // Tab to the next row before the list had drawn the followed one.
    second?.focus();
    second?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    await aWhile();
    expect(document.activeElement).toBe(second);
  });
});

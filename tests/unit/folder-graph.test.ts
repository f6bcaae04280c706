// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cyclesOf, folderGraph, rankBreaches, specifiersOf, type FolderGraph } from '../../scripts/folder-graph.mjs';

const graphOf = (edges: Record<string, string[]>): FolderGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Map(to.map((target) => [target, `src/${from}/x.ts`]))]));

describe('the folder graph (npm run check:folders)', () => {
  it('sees every kind of import: static, type-only, re-export, dynamic and import types', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from '../../c';",
      "const d = () => import('../d');",
      "type E = typeof import('../e');",
      "import './f.css';",
    ].join('\n');
    expect(specifiersOf(text, 'x.ts')).toEqual(['./a', '../b', '../../c', '../d', '../e', './f.css']);
  });

  it('finds a cycle between two folders and one through three, and none in a chain', () => {
    expect(cyclesOf(graphOf({ a: ['b'], b: ['a'] }))).toEqual([['a', 'b']]);
    expect(cyclesOf(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('names an import up the ranks, a folder with no rank, and the simulator outside the demo', () => {
    const { breaches, unranked } = rankBreaches(
      graphOf({
        'features/reports': ['features/report-page', 'lib'],
        'features/report-page': ['features/reports'],
        'features/new-thing': ['lib'],
        components: ['simulator'],
        app: ['simulator'],
      }),
    );
    expect(breaches.map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'features/reports → features/report-page',
      'components → simulator',
    ]);
    expect(unranked).toEqual(['features/new-thing']);
  });

  it('holds for the app itself: no cycle, nothing against the ranks', () => {
    const graph = folderGraph();
    expect(graph.get('features/report-list')?.has('features/reports')).toBe(true);
    expect(cyclesOf(graph)).toEqual([]);
    expect(rankBreaches(graph)).toEqual({ breaches: [], unranked: [] });
  });
});

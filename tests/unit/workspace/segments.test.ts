// @vitest-environment node
import { parseWorkspace, WORKSPACE_VERSION } from '../../../src/features/workspace/model';
import {
  MAX_SEGMENTS,
  parseSegments,
  SEGMENT_NAME_MAX,
  SEGMENT_PATTERN_MAX,
} from '../../../src/features/workspace/segments';

describe('reading stored segments', () => {
  it('keeps what it can read and leaves out each broken segment on its own', () => {
    expect(
      parseSegments([
        { id: 'blog', name: '  Blog ', pattern: ' /blog/* ' },
        { id: 'blog', name: 'Again', pattern: '/again/' }, // a second of the same id
        { id: 'docs2', name: 'BLOG', pattern: '/docs/' }, // a second of the same name, in another case
        { id: 'Bad Id!', name: 'Bad id', pattern: '/x/' },
        { id: 'noname', name: '', pattern: '/x/' },
        { id: 'nopattern', name: 'No pattern', pattern: '   ' },
        { id: 'long', name: 'x'.repeat(SEGMENT_NAME_MAX + 1), pattern: '/x/' },
        { id: 'longer', name: 'Long pattern', pattern: `/${'x'.repeat(SEGMENT_PATTERN_MAX)}` },
        { id: 'line', name: 'Two\nlines', pattern: '/x/' },
        { id: 'ctl', name: 'Ctl', pattern: '/x/\u0000' },
        { id: 'num', name: 42, pattern: '/x/' },
        null,
        'text',
        { id: 'products', name: 'Products', pattern: '*/products/*' },
      ]),
    ).toEqual([
      { id: 'blog', name: 'Blog', pattern: '/blog/*' },
      { id: 'products', name: 'Products', pattern: '*/products/*' },
    ]);
  });

  it('reads garbage as no segment, and keeps at most the bound', () => {
    for (const stored of [undefined, null, 42, 'text', {}, { length: 3 }]) expect(parseSegments(stored)).toEqual([]);
    const many = Array.from({ length: MAX_SEGMENTS + 20 }, (_, i) => ({
      id: `s${i}`,
      name: `S ${i}`,
      pattern: `/${i}/`,
    }));
    const kept = parseSegments(many);
    expect(kept).toHaveLength(MAX_SEGMENTS);
    expect(kept.at(-1)?.id).toBe(`s${MAX_SEGMENTS - 1}`);
  });

  it('is one field of a project entry in the workspace, absent when there is none', () => {
    const workspace = parseWorkspace({
      version: WORKSPACE_VERSION,
      connection: 'c',
      projects: [
        { project: 'a.example', segments: [{ id: 'blog', name: 'Blog', pattern: '/blog/' }, { id: 'x' }] },
        { project: 'b.example', segments: 'garbage' },
        { project: 'c.example' },
      ],
    });
    expect(workspace.projects.map((entry) => entry.segments)).toEqual([
      [{ id: 'blog', name: 'Blog', pattern: '/blog/' }],
      undefined,
      undefined,
    ]);
    expect('segments' in (workspace.projects[1] as object)).toBe(false);
  });
});

// The graph of imports between folders: its cycles, and the imports that go up the ranks of
// ./layers.mjs. ESLint's import/no-cycle follows files; a cycle between two folders (a → b through
// one file, b → a through another) it cannot see. Every import counts: static, dynamic
// (`import()`), type-only, re-exports and stylesheets (docs/decisions/0093).
//
//   npm run check:folders                    prints the cycles and the imports against the ranks;
//                                            exits 1 if there is one
//   node scripts/folder-graph.mjs --edges    also prints every edge, with one file that makes it
//   node scripts/folder-graph.mjs --json     the graph as JSON (edges and cycles)
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { LAYERS, OUTSIDE_THE_RANKS, rankOf } from './layers.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');

/** The folder a source file belongs to: `features/<name>` for a feature, else its top folder. */
export function folderOf(file) {
  const parts = relative(SRC, file).split(sep);
  if (parts.length === 1) return parts[0]; // main.tsx, styles.css: the entry, a folder of its own
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css)$/.test(name) ? [path] : [];
  });
}

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined; // packages are not folders of ours
  const base = resolve(dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every module specifier a file names: imports, re-exports, `import()` and `import('x').T` types. */
export function specifiersOf(text, fileName) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node)) {
      const literal = node.argument.literal;
      if (literal && ts.isStringLiteral(literal)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The names a feature's index.ts exports (`export { a, type B } from './x'`). */
function indexExports(indexFile) {
  const source = ts.createSourceFile(indexFile, readFileSync(indexFile, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : [],
  );
}

/**
 * The names of each feature's index.ts that no other folder imports: an index says what the
 * others use, and nothing more. A file that loads an index with `import()` (or names its type with
 * `typeof import()`) is taken to use each of the index's names that it spells.
 */
export function unusedIndexExports(root = SRC) {
  const indexes = new Map();
  for (const folder of readdirSync(join(root, 'features'))) {
    const indexFile = join(root, 'features', folder, 'index.ts');
    if (existsSync(indexFile)) indexes.set(indexFile, new Set(indexExports(indexFile)));
  }
  const used = new Map([...indexes.keys()].map((file) => [file, new Set()]));
  for (const file of sourceFiles(root).filter((path) => !path.endsWith('.css'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const spelled = new Set();
    const loaded = [];
    const visit = (node) => {
      if (ts.isIdentifier(node)) spelled.add(node.text);
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier.text
          : undefined;
      const target = specifier && resolveImport(file, specifier);
      if (target && used.has(target) && folderOf(target) !== folderOf(file)) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
          for (const element of bindings.elements) used.get(target).add((element.propertyName ?? element.name).text);
        else loaded.push(target); // import * as x: the names it spells
      }
      const dynamic =
        ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : ts.isImportTypeNode(node)
            ? node.argument.literal
            : undefined;
      if (dynamic && ts.isStringLiteralLike(dynamic)) {
        const loadedTarget = resolveImport(file, dynamic.text);
        if (loadedTarget && used.has(loadedTarget) && folderOf(loadedTarget) !== folderOf(file))
          loaded.push(loadedTarget);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const target of loaded) for (const name of spelled) used.get(target).add(name);
  }
  return [...indexes]
    .map(([file, names]) => ({
      index: relative(ROOT, file),
      unused: [...names].filter((name) => !used.get(file).has(name)),
    }))
    .filter(({ unused }) => unused.length > 0);
}

/** Map of folder → Map of imported folder → one file that makes the edge. */
export function folderGraph(root = SRC) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    if (file.endsWith('.css')) continue; // a stylesheet imports no folder of ours, but is one's member
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'), file)) {
      const target = resolveImport(file, specifier);
      if (!target || !target.startsWith(SRC)) continue;
      const to = folderOf(target);
      if (to !== from && !graph.get(from).has(to)) graph.get(from).set(to, relative(ROOT, file));
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder (Tarjan): each holds a cycle. */
export function cyclesOf(graph) {
  let index = 0;
  const indexes = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (node) => {
    indexes.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexes.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indexes.get(next)));
      }
    }
    if (lowlinks.get(node) === indexes.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexes.has(node)) connect(node);
  return components;
}

/**
 * The imports that break the ranks: from a lower rank to a higher one, or between a ranked folder
 * and one outside the ranks (the simulator), other than the app's demo; and the folders with no rank.
 */
export function rankBreaches(graph) {
  const breaches = [];
  const unranked = [...graph.keys()].filter(
    (folder) => rankOf(folder) === undefined && !OUTSIDE_THE_RANKS.includes(folder),
  );
  for (const [from, targets] of graph) {
    for (const [to, file] of targets) {
      if (OUTSIDE_THE_RANKS.includes(to) || OUTSIDE_THE_RANKS.includes(from)) {
        if (!(from === 'app' && to === 'simulator')) breaches.push({ from, to, file, why: 'outside the ranks' });
        continue;
      }
      const [fromRank, toRank] = [rankOf(from), rankOf(to)];
      if (fromRank !== undefined && toRank !== undefined && toRank > fromRank)
        breaches.push({ from, to, file, why: `${LAYERS[fromRank].rank} must not import ${LAYERS[toRank].rank}` });
    }
  }
  return { breaches, unranked: unranked.sort() };
}

/** One shortest cycle through `start` within its component, as a list of steps with their files. */
function oneCycle(graph, start, members) {
  const inside = new Set(members);
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const [next] of graph.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (previous.get(path[0]) !== undefined) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

function main() {
  const graph = folderGraph();
  const cycles = cyclesOf(graph);
  const { breaches, unranked } = rankBreaches(graph);
  const unused = unusedIndexExports();
  const args = new Set(process.argv.slice(2));
  if (args.has('--json')) {
    const edges = Object.fromEntries([...graph].map(([from, to]) => [from, Object.fromEntries(to)]));
    console.log(JSON.stringify({ edges, cycles, breaches, unranked, unused }, null, 2));
  } else {
    if (args.has('--edges')) {
      for (const [from, to] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
        for (const [target, file] of [...to].sort(([a], [b]) => a.localeCompare(b)))
          console.log(`${from} → ${target}    (${file})`);
    }
    for (const members of cycles) {
      const path = oneCycle(graph, members[0], members);
      console.log(`cycle among ${members.length} folders: ${members.join(', ')}`);
      for (let step = 0; step < path.length - 1; step += 1)
        console.log(`  ${path[step]} → ${path[step + 1]}    (${graph.get(path[step]).get(path[step + 1])})`);
    }
    for (const { from, to, file, why } of breaches)
      console.log(`against the ranks: ${from} → ${to} (${why})    (${file})`);
    for (const { index, unused: names } of unused)
      console.log(`exported but used by no other folder: ${index}: ${names.join(', ')}`);
    for (const folder of unranked) console.log(`no rank: ${folder} (give it one in scripts/layers.mjs)`);
    console.log(
      `${cycles.length} cycles between ${graph.size} folders; ${breaches.length} imports against the ranks; ${unranked.length} folders without a rank; ${unused.length} indexes exporting what no other folder uses`,
    );
  }
  process.exitCode = cycles.length + breaches.length + unranked.length + unused.length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

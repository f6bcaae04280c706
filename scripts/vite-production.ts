import { fileURLToPath } from 'node:url';
import { dirname, relative } from 'node:path/posix';
import type { Alias, Plugin } from 'vite';

/**
 * What a production build of this stack needs beyond Vite's defaults, shared by the app
 * (vite.config.ts) and the floor app that `npm run size` weighs it against
 * (scripts/floor-app/), so that the two are built the same way.
 */

/**
 * react-router's package exports always resolve to its development build, which keeps its dev
 * warnings (ENABLE_DEV_WARNINGS = true). The production build ships next to it: use it.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export const productionAliases: Alias[] = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

/**
 * react-router assigns `X.displayName = "X"` at module level, a side effect that keeps every
 * component it names (Form, ScrollRestoration, HistoryRouter...) in the bundle even when unused.
 * Names only serve React DevTools; dropping them lets the unused components be tree-shaken.
 */
export function dropReactRouterDisplayNames(): Plugin {
  return {
    name: 'drop-react-router-display-names',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-/ },
      handler(code) {
        return { code: code.replace(/^\s*[\w$]+\.displayName = "[^"\n]*";$/gm, ''), map: null };
      },
    },
  };
}

/** React's factories are pure; rolldown cannot know it, and keeps whatever they make. */
export const productionTreeshake = {
  manualPureFunctions: ['React.createContext', 'React.forwardRef', 'React.memo', 'React.lazy'],
};

const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite wraps each `import()` of a chunk that has CSS in `__vitePreload(load, deps)`, a helper
 * that also serves module preloading, CSP nonces, relative bases and a `vite:preloadError`
 * event. This app uses none of them (`modulePreload: false`, an absolute base, no nonce, no
 * listener), and the helper sits in the first paint (~0.6 kB gzip). This one does what is left:
 * put each chunk's stylesheets in the page once and load the chunk beside them (not after: that
 * cost a round trip on every route's first visit), resolving once both are in; a stylesheet that
 * fails rejects the import, as Vite's does (decision 0046).
 */
export function smallPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      if (!base.startsWith('/')) throw new Error(`smallPreloadHelper needs an absolute base, not ${base}`);
    },
    resolveId: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: (id) => id,
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(id) {
        if (id !== PRELOAD_HELPER_ID) return null;
        return `const styles = {};
const loadStyle = (href) =>
  (styles[href] ??= document.querySelector('link[href="' + href + '"]')
    ? Promise.resolve()
    : new Promise((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.onload = resolve;
        link.onerror = () => {
          delete styles[href];
          link.remove();
          reject(new Error('Unable to load ' + href));
        };
        document.head.append(link);
      }));
export const __vitePreload = (load, deps) =>
  Promise.all([load(), ...(deps || []).filter((dep) => dep.endsWith('.css')).map((dep) => loadStyle(${JSON.stringify(base)} + dep))]).then((loaded) => loaded[0]);
`;
      },
    },
  };
}

/**
 * With no stylesheet to wait for, the helper above does nothing: `__vitePreload(load, [])` is
 * `load()`. And Vite writes `(await import('./x.js')).X` as
 * `__vitePreload(async () => { const { X } = await import('./x.js'); return { X }; }, [])`, so
 * that the chunk keeps only X; reading `.X` of the module itself does the same. In the entry (the
 * first paint of /reports, ~25 such imports of deferred parts and routes) this writes both back
 * as the plain `import()`: ~0.2 kB gzip. Where a stylesheet must load, the helper stays, with the
 * plain `import()` as its load (~10 imports of pages and parts with CSS: 0.09 kB). The helper is found by its body; if it is not there
 * (another Vite), nothing is rewritten. Skipped when the build writes source maps
 * (`npm run size:modules`), whose columns the rewrite would shift.
 */
export function dropEmptyPreloads(): Plugin {
  let sourcemap = false;
  return {
    name: 'drop-empty-preloads',
    apply: 'build',
    configResolved(config) {
      sourcemap = Boolean(config.build.sourcemap);
    },
    generateBundle: {
      // After Vite's own hook has written each import's list of stylesheets (`[]` when none).
      order: 'post',
      handler(_, bundle) {
        if (sourcemap) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          const helper = /([\w$]+)=\(([\w$]+),([\w$]+)\)=>Promise\.all\(\[\2\(\),\.\.\.\(\3\|\|\[\]\)/.exec(
            chunk.code,
          )?.[1];
          if (!helper) continue;
          const call = helper.replace(/\$/g, '\\$');
          // `import('./x.js')`, or `.then(m => m.n)` after it where x.js holds the module under a name.
          const dynamicImport = 'import\\(`[^`]+`\\)(?:\\.then\\([\\w$]+=>[\\w$]+\\.[\\w$]+\\))?';
          chunk.code = chunk.code
            .replace(
              new RegExp(
                `${call}\\(async\\(\\)=>\\{let\\{([\\w$]+):([\\w$]+)\\}=await (${dynamicImport});return\\{\\1:\\2\\}\\},\\[\\]\\)`,
                'g',
              ),
              '$3',
            )
            .replace(new RegExp(`${call}\\(\\(\\)=>(${dynamicImport}),\\[\\]\\)`, 'g'), '$1')
            .replace(
              new RegExp(
                `${call}\\(async\\(\\)=>\\{let\\{([\\w$]+):([\\w$]+)\\}=await (${dynamicImport});return\\{\\1:\\2\\}\\},`,
                'g',
              ),
              (_, _name: string, _binding: string, load: string) => `${helper}(()=>${load},`,
            );
        }
      },
    },
  };
}

/**
 * The entry exports what the lazy chunks take from it (React, the router, shared modules) under
 * names of the bundler's choosing, `export{ec as $,tt as $t,…}`, and the minifier names the
 * bindings apart from them: every pair is two random names, ~0.3 kB gzip of the first paint for
 * ~130 of them. This exports each binding under its own name (`export{ec,tt,…}`) and writes the
 * lazy chunks' imports to match (`import{$ as e}` becomes `import{ec as e}`). All or nothing: if
 * any chunk refers to the entry in a form not known here, or imports a name the entry does not
 * export, nothing is rewritten (a warning says so), so a change in the bundler's output can cost
 * those bytes but never break an import. Skipped when source maps are written, as above.
 */
export function entryExportsByLocalName(): Plugin {
  let sourcemap = false;
  return {
    name: 'entry-exports-by-local-name',
    apply: 'build',
    configResolved(config) {
      sourcemap = Boolean(config.build.sourcemap);
    },
    // The rewrite comes after the files are named by a hash of their content. It depends on nothing
    // but that content, and the chunks that import the entry name it, so a new entry's name is
    // enough to rename them all; but the first build with this rewrite, or with a changed one,
    // would keep the names of the files it changed, and a browser holding the cached entry would
    // load lazy chunks importing names it lacks. The rewrite's own code is part of the hash.
    augmentChunkHash(chunk) {
      if (!sourcemap && chunk.isEntry) return REWRITE_VERSION;
    },
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        if (sourcemap) return;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        for (const entry of chunks.filter((chunk) => chunk.isEntry && chunk.exports.length > 0)) {
          const rewritten = exportsByLocalName(entry, chunks);
          if (typeof rewritten === 'string') {
            this.warn(`${entry.fileName}: exports left as they are, ${rewritten}`);
            continue;
          }
          for (const [chunk, code] of rewritten) chunk.code = code;
        }
      },
    },
  };
}

interface CodeChunk {
  fileName: string;
  code: string;
  exports: string[];
}

const PAIR = '[\\w$]+(?: as [\\w$]+)?';
const EXPORT_LIST = new RegExp(`export\\{(${PAIR}(?:,${PAIR})*)\\};?\\s*$`);

/** Each chunk's new code, or why there is none (for the warning). */
function exportsByLocalName(entry: CodeChunk, chunks: CodeChunk[]): Map<CodeChunk, string> | string {
  const list = EXPORT_LIST.exec(entry.code);
  if (!list?.[1]) return 'no list of them at its end';
  const localOf = new Map<string, string>();
  for (const pair of list[1].split(',')) {
    const [local = '', exported = local] = pair.split(' as ');
    localOf.set(exported, local);
  }
  const locals = [...localOf.values()];
  // Another export than this list's (e.g. an inline `export var`) could clash with a name it adds.
  const listed = [...localOf.keys()];
  if (listed.length !== entry.exports.length || !entry.exports.every((name) => localOf.has(name)))
    return 'it has exports outside the list at its end';
  if (localOf.has('default') || new Set(locals).size !== locals.length)
    return 'a default export or a binding exported twice';
  const rewritten = new Map<CodeChunk, string>([
    [entry, entry.code.slice(0, list.index) + `export{${locals.join(',')}};` + '\n'],
  ]);
  for (const chunk of chunks) {
    if (chunk === entry) continue;
    let path = relative(dirname(chunk.fileName), entry.fileName);
    if (!path.startsWith('../')) path = `./${path}`;
    const quoted = `"${path}"`;
    const mentions = chunk.code.split(path).length - 1;
    if (mentions === 0) continue;
    let understood = 0;
    let unknownName: string | undefined;
    const code = chunk.code.replace(
      new RegExp(`import\\{([^}]*)\\}from${quoted.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}`, 'g'),
      (_, names: string) => {
        understood += 1;
        const imports = names.split(',').map((pair) => {
          const [exported = '', local = exported] = pair.split(' as ');
          const binding = localOf.get(exported);
          if (binding === undefined) unknownName ??= exported;
          return binding === local ? local : `${binding} as ${local}`;
        });
        return `import{${imports.join(',')}}from${quoted}`;
      },
    );
    if (unknownName !== undefined) return `${chunk.fileName} imports ${unknownName}, which it does not export`;
    if (understood !== mentions) return `${chunk.fileName} refers to it otherwise than by import{…}from`;
    rewritten.set(chunk, code);
  }
  return rewritten;
}

/** What the entry's hash carries of the rewrite: its code, so that a change to it renames the files. */
const REWRITE_VERSION = `entry-exports-by-local-name ${EXPORT_LIST.source} ${exportsByLocalName.toString()}`;

/**
 * A lazy chunk's static imports are found by the browser one level at a time: a route's chunk,
 * then the chunks it imports, then theirs. The report page had five such levels, each a round
 * trip before the page could render. This adds, at the end of each lazy chunk, an
 * `import "./x.js"` for every chunk it needs indirectly (Rollup's `hoistTransitiveImports`,
 * which rolldown does not have yet), so the browser asks for all of them at once. Imports at the
 * end are evaluated last, and by then each has already run: the order of evaluation is unchanged.
 * The entry is left alone: it imports nothing, and its bytes are the first paint (decision 0048).
 */
export function hoistTransitiveImports(): Plugin {
  return {
    name: 'hoist-transitive-imports',
    apply: 'build',
    // After Vite's own hooks: its CSS plugin removes the chunks that held only CSS (their import
    // statements with them), and an import written here of a removed chunk would fail to load.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
        );
        for (const chunk of chunks.values()) {
          if (chunk.isEntry) continue;
          const needed = new Set<string>();
          const visit = (fileName: string) => {
            for (const imported of chunks.get(fileName)?.imports ?? []) {
              const importedChunk = chunks.get(imported);
              if (!importedChunk || importedChunk.isEntry || needed.has(imported)) continue;
              needed.add(imported);
              visit(imported);
            }
          };
          visit(chunk.fileName);
          const indirect = [...needed].filter(
            (fileName) => fileName !== chunk.fileName && !chunk.imports.includes(fileName),
          );
          if (indirect.length === 0) continue;
          const from = dirname(chunk.fileName);
          chunk.code += indirect.map((fileName) => `import"./${relative(from, fileName)}";`).join('') + '\n';
        }
      },
    },
  };
}

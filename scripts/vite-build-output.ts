import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { manifestPathOf } from './build-manifest.mjs';

/**
 * Moves Vite's build manifest (build.manifest) out of the output directory: it lists every
 * source file of the app and is of no use to a browser, so it must not be deployed. It is
 * written to manifestPathOf(outDir) instead, where `npm run size` and the bench read it.
 */
export function manifestOutsideOutDir(): Plugin {
  let manifest: string | undefined;
  return {
    name: 'manifest-outside-out-dir',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const asset = bundle['.vite/manifest.json'];
        if (asset?.type !== 'asset') return;
        manifest = String(asset.source);
        delete bundle['.vite/manifest.json'];
      },
    },
    writeBundle(options) {
      if (manifest === undefined || !options.dir) return;
      const path = manifestPathOf(options.dir);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, manifest);
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/**
 * config.json is edited per deployment after the build (see README): a compressed copy made
 * now would be served instead of the edited file. It is small and nginx compresses it on the fly.
 */
const EDITED_AFTER_BUILD = new Set(['config.json']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `file.br` and `file.gz` next to every text file of the build, compressed once at the
 * highest levels, for nginx's brotli_static and gzip_static (deploy/nginx.conf): smaller than
 * on-the-fly compression, and no CPU spent per request. A copy that would not be smaller is not
 * written (nginx then serves the file itself or compresses it on the fly).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After every plugin has written its files, including the copied public/ directory.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = this.environment.config.build.outDir;
        const root = resolve(this.environment.config.root, outDir);
        // A build that failed wrote nothing: its own error is the one to show, not this one's.
        if (!existsSync(root)) return;
        for (const path of filesUnder(root)) {
          if (!COMPRESSIBLE.test(path) || EDITED_AFTER_BUILD.has(relative(root, path))) continue;
          const content = readFileSync(path);
          const brotli = brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gzip = gzipSync(content, { level: zlib.Z_BEST_COMPRESSION });
          if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
          if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
        }
      },
    },
  };
}

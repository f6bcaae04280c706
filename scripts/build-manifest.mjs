// Where a build's Vite manifest is kept: next to the output directory, never inside it, so that
// it is not deployed (it maps every source file to its chunk). `npm run size` and the bench
// read it from here. dist/ → .build-manifests/dist.json, dist-seo/ → .build-manifests/dist-seo.json.
import { basename, dirname, join, resolve } from 'node:path';

/** The manifest of the build written to `outDir`. */
export function manifestPathOf(outDir) {
  const absolute = resolve(outDir);
  return join(dirname(absolute), '.build-manifests', `${basename(absolute)}.json`);
}

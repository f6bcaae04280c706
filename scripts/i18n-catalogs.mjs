// The message catalogs (src/lib/i18n/locales/<locale>/<catalog>.po; decision 0101) against the code.
//
//   npm run check:i18n                        fails (exit 1) when a catalog is behind the code (a
//                                             message not in it, a comment changed), a message lacks
//                                             a language or a plural form its language needs, a
//                                             translation's placeholders differ from the English, a
//                                             catalog holds a message the code no longer has, the
//                                             pseudo-locale is not English's, or a file with messages
//                                             is in no catalog's folders
//   node scripts/i18n-catalogs.mjs --write    brings the catalogs up to date with the code: new
//                                             messages added (empty in the four other languages,
//                                             for a person to translate), unused ones removed, the
//                                             pseudo-locale written anew; then checks
//   … --only <catalog>                        either of the above for one catalog (and the files
//                                             in no catalog), leaving the others' files alone:
//                                             what someone translating one part runs
//
// `catalogProblems` and `pseudoLocalize` are what the unit tests hold (tests/unit/i18n).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const PSEUDO = 'pseudo';

// ---------------------------------------------------------------------------------------------
// The pseudo-locale: English with every letter accented and each text about 40 % longer,
// placeholders, plural keys and elements (`<0>…</0>`) untouched; the whole message in ⟦…⟧, so that
// text cut off or pieced together from several messages shows.

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'àƀćďēƒĝĥĩĵķĺḿńōƥǫŕśţũṽŵẋŷźÀßĆĎĒƑĜĤĨĴĶĹḾŃŌƤǪŔŚŢŨṼŴẊŶŹ';
const ACCENTS = new Map([...PLAIN].map((letter, index) => [letter, [...ACCENTED][index]]));

/** The index of the `}` that closes the `{` at `start`. */
function closing(text, start) {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}' && --depth === 0) return index;
  }
  throw new Error(`Unbalanced braces in ${JSON.stringify(text)}`);
}

/** A (sub)message's text accented, its arguments kept, and padded by 40 % of its length. */
function pseudoText(message, padding) {
  let out = '';
  let length = 0;
  for (let index = 0; index < message.length;) {
    const char = message[index];
    if (char === '{') {
      const end = closing(message, index);
      out += pseudoArgument(message.slice(index, end + 1));
      index = end + 1;
    } else if (char === '<') {
      // An element's tag, as Lingui writes it: <0>, </0>, <0/>.
      const end = message.indexOf('>', index);
      out += message.slice(index, end + 1);
      index = end + 1;
    } else if (char === "'" && /['{}#]/.test(message[index + 1] ?? '')) {
      // ICU quoting ('{' for a brace, '' for an apostrophe): kept as written.
      const end = message[index + 1] === "'" ? index + 1 : message.indexOf("'", index + 1);
      out += message.slice(index, end + 1);
      index = end + 1;
    } else {
      out += ACCENTS.get(char) ?? char;
      length += 1;
      index += 1;
    }
  }
  const extra = Math.round(length * 0.4) - padding;
  if (extra <= 0) return out;
  return extra === 1 ? `${out}~` : `${out} ${'~'.repeat(extra - 1)}`;
}

/** `{count}` as it is; `{count, plural, one {…} other {…}}` with each case's text made pseudo. */
function pseudoArgument(argument) {
  const head = /^\{\s*[\w$]+\s*,\s*(?:plural|selectordinal|select)\s*,/.exec(argument);
  if (!head) return argument;
  let out = head[0];
  const body = argument.slice(0, -1);
  for (let index = head[0].length; index < body.length;) {
    if (body[index] === '{') {
      const end = closing(body, index);
      out += `{${pseudoText(body.slice(index + 1, end), 0)}}`;
      index = end + 1;
    } else {
      out += body[index];
      index += 1;
    }
  }
  return `${out}}`;
}

/** English, as the pseudo-locale writes it: "Reports" → "⟦Ŕēƥōŕţś ~~⟧". */
export function pseudoLocalize(message) {
  // The brackets count towards the 40 %.
  return `⟦${pseudoText(message, 2)}⟧`;
}

// ---------------------------------------------------------------------------------------------
// The check.

/** The variables a compiled message names, and its plural arguments' case keys. */
function shapeOf(message) {
  const variables = new Set();
  const plurals = [];
  const visit = (tokens) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      variables.add(name);
      if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format) {
        const cases = Object.keys(format).filter((key) => key !== 'offset');
        if (type !== 'select') plurals.push({ ordinal: type === 'selectordinal', cases });
        for (const key of cases) visit(format[key]);
      }
    }
  };
  visit(compileMessageOrThrow(message));
  return { variables, plurals };
}

const sameSet = (a, b) => a.size === b.size && [...a].every((item) => b.has(item));
const tagOf = (locale) => (locale === PSEUDO ? 'en' : locale);

/**
 * What is wrong with the catalogs, in words (an empty list when nothing is):
 * - `extracted`: per catalog, the messages in the code ({ [id]: { message, comments } }, as
 *   Lingui's extractor collects them);
 * - `catalogs`: per catalog and locale, the messages in its file ({ [id]: { message, translation,
 *   comments, obsolete } }, as Lingui reads a PO file);
 * - `locales`: every locale, the source first; `sourceLocale`; the pseudo-locale is `pseudo`.
 */
export function catalogProblems({ extracted, catalogs, locales, sourceLocale }) {
  const problems = [];
  for (const [name, inCode] of Object.entries(extracted)) {
    for (const locale of locales) {
      const where = `${locale}/${name}.po`;
      const file = catalogs[name]?.[locale];
      if (!file) {
        problems.push(`${where}: missing (node scripts/i18n-catalogs.mjs --write)`);
        continue;
      }
      for (const [id, { message }] of Object.entries(inCode)) {
        if (!file[id] || file[id].obsolete)
          problems.push(`${where}: lacks "${message ?? id}", which the code says (--write adds it)`);
      }
      for (const [id, entry] of Object.entries(file)) {
        if (!inCode[id]) problems.push(`${where}: "${entry.message ?? id}" is used nowhere (--write removes it)`);
      }
      for (const [id, { message, comments = [] }] of Object.entries(inCode)) {
        const entry = file[id];
        if (!entry || entry.obsolete) continue;
        const source = message ?? id;
        // The PO writer adds a comment for each positional placeholder ({0}: what the code has there).
        const forTranslators = (entry.comments ?? []).filter((comment) => !/^placeholder \{\d+\}: /.test(comment));
        if (JSON.stringify(forTranslators) !== JSON.stringify(comments))
          problems.push(`${where}: "${source}" has another comment for translators in the code (--write)`);
        const translation = entry.translation ?? '';
        if (translation.trim() === '') {
          problems.push(`${where}: "${source}" is not translated`);
          continue;
        }
        if (locale === PSEUDO) {
          const english = catalogs[name]?.[sourceLocale]?.[id]?.translation || source;
          if (translation !== pseudoLocalize(english))
            problems.push(`${where}: "${source}" is not English's pseudo-locale (--write)`);
          continue;
        }
        let shape;
        let sourceShape;
        try {
          sourceShape = shapeOf(source);
          shape = shapeOf(translation);
        } catch (error) {
          problems.push(`${where}: "${source}": the translation is not ICU MessageFormat (${error.message})`);
          continue;
        }
        if (!sameSet(shape.variables, sourceShape.variables))
          problems.push(
            `${where}: "${source}": the translation's placeholders {${[...shape.variables].join('}, {')}} ` +
              `differ from English's {${[...sourceShape.variables].join('}, {')}}`,
          );
        for (const { ordinal, cases } of shape.plurals) {
          const needed = new Intl.PluralRules(tagOf(locale), { type: ordinal ? 'ordinal' : 'cardinal' })
            .resolvedOptions()
            .pluralCategories.filter((category) => !cases.includes(category));
          if (needed.length > 0)
            problems.push(`${where}: "${source}": the plural lacks the form(s) ${needed.join(', ')} of ${locale}`);
        }
      }
    }
  }
  // One Lingui instance holds one translation per message id (a hash of the English): a message
  // in two catalogs shows, in both places, as whichever catalog loaded last translates it.
  for (const locale of locales) {
    const seen = new Map();
    for (const name of Object.keys(extracted)) {
      for (const [id, entry] of Object.entries(catalogs[name]?.[locale] ?? {})) {
        const translation = entry.translation ?? '';
        if (!extracted[name][id] || entry.obsolete || translation.trim() === '') continue;
        const first = seen.get(id);
        if (!first) seen.set(id, { name, translation });
        else if (first.translation !== translation)
          problems.push(
            `${locale}: "${entry.message ?? id}" is in ${first.name}.po and ${name}.po, translated differently ` +
              `(${JSON.stringify(first.translation)}, ${JSON.stringify(translation)}): the catalog loaded last ` +
              `would show in both; give them the same words, or one a context`,
          );
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The files.

const MACRO = /["']@lingui\/(?:react|core)\/macro["']/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/**
 * Files with messages that no catalog's folders (or files: lib/checks.ts is one) hold: their
 * messages would be in no catalog.
 */
function filesInNoCatalog(catalogs) {
  const folders = catalogs.flatMap((catalog) => catalog.include.map((folder) => resolve(ROOT, folder)));
  return sourceFiles(join(ROOT, 'src'))
    .filter((file) => MACRO.test(readFileSync(file, 'utf8')))
    .filter((file) => !folders.some((folder) => file === folder || file.startsWith(`${folder}/`)))
    .map((file) => relative(ROOT, file));
}

const nameOf = (catalog) => catalog.path.split('/').at(-1);

async function main() {
  const { values } = parseArgs({ options: { write: { type: 'boolean' }, only: { type: 'string' } } });
  // Lingui's API (CommonJS) and its configuration only here: the unit tests need neither.
  const [{ getConfig }, { getCatalogs }] = await Promise.all([import('@lingui/conf'), import('@lingui/cli/api')]);
  const config = getConfig({ cwd: ROOT });
  const all = await getCatalogs(config);
  const catalogs = values.only === undefined ? all : all.filter((catalog) => nameOf(catalog) === values.only);
  if (catalogs.length === 0) {
    console.error(`No catalog is named ${values.only}: see src/lib/i18n/catalogs.ts.`);
    process.exit(2);
  }
  const locales = config.locales;

  if (values.write) {
    for (const catalog of catalogs) {
      const written = await catalog.make({ clean: true, overwrite: false, orderBy: 'message' });
      if (!written) throw new Error(`${nameOf(catalog)}: the messages could not be extracted`);
      const english = written[config.sourceLocale];
      const pseudo = Object.fromEntries(
        Object.entries(english).map(([id, entry]) => [
          id,
          { ...entry, translation: pseudoLocalize(entry.translation || entry.message || id) },
        ]),
      );
      await catalog.write(PSEUDO, pseudo);
    }
  }

  const extracted = {};
  const read = {};
  for (const catalog of catalogs) {
    const name = nameOf(catalog);
    extracted[name] = (await catalog.collect()) ?? {};
    read[name] = await catalog.readAll();
  }
  const problems = [
    ...filesInNoCatalog(all).map(
      (file) => `${file}: has messages but is in no catalog's folders (src/lib/i18n/catalogs.ts)`,
    ),
    ...catalogProblems({ extracted, catalogs: read, locales, sourceLocale: config.sourceLocale }),
  ];
  const count = Object.values(extracted).reduce((sum, messages) => sum + Object.keys(messages).length, 0);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} problem(s) in the catalogs of ${count} message(s).`);
    process.exit(1);
  }
  console.log(`${count} message(s) in ${catalogs.length} catalog(s), each in ${locales.join(', ')}: up to date.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

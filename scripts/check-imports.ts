/**
 * The import boundaries of the layout, checked by `npm run lint`:
 *
 * - `src/shared` runs in the browser and in Node: it imports only `src/shared`, zod, and in its
 *   tests vitest and fast-check;
 * - a client feature imports no other feature (`src/client/app/` combines them), and
 *   `src/client/components` and `src/client/lib` import no feature;
 * - `src/server` imports `src/client` only with `import type` (the page renderer's view of the
 *   prerender bundle);
 * - `src/client` never imports `src/server`;
 * - in `src/server`, what the modules stand on imports no module, not even a type: `db/`,
 *   `platform/`, `http/` and `plugins/` (their tests may build the whole app). What they need of a module is
 *   handed in where the app is assembled (`app.ts`), so every module may use them.
 *
 * Biome's noRestrictedImports cannot say this: it matches the written specifier, so it sees neither
 * where `../../browsing/x.ts` lands nor whether the import is type-only. This resolves each one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { parseSync } from 'vite';

export interface SourceFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

interface ImportRef {
  specifier: string;
  /** The repository-relative path it points to; null for a package. */
  target: string | null;
  typeOnly: boolean;
  line: number;
}

const packageImportsPath = new URL('../package.json', import.meta.url);

/** package.json `"imports"` such as `"#shared/*": "./src/shared/*"`, as prefix pairs. */
function readAliases(): [string, string][] {
  const { imports } = JSON.parse(readFileSync(packageImportsPath, 'utf8')) as {
    imports: Record<string, string>;
  };
  return Object.entries(imports).map(([alias, target]) => [
    alias.replace(/\*$/, ''),
    path.posix.normalize(target.replace(/\*$/, '')),
  ]);
}

function resolve(from: string, specifier: string, aliases: [string, string][]): string | null {
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(from), specifier);
  for (const [alias, target] of aliases) {
    if (specifier.startsWith(alias)) return target + specifier.slice(alias.length);
  }
  return null;
}

function importsOf(file: SourceFile, aliases: [string, string][]): ImportRef[] {
  const { module, errors } = parseSync(file.path, file.text);
  if (errors.length > 0) throw new Error(`${file.path}: cannot parse: ${errors[0]?.message}`);
  const lineAt = (offset: number) => file.text.slice(0, offset).split('\n').length;
  // Only `import type` / `export type` vanish from the output: with verbatimModuleSyntax,
  // `import { type A } from` still loads the module.
  const isTypeOnly = (start: number) => /^(import|export)\s+type\b/.test(file.text.slice(start));
  const refs: ImportRef[] = [];
  const add = (specifier: string, start: number, typeOnly: boolean) =>
    refs.push({ specifier, target: resolve(file.path, specifier, aliases), typeOnly, line: lineAt(start) });

  for (const statement of module.staticImports) {
    add(statement.moduleRequest.value, statement.start, isTypeOnly(statement.start));
  }
  for (const statement of module.staticExports) {
    for (const entry of statement.entries) {
      if (entry.moduleRequest) add(entry.moduleRequest.value, statement.start, isTypeOnly(statement.start));
    }
  }
  for (const dynamic of module.dynamicImports) {
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(
      file.text.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end),
    );
    if (literal?.[2] !== undefined) add(literal[2], dynamic.start, false);
  }
  return refs;
}

/** The floors of `src/server` beneath the modules. */
const beneathModules = /^src\/server\/(db|platform|http|plugins)\//;
const isTest = (p: string) => /\.test\.tsx?$/.test(p);

const featureOf = (p: string) => /^src\/client\/features\/([^/]+)\//.exec(p)?.[1];
const sharedTestPackages = new Set(['vitest', 'fast-check']);

function ruleBroken(from: string, ref: ImportRef): string | null {
  const { target, specifier } = ref;
  if (from.startsWith('src/shared/')) {
    if (target !== null) {
      return target.startsWith('src/shared/') ? null : 'src/shared imports only src/shared';
    }
    const packageName = /^(@[^/]+\/)?[^/]+/.exec(specifier)?.[0] ?? specifier;
    if (packageName === 'zod') return null;
    if (isTest(from) && sharedTestPackages.has(packageName)) return null;
    return isBuiltin(specifier)
      ? 'src/shared runs in the browser: no Node built-ins'
      : 'src/shared imports only zod (add a node-free library to the list in scripts/check-imports.ts)';
  }
  if (target === null) return null;
  if (from.startsWith('src/client/')) {
    if (target.startsWith('src/server/')) return 'src/client never imports src/server';
    const targetFeature = featureOf(target);
    if (targetFeature === undefined) return null;
    const ownFeature = featureOf(from);
    if (ownFeature !== undefined && ownFeature !== targetFeature) {
      return `feature ${ownFeature} imports feature ${targetFeature}: move what both need to src/client/components or src/client/lib, or combine them in src/client/app`;
    }
    if (/^src\/client\/(components|lib)\//.test(from)) {
      return 'src/client/components and src/client/lib import no feature (a feature hands lib a callback at start instead)';
    }
    return null;
  }
  if (from.startsWith('src/server/') && target.startsWith('src/client/') && !ref.typeOnly) {
    return 'src/server imports src/client only with `import type`';
  }
  if (beneathModules.test(from) && !isTest(from) && target.startsWith('src/server/modules/')) {
    const floor = beneathModules.exec(from)?.[1];
    return `src/server/${floor} imports no module: let app.ts hand it what it needs (a port, a name)`;
  }
  return null;
}

/** One `file:line: message` per import that crosses a boundary. */
export function checkImports(files: SourceFile[]): string[] {
  const aliases = readAliases();
  return files.flatMap((file) =>
    importsOf(file, aliases).flatMap((ref) => {
      const broken = ruleBroken(file.path, ref);
      return broken ? [`${file.path}:${ref.line}: '${ref.specifier}': ${broken}`] : [];
    }),
  );
}

function sourceFiles(root: string, dir: string): SourceFile[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, relative);
    if (!/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) return [];
    return [{ path: relative, text: readFileSync(path.join(root, relative), 'utf8') }];
  });
}

if (import.meta.main) {
  const root = path.join(import.meta.dirname, '..');
  const files = sourceFiles(root, 'src');
  const problems = checkImports(files);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `check-imports: ${problems.length} import(s) cross a boundary (rules: scripts/check-imports.ts)`,
    );
    process.exit(1);
  }
  console.log(`check-imports: ${files.length} files, no import crosses a boundary`);
}

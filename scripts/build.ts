import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * What `npm start` runs is built ahead: the client by Vite into dist/web, the server by esbuild into
 * dist/server/main.js (and the chunks it imports only when needed), so that the server process
 * carries no TypeScript compiler (docs/DECISIONS.md, Server). Each is built when it was never built
 * or a source changed.
 */
const root = path.resolve(import.meta.dirname, '..');
export const builtServer = path.join(root, 'dist/server/main.js');
/**
 * Node's switches for the built server, as package.json's start script gives them
 * (test/unit/start-command.test.ts keeps the two the same, and that this Node accepts them): the tests
 * and benchmarks start the server as a workshop does. V8 lets the old generation grow by 20 % between
 * its collections instead of up to fourfold: a year's CSV export peaked at 171 MB instead of 220, at
 * the same speed, and the work actions kept theirs (docs/PERFORMANCE.md, CSV export).
 */
export const serverNodeFlags = ['--enable-source-maps', '--heap-growing-percent=20'];
const builtPage = path.join(root, 'dist/web/index.html');
const clientSources = ['src/web', 'src/domain', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json'];
const serverSources = ['src/server', 'src/domain', 'package-lock.json', 'scripts/build.ts'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

function isStale(output: string, sources: string[]): boolean {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((source) => newestChange(path.join(root, source))));
}

export function buildClient(): void {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const serverChunks = path.join(path.dirname(builtServer), 'chunks');

/**
 * How esbuild bundles the server, beside what to build and where; test/unit/server-build.test.ts
 * builds a module with them to check what the minifier keeps.
 */
export const serverBundleOptions = {
  // What the server reaches only through import() (exceljs, at the first workbook) is a chunk of
  // its own, read when first needed: the start reads, and the idle server keeps, 1.2 MB of code
  // and 1.7 MB of source map less (docs/PERFORMANCE.md, Start and idle memory).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The JavaScript packages are bundled too: resolving and reading hundreds of their files was half
  // of the start and 40 MB of garbage (docs/PERFORMANCE.md, Start). What stays in node_modules:
  // the native drivers, which cannot be bundled; pg, loaded only on PostgreSQL; and the API
  // reference page, which serves the files beside its code.
  external: ['better-sqlite3', '@node-rs/argon2', 'pg', '@fastify/swagger-ui'],
  // Bundled CommonJS packages require Node's own modules; an ES module has no require of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  // Stack traces need the map's positions and names, not a copy of every source in memory.
  sourcesContent: false,
  // Whitespace only: every name stays the sources' own (a few that two modules share at the top take
  // a number after them), so a function's or a class's name read at run time is the one it has in
  // development and the tests. Shortened names would need esbuild's keepNames to give them back,
  // which sets the name of every function as it is made, each request's closures included: some
  // fifty in a work action at 0.4 µs each, 2–4 % of the server's time in its profile
  // (docs/PERFORMANCE.md, 2026-12-07). The syntax minifier would drop the name of a function
  // expression that does not call itself.
  minifyWhitespace: true,
  logLevel: 'warning',
} satisfies BuildOptions;

export async function buildServer(): Promise<void> {
  // A chunk's name carries its content's hash: those of earlier builds would otherwise pile up.
  rmSync(serverChunks, { recursive: true, force: true });
  await build({ ...serverBundleOptions, entryPoints: [path.join(root, 'src/server/main.ts')], outdir: path.dirname(builtServer) });
}

export function ensureClientBuild(): void {
  if (!isStale(builtPage, clientSources)) return;
  process.stdout.write('Building the client…\n');
  buildClient();
}

/** Whether dist/server/main.js is missing or older than a source it is built from. */
export function isServerBuildStale(): boolean {
  return isStale(builtServer, serverSources);
}

export async function ensureServerBuild(): Promise<void> {
  if (!isServerBuildStale()) return;
  process.stdout.write('Building the server…\n');
  await buildServer();
}

/** What `npm start` runs, built when missing or stale: the client the server serves, and the server. */
export async function ensureBuild(): Promise<void> {
  ensureClientBuild();
  await ensureServerBuild();
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--always')) {
    buildClient();
    await buildServer();
  } else {
    await ensureBuild();
  }
}

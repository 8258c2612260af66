import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtPage = path.join(root, 'dist/web/index.html');
const clientSources = ['src/web', 'src/domain', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Builds the client when it was never built or a source changed since. */
export function ensureClientBuild(): void {
  const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0;
  const changedAt = Math.max(...clientSources.map((source) => newestChange(path.join(root, source))));
  if (builtAt >= changedAt) return;
  process.stdout.write('Building the client…\n');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

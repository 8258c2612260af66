import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/build.ts';

it('npm start runs the built server with the switches the tests and benchmarks start it with', () => {
  const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts.start).toBe(['node', ...serverNodeFlags, 'dist/server/main.js'].join(' '));
});

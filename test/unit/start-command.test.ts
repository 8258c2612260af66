import { execFileSync } from 'node:child_process';
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

it('starts Node with switches this Node knows: one that a newer V8 dropped would stop the server from starting', () => {
  expect(execFileSync(process.execPath, [...serverNodeFlags, '--eval', 'process.stdout.write("started")'], { encoding: 'utf8' })).toBe(
    'started',
  );
});

import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { serverBundleOptions } from '../../scripts/build.ts';

/** A module built as the server is, with a function that makes a named closure at each call, as a request handler does. */
async function builtModule(): Promise<{ text: string; exports: { makeNext(): () => void } }> {
  const { outputFiles } = await build({
    ...serverBundleOptions,
    stdin: { contents: 'export function makeNext() { return function next() {}; }', loader: 'ts', resolveDir: import.meta.dirname },
    splitting: false,
    sourcemap: false,
    banner: {},
    write: false,
  });
  const text = outputFiles[0]!.text;
  const exports = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as { makeNext(): () => void };
  return { text, exports };
}

it("keeps the sources' names in the built server, for what reads a function's name at run time", async () => {
  const { exports } = await builtModule();
  expect(exports.makeNext.name).toBe('makeNext');
  expect(exports.makeNext().name).toBe('next');
});

it('sets no name as a function is made: esbuild keepNames did so for every closure of every request (docs/PERFORMANCE.md, 2026-12-07)', async () => {
  const { text } = await builtModule();
  expect(text).not.toMatch(/defineProperty|__name/);
});

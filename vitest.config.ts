import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const apiTests = 'test/api';
/**
 * The API files that replace one of the server's modules (vi.mock): they need a module graph of their
 * own, since a module another file already loaded would keep its real self. Found by reading the
 * files, so that a new one cannot be forgotten here.
 */
const replacingModules = readdirSync(apiTests, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && readFileSync(path.join(apiTests, name), 'utf8').includes('vi.mock('))
  .map((name) => `${apiTests}/${name.split(path.sep).join('/')}`);

/**
 * Vitest's default, one worker fewer than the cores, ran the files one at a time on two cores. The
 * unit and reliability files keep every core busy; an API file waits for its database much of the
 * time, so one worker more keeps them busy there (docs/PERFORMANCE.md, Tests' time).
 */
const cores = availableParallelism();
const apiWorkers = cores + 1;

/**
 * The API files of one engine. They share each worker's modules (isolate: false): importing the
 * server's modules anew for every file was a fifth of the suites' time (docs/PERFORMANCE.md, Tests'
 * time); each file still builds its own app and database. The files that replace a module run apart.
 */
const apiProjects = (engine: 'sqlite' | 'postgres') => {
  const shared = { env: { TEST_ENGINE: engine }, testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: apiWorkers };
  return [
    {
      extends: true as const,
      test: { ...shared, name: `api-${engine}`, include: [`${apiTests}/**/*.test.ts`], exclude: replacingModules, isolate: false },
    },
    { extends: true as const, test: { ...shared, name: `api-${engine}-own-modules`, include: replacingModules } },
  ];
};

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'], maxWorkers: cores },
      },
      ...apiProjects('sqlite'),
      ...apiProjects('postgres'),
      {
        extends: true,
        test: {
          // Crash and backup runs against the real server on SQLite (docs/OPERATIONS.md, Durability).
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: cores,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page's code loads and runs before what a poll waits for is drawn: on a busy two-core
          // machine that can take seconds, far past the default second.
          expect: { poll: { timeout: 10_000 } },
          maxWorkers: 2,
        },
      },
    ],
  },
});

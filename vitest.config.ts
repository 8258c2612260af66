import { defineConfig } from 'vitest/config';

const apiProject = (engine: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${engine}`,
    include: ['test/api/**/*.test.ts'],
    env: { TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'] },
      },
      apiProject('sqlite'),
      apiProject('postgres'),
      {
        extends: true,
        test: {
          // Crash and backup runs against the real server on SQLite (docs/OPERATIONS.md, Durability).
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});

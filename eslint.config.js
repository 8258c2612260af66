import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The house's boundaries (docs/DECISIONS.md, House rules), each an error that
 * test/unit/lint-boundaries.test.ts proves with a deliberate violation. ESLint keeps one
 * `no-restricted-imports` setting per file, so each group of files below gets every rule that
 * applies to it at once.
 */
const boundaries = {
  webNeverServer: {
    group: ['**/server/**', 'node:*'],
    message: 'The web client never imports server code or Node APIs.',
  },
  domainIsPure: {
    group: [
      '**/server/**',
      '**/web/**',
      'node:*',
      'react',
      'react-dom',
      'react/*',
      'react-router',
      '@mantine/*',
      '@tanstack/*',
      'fastify',
      'fastify-*',
      '@fastify/*',
      'kysely',
      'pg',
      'better-sqlite3',
    ],
    message: 'src/domain is pure: nothing of Node, the DOM, React, Fastify or Kysely.',
  },
  featureThroughIndex: {
    // A sibling feature's file other than its index.ts: ../other-feature/anything-but-index.ts
    regex: String.raw`^\.\./(?!\.\.?/)[^/]+/(?!index\.tsx?$).+$`,
    message: 'A feature imports another feature only through its index.ts, what it exports for others.',
  },
};
const kyselyValues = {
  name: 'kysely',
  allowTypeImports: true,
  message: 'Kysely values (sql, …) belong in *-repository.ts files and src/server/db.',
};
const queryBuilding = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
  message: 'Queries are built in *-repository.ts files only; a service calls a repository.',
};
const transactionsAsCallbacks = {
  selector: 'CallExpression[callee.property.name="startTransaction"]',
  message:
    'SQLite commits transactions in groups (db/group-commit-driver.ts), which startTransaction() would answer before their commit: use db.transaction().execute(…).',
};
const oneFailureMessage = {
  selector: 'ConditionalExpression[test.operator="instanceof"][test.right.name="ApiError"]',
  message:
    'What a screen shows for a failed call is failureMessage(error) (api/api-error.ts): the server’s Japanese message, never an English fault text.',
};
/** Node's modules named without `node:` (a pattern would also catch folders such as src/domain). */
const nodeModules = (message) => builtinModules.map((name) => ({ name, message }));
const restrictImports = ({ patterns = [], paths = [] }) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

const repositories = ['src/server/**/*-repository.ts', 'src/server/db/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrictImports({ patterns: [boundaries.webNeverServer], paths: nodeModules(boundaries.webNeverServer.message) }),
      'no-restricted-syntax': ['error', oneFailureMessage],
    },
  },
  {
    // The one place that chooses the text.
    files: ['src/web/api/api-error.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: restrictImports({
      patterns: [boundaries.webNeverServer, boundaries.featureThroughIndex],
      paths: nodeModules(boundaries.webNeverServer.message),
    }),
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', transactionsAsCallbacks] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: repositories,
    rules: { ...restrictImports({ paths: [kyselyValues] }), 'no-restricted-syntax': ['error', queryBuilding, transactionsAsCallbacks] },
  },
  {
    files: ['src/server/features/**/*.ts'],
    ignores: repositories,
    rules: restrictImports({ paths: [kyselyValues], patterns: [boundaries.featureThroughIndex] }),
  },
  {
    files: ['src/server/features/**/*-repository.ts'],
    rules: restrictImports({ patterns: [boundaries.featureThroughIndex] }),
  },
  {
    files: ['src/domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...restrictImports({ patterns: [boundaries.domainIsPure], paths: nodeModules(boundaries.domainIsPure.message) }),
      // typescript-eslint turns no-undef off, so the DOM's and Node's globals are named here.
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest'].map(
          (name) => ({ name, message: 'src/domain is pure: no DOM.' }),
        ),
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({
          name,
          message: 'src/domain is pure: no Node.',
        })),
      ],
    },
  },
);

import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Each boundary of eslint.config.js, shown to catch a deliberate violation and to let the lawful
 * form of the same import through. The files need not exist: ESLint applies the rules by path.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

// The first file linted loads the configuration and its TypeScript parser, which on a busy machine
// takes longer than one test may; each test then measures only its own file.
beforeAll(() => eslint.lintText('', { filePath: 'src/domain/example.ts' }), 60_000);

async function problems(filePath: string, code: string): Promise<string> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`).join('\n');
}

/** A module that imports one name and uses it, so that only the boundary rules can object. */
const importing = (name: string, from: string) => `import { ${name} } from '${from}';\nexport const used = ${name};\n`;

describe('src/domain', () => {
  const file = 'src/domain/example.ts';

  it.each([
    ['readFileSync', 'node:fs'],
    ['readFileSync', 'fs'],
    ['useState', 'react'],
    ['Button', '@mantine/core'],
    ['fastify', 'fastify'],
    ['sql', 'kysely'],
    ['nowIso', '../server/db/bootstrap.ts'],
    ['api', '../web/api/client.ts'],
  ])('refuses %s from %s', async (name, from) => {
    expect(await problems(file, importing(name, from))).toContain('src/domain is pure: nothing of Node, the DOM, React, Fastify or Kysely');
  });

  it.each([
    ['document.title', 'no DOM'],
    ['localStorage.getItem("x")', 'no DOM'],
    ['process.env.TZ', 'no Node'],
  ])('refuses the global in %s', async (expression, words) => {
    expect(await problems(file, `export const value = ${expression};\n`)).toContain(words);
  });

  it('lets zod and other domain files in', async () => {
    expect(await problems(file, importing('z', 'zod'))).toBe('');
    expect(await problems(file, importing('WorkState', './work-state.ts'))).toBe('');
  });
});

describe('features', () => {
  it.each([
    ['src/server/features/record-edit/record-edit-service.ts', 'findRecords', '../work-list/work-list-repository.ts'],
    ['src/server/features/catalog/catalog-repository.ts', 'listActive', '../masters/masters-repository.ts'],
    ['src/web/features/record-edit/JobFields.tsx', 'WorkerChecks', '../work/WorkerChecks.tsx'],
  ])('refuse %s importing %s from another feature’s file', async (file, name, from) => {
    expect(await problems(file, importing(name, from))).toContain('only through its index.ts');
  });

  it.each([
    ['src/server/features/catalog/catalog-service.ts', 'namedMasterStore', '../masters/index.ts'],
    ['src/web/features/record-edit/JobFields.tsx', 'WorkerChecks', '../work/index.ts'],
    ['src/server/features/work/work-service.ts', 'lockRecord', '../../records/record-repository.ts'],
    ['src/web/features/work/WorkPage.tsx', 'Page', '../../components/Page.tsx'],
  ])('let %s import %s from what the other side lends', async (file, name, from) => {
    expect(await problems(file, importing(name, from))).toBe('');
  });
});

describe('the web client', () => {
  it.each([
    ['buildApp', '../../server/app.ts'],
    ['readFile', 'node:fs/promises'],
    ['EventEmitter', 'events'],
  ])('refuses %s from %s', async (name, from) => {
    expect(await problems('src/web/components/Example.tsx', importing(name, from))).toContain('never imports server code or Node APIs');
  });

  it.each([
    ['src/web/components/Example.tsx', '../api/client.ts'],
    ['src/web/features/work/Example.tsx', '../../api/client.ts'],
  ])('shows a failed call through failureMessage, never its own text, in %s', async (file, client) => {
    const own = `import { ApiError } from '${client}';\nexport const shown = (error: unknown) => (error instanceof ApiError ? error.errorMessage : String(error));\n`;
    const shared = `import { failureMessage } from '${client}';\nexport const shown = (error: unknown) => failureMessage(error);\n`;
    expect(await problems(file, own)).toContain('failureMessage(error)');
    expect(await problems(file, shared)).toBe('');
  });
});

describe('queries', () => {
  const query = "import type { Kysely } from 'kysely';\nexport const find = (db: Kysely<never>) => db.selectFrom('employees' as never);\n";

  it('are built in repositories', async () => {
    expect(await problems('src/server/features/employees/employees-repository.ts', query)).toBe('');
    expect(await problems('src/server/db/example.ts', query)).toBe('');
  });

  it.each(['src/server/features/employees/employees-service.ts', 'src/server/auth/login-service.ts', 'src/server/audit/audit-log.ts'])(
    'are refused in %s',
    async (file) => {
      expect(await problems(file, query)).toContain('Queries are built in *-repository.ts files only');
    },
  );

  it.each([
    'src/server/features/work/work-repository.ts',
    'src/server/features/work/work-service.ts',
    'src/server/db/example.ts',
    'scripts/example.ts',
  ])('run their transactions as callbacks, never with startTransaction(), in %s', async (file) => {
    const begun = "import type { Kysely } from 'kysely';\nexport const begin = (db: Kysely<never>) => db.startTransaction().execute();\n";
    const callback =
      "import type { Kysely } from 'kysely';\nexport const run = (db: Kysely<never>) => db.transaction().execute(async () => 1);\n";
    expect(await problems(file, begun)).toContain('SQLite commits transactions in groups');
    expect(await problems(file, callback)).toBe('');
  });

  it('keep Kysely values out of services, but allow its types', async () => {
    const service = 'src/server/features/work/work-service.ts';
    expect(await problems(service, importing('sql', 'kysely'))).toContain('belong in *-repository.ts files');
    expect(await problems(service, "import type { Kysely } from 'kysely';\nexport type Used = Kysely<never>;\n")).toBe('');
  });
});

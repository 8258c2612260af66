import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { prepareDatabase } from '../../src/server/startup.ts';

/** `npm run reset-password -- <user ID>` as an owner runs it beside a workshop's SQLite database. */
// Each run starts Node with tsx, a second or more on a busy machine.
const RUNS_MS = 60_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-reset-'));
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'first-password' });

beforeAll(async () => {
  const { database } = await prepareDatabase(config);
  await database.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/reset-password.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function storedHash(): Promise<string> {
  const database = openDatabase(config.database);
  try {
    const row = await database.db
      .selectFrom('employees')
      .select('password_hash')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    return row.password_hash!;
  } finally {
    await database.close();
  }
}

it(
  'sets the password of NEW_PASSWORD, or prints a generated one once',
  async () => {
    const chosen = await run(['admin'], { NEW_PASSWORD: 'chosen-password' });
    expect(chosen).toMatchObject({ code: 0, stdout: expect.stringContaining('The password is that of NEW_PASSWORD.') });
    expect(await verifyPassword(await storedHash(), 'chosen-password')).toBe(true);

    const generated = await run(['admin']);
    expect(generated.code).toBe(0);
    const password = /The new password: (\S+)/.exec(generated.stdout)?.[1];
    expect(password).toBeDefined();
    expect(await verifyPassword(await storedHash(), password!)).toBe(true);
  },
  RUNS_MS,
);

it(
  'says what is wrong and changes nothing for no user ID, an unknown one or a short password',
  async () => {
    const before = await storedHash();
    expect(await run([])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run reset-password -- <user ID>') });
    expect(await run(['nobody'])).toMatchObject({ code: 1, stderr: 'No active employee signs in with the user ID nobody.\n' });
    expect(await run(['admin'], { NEW_PASSWORD: 'abc' })).toMatchObject({ code: 1, stderr: 'パスワードは4文字以上で入力してください。\n' });
    expect(await storedHash()).toBe(before);
  },
  RUNS_MS,
);

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtServer, isServerBuildStale, serverNodeFlags } from '../../scripts/build.ts';

export const E2E_ADMIN = { userName: 'admin', password: 'e2e-admin-password' } as const;

const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The server's process id, to read its memory from /proc. */
  pid: number;
  /** Ends the server as Ctrl-C does, then removes its data directory unless that was given to it. */
  stop(): Promise<void>;
  /** Ends the server as a crash would (SIGKILL: nothing flushed, nothing closed); the data directory stays. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  /** An existing data directory to start on again, as after a restart; it outlives the server. */
  dataDir?: string;
  /** The port to listen on, the one of an earlier start when the clients must find the server where it was; a free one when not given. */
  port?: number;
}

/**
 * The real server, compiled as `npm start` runs it (dist/server/main.js), on a free port with a new
 * SQLite database, or on the one in `options.dataDir`. It serves the client built in dist/web, or in
 * E2E_WEB_ROOT when that is set. A missing or stale build fails at once rather than testing old code.
 */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  if (isServerBuildStale()) {
    throw new Error(`${path.relative(root, builtServer)} is missing or older than the sources: run \`npx tsx scripts/build.ts\` first`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kosu-e2e-'));
  // Node itself, as `npm start` runs it, not npm: a wrapper would not pass a SIGKILL on, and the
  // server it started would outlive the crash a test means to cause.
  const child = spawn(process.execPath, [...serverNodeFlags, builtServer], {
    cwd: root,
    env: {
      ...process.env,
      // 0 lets the system choose: a port found free here and handed on could be taken by another
      // test's server first, and this harness would then talk to that one.
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USER_NAME: E2E_ADMIN.userName,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      WEB_ROOT: process.env.E2E_WEB_ROOT ?? path.join(root, 'dist/web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = await listeningAddress(child, () => output);
  const port = Number(new URL(baseUrl).port);
  return {
    baseUrl,
    port,
    dataDir,
    pid: child.pid!,
    async stop() {
      await stopProcess(child, 'SIGTERM');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => stopProcess(child, 'SIGKILL'),
  };
}

/** The address the server prints once it listens (src/server/main.ts); its own child's word, never another server's. */
export async function listeningAddress(child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The whole line, its end included: a line read only in part would give part of the port.
    const address = /^Listening at (\S+)\n/m.exec(output())?.[1];
    if (address) return address;
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output()}`);
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

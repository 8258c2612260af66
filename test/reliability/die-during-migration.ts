import { loadConfig } from '../../src/server/config.ts';
import { prepareDatabase } from '../../src/server/startup.ts';

/**
 * The server's first start on DATA_DIR, killed with SIGKILL right after its Nth `create` statement
 * (the argument): a crash in the middle of creating the schema. Exits with 1 if it got through.
 */
const killAfter = Number(process.argv[2]);
let creates = 0;
await prepareDatabase(loadConfig(), {
  onQuery: (sql) => {
    if (/^create /i.test(sql) && ++creates === killAfter) process.kill(process.pid, 'SIGKILL');
  },
});
process.stderr.write(`the first start ran only ${creates} create statements\n`);
process.exit(1);

import { loadConfig } from '../src/server/config.ts';
import { SessionService } from '../src/server/auth/session-service.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { resetPassword } from '../src/server/features/employees/password-reset.ts';

/**
 * `npm run reset-password -- <user ID>`: a new password for someone who can no longer sign in, the
 * only administrator above all. Run on the server's machine with the server's settings (DATA_DIR or
 * DATABASE_URL); NEW_PASSWORD chooses the password, otherwise one is generated and printed once.
 */
const userId = process.argv[2];
if (!userId) {
  process.stderr.write('Usage: npm run reset-password -- <user ID>   (NEW_PASSWORD=… to choose the password)\n');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config.database);
try {
  const reset = await resetPassword(database.db, new SessionService(database.db, config.sessionSecret), userId, process.env.NEW_PASSWORD);
  if (!reset) {
    process.stderr.write(`No active employee signs in with the user ID ${userId}.\n`);
    process.exitCode = 1;
  } else {
    const password = reset.generatedPassword ? `The new password: ${reset.generatedPassword}` : 'The password is that of NEW_PASSWORD.';
    process.stdout.write(`The password of ${userId} (${reset.name}) was set anew; every session of theirs has ended.\n${password}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}

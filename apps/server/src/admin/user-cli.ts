// `npm run user -- reset-password EMAIL` and `npm run user -- disable-2fa EMAIL`: see README
// (Users). Reads the same configuration as the server (DATABASE_URL, or the embedded
// PostgreSQL in DATA_DIR, used while the server runs or started for the while).
import { BackupError } from '../backup/backup-file';
import { openBackupDatabase } from '../backup/backup-connection';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { runMigrations } from '../db/migrate';
import { createUserAdmin, randomPassword, UserAdminError } from './user-admin';

const USAGE =
  'Usage: npm run user -- reset-password EMAIL   (a new password is printed; or pipe one in)\n' +
  '       npm run user -- disable-2fa EMAIL';

/** A password piped in (`echo 'New#pass1' | npm run user -- reset-password EMAIL`), if any. */
async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]?.trim();
  return line || undefined;
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (!email || rest.length > 0 || (command !== 'reset-password' && command !== 'disable-2fa')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const log = { info: () => undefined, warn: console.warn, debug: () => undefined };
  const connection = await openBackupDatabase(config, 'maintenance', log);
  const database = openDatabase(connection.url, { maxConnections: 2 });
  try {
    await runMigrations(database.pool);
    const admin = createUserAdmin(database.db, { loginRateLimit: config.LOGIN_RATE_LIMIT });
    if (command === 'reset-password') {
      const piped = await passwordFromStdin();
      const password = piped ?? randomPassword();
      const { endedSessions } = await admin.resetPassword(email, password);
      console.warn(
        `The password of ${email} was reset; ${endedSessions} session(s) signed out.` +
          (piped ? '' : ' The new password:'),
      );
      // Only the generated password goes to standard output, so that it can be piped on.
      if (!piped) process.stdout.write(`${password}\n`);
    } else {
      const disabled = await admin.disableTwoFactor(email);
      console.warn(
        disabled
          ? `Two-factor sign-in is off for ${email}; they sign in with their password alone.`
          : `Two-factor sign-in was not on for ${email}; nothing changed.`,
      );
    }
    return 0;
  } finally {
    await database.close();
    await connection.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected =
      error instanceof UserAdminError ||
      error instanceof BackupError ||
      error instanceof ConfigError;
    console.error(isExpected ? (error as Error).message : error);
    process.exit(1);
  },
);

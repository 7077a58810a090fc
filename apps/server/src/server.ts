import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { createSecretBox, loadSecretsKey } from './domains/bank-connections/secrets/secret-box';
import { readOrCreateSecret } from './lib/secret-file';
import { loggerOptions } from './logger';

/** How often each instance looks for bank connections due to sync (each has its own time). */
const BANK_SYNC_LOOK_MINUTES = 5;

/** The built web app: WEB_DIST_DIR, or apps/web/dist beside this package. */
function webDistDir(config: Config): string {
  if (config.WEB_DIST_DIR) return resolve(config.WEB_DIST_DIR);
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../../web/dist'), resolve(here, '../../../apps/web/dist')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino(loggerOptions(config));

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR, {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
      debug: (message) => log.debug(message),
    });
    databaseUrl = embedded.url;
  }

  const database = openDatabase(databaseUrl, {
    maxConnections: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    heavyStatementTimeoutMs: config.DATABASE_HEAVY_STATEMENT_TIMEOUT_MS,
  });
  await runMigrations(database.pool);
  const jwtSecret =
    config.JWT_SECRET ?? (await readOrCreateSecret(join(config.DATA_DIR, 'jwt-secret')));
  const app = await buildApp({
    config,
    db: database.db,
    heavyPool: database.heavyPool,
    jwtSecret,
    webDistDir: webDistDir(config),
    logger: log,
    recurringIntervalMinutes: config.RECURRING_INTERVAL_MINUTES,
    refusedPerMinute:
      config.REFUSED_REQUESTS_PER_MINUTE === 'off' ? undefined : config.REFUSED_REQUESTS_PER_MINUTE,
    exchangeRatesUrl: config.EXCHANGE_RATES_URL === 'off' ? undefined : config.EXCHANGE_RATES_URL,
    bank: {
      secretBox: createSecretBox(await loadSecretsKey(config)),
      policy: { allowPrivateUrls: config.BANK_SYNC_ALLOW_PRIVATE_URLS },
      enableBankingUrl: config.ENABLE_BANKING_URL,
      publicUrl: config.PUBLIC_URL,
      firstDays: config.BANK_SYNC_FIRST_DAYS,
      intervalHours:
        config.BANK_SYNC_INTERVAL_HOURS === 'off' ? null : config.BANK_SYNC_INTERVAL_HOURS,
    },
    bankSyncLookMinutes:
      config.BANK_SYNC_INTERVAL_HOURS === 'off' ? undefined : BANK_SYNC_LOOK_MINUTES,
  });

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info(`${signal} received: shutting down`);
    try {
      await app.close();
      await database.close();
      await embedded?.stop();
      log.info('Stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = ['0.0.0.0', '127.0.0.1', '::'].includes(config.HOST)
    ? 'localhost'
    : config.HOST;
  log.info(`Moneta is running at http://${shownHost}:${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Moneta could not start: ${error.message}` : error);
  process.exit(1);
});

import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { DataDirBusyError, updateLock } from './lib/data-dir-lock';
import { bootstrapAccessCode } from './modules/codigos/codigos.service';

async function main() {
  const config = loadConfig();
  let database;
  try {
    database = await openConfiguredDatabase(config, 'server');
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const adminToken = config.databaseUrl ? undefined : randomBytes(24).toString('base64url');
  const app = await buildApp({ database, config, adminToken, logger: { level: config.logLevel } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (!config.databaseUrl) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    updateLock(config.dataDir, { pid: process.pid, kind: 'server', url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, token: adminToken });
  }
  // Scheduled jobs (backups, clean-ups…): every instance checks; each run happens once (ADR 013).
  app.jobs.start();
  app.log.info(`Caderneta on ${config.publicUrl} (database: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL server'})`);

  const code = await bootstrapAccessCode(database.db);
  if (code) {
    const message = `No sellers yet. Sign up at ${config.publicUrl}/auth with the access code: ${code}`;
    app.log.info({ accessCode: code, signUpUrl: `${config.publicUrl}/auth` }, message);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { createListener, listen } from './http-listener';
import { DataDirBusyError, updateLock } from './db/data-dir-lock';

async function main() {
  const config = loadConfig();
  // The database opens (PGlite compiles its WebAssembly off the main thread, reads its files) while
  // the rest of the server's modules load: the two longest parts of a start overlap.
  const opening = openConfiguredDatabase(config, 'server').then(
    (handle) => ({ handle, error: null }),
    (error: unknown) => ({ handle: null, error }),
  );
  // Lines go to stdout without waiting for each write (pino flushes what is left when the process
  // exits): a synchronous write per line was most of what logging cost a request.
  const logger = { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false }) };
  // Listening from the start: the web app's pages and files are answered as soon as they can be,
  // /api once the API is built on the open database (http-listener.ts).
  const listener = createListener();
  try {
    await listen(listener.server, config.port, config.host);
  } catch (error) {
    // A second server on the same DATA_DIR usually has the same port too: say what matters first.
    const opened = await opening;
    if (opened.error instanceof DataDirBusyError) {
      console.error(opened.error.message);
      process.exit(1);
    }
    await opened.handle?.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} on ${config.host} is in use by another program. Stop it, or choose another PORT.`);
      process.exit(1);
    }
    throw error;
  }
  const front = import('./web-front').then(async ({ buildWebFront }) => {
    const web = await buildWebFront({ config, logger, serverFactory: listener.factory('web') });
    await web.ready();
    listener.serveWeb();
    return web;
  });
  const [{ buildApp }, { bootstrapAccessCode }] = await Promise.all([import('./app'), import('./modules/codigos/codigos.service')]);
  const opened = await opening;
  if (opened.error instanceof DataDirBusyError) {
    console.error(opened.error.message);
    process.exit(1);
  }
  if (!opened.handle) throw opened.error;
  const database = opened.handle;
  const adminToken = config.databaseUrl ? undefined : randomBytes(24).toString('base64url');
  const app = await buildApp({ database, config, adminToken, logger, serverFactory: listener.factory('api') });
  await app.ready();
  listener.serveApi();
  // The web front answers nothing more: the API's app serves the same pages and files.
  await (await front).close();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      // Fastify closes only servers it made: this one stops taking connections here, idle ones end.
      await new Promise((resolve) => {
        listener.server.close(resolve);
        listener.server.closeIdleConnections();
      });
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!config.databaseUrl) {
    const address = listener.server.address();
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

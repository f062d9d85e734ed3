import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { seedDemoShop } from './demo-shop';
import { createAccessCodes, disableAccessCode, listAccessCodes } from '../codigos/codigos.service';

/**
 * Operator endpoints the access-code and demo CLIs use while a server holds the PGlite directory. The
 * token is random per start and only written to the lock file inside DATA_DIR.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  const expected = Buffer.from(token);
  function checkToken(request: FastifyRequest) {
    const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('FORBIDDEN', 403, { message: 'Acesso negado' });
    }
  }
  app.addHook('onRequest', async (request) => checkToken(request));
  const opts = { schema: { hide: true } } as const;
  app.post('/api/admin/codigos', { schema: { hide: true, body: z.object({ quantidade: z.number().int().min(1).max(1000) }) } }, async (request) => ({
    codigos: await createAccessCodes(app.db, request.body.quantidade),
  }));
  app.get('/api/admin/codigos', opts, async () => ({ codigos: await listAccessCodes(app.db) }));
  app.post('/api/admin/codigos/:codigo/desativar', { schema: { hide: true, params: z.object({ codigo: z.string().min(1) }) } }, async (request) => {
    const ok = await disableAccessCode(app.db, request.params.codigo);
    if (!ok) throw new AppError('NOT_FOUND', 404, { message: 'Código não encontrado' });
    return { ok };
  });
  // `npm run demo` while the server runs: the same demo shop, written by the process that holds the database.
  const demoBody = z.object({
    sales: z.number().int().min(0).max(5_000_000).optional(),
    days: z.number().int().min(1).max(3650).optional(),
    seed: z.number().int().min(0).optional(),
  });
  app.post('/api/admin/demo', { schema: { hide: true, body: demoBody } }, async (request) => seedDemoShop(app.db, { ...request.body, now: app.clock.now() }));
  // `npm run jobs` while the server runs: the server's own runner lists its jobs and runs one now.
  app.get('/api/admin/jobs', opts, async () => ({ jobs: app.jobs.names }));
  app.post(
    '/api/admin/jobs/:nome/executar',
    // `em`: as if it were that instant (`npm run jobs -- run NAME --at INSTANT`), for this run only.
    { schema: { hide: true, params: z.object({ nome: z.string().min(1).max(64) }), querystring: z.object({ em: z.iso.datetime({ offset: true }).optional() }) } },
    async (request) => {
      if (!app.jobs.names.includes(request.params.nome)) throw new AppError('NOT_FOUND', 404, { message: `Não há tarefa "${request.params.nome}"` });
      return app.jobs.runJob(request.params.nome, request.query.em ? { at: new Date(request.query.em) } : {});
    },
  );
};

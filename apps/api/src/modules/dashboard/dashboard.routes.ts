import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@caderneta/shared';
import { getDashboard } from './dashboard.service';

/** /api/dashboard: the overview's figures. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dashboard'];
  const preHandler = app.requireSeller;
  app.get(
    '/api/dashboard',
    { preHandler, schema: { tags, summary: 'Overview figures in one query', response: { 200: dashboardSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getDashboard(tx, seller.id, app.clock.now())),
  );
};

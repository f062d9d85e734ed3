import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@caderneta/shared';
import { getDashboard } from './dashboard.service';

export async function dashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/dashboard',
    { preHandler: app.requireSeller, schema: { tags: ['dashboard'], summary: 'Overview figures in one query', response: { 200: dashboardSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getDashboard(tx, seller.id)),
  );
}

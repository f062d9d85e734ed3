import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contestacaoSchema, contestacoesSchema, idParamsSchema, resolverContestacaoInputSchema } from '@caderneta/shared';
import { writeTime } from '../../lib/clock';
import { listContestacoes, resolveContestacao } from './contestacoes.service';

/** The shop's side of the customers' disputes: a customer's list, and resolving one. */
export const contestacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireSeller;
  const params = idParamsSchema;
  const tags = ['contestacoes'];

  app.get(
    '/api/clientes/:id/contestacoes',
    { preHandler, schema: { tags, summary: "The customer's disputes: open ones first, then the newest resolved", params, response: { 200: contestacoesSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => listContestacoes(tx, seller.id, request.params.id)),
  );

  app.post(
    '/api/contestacoes/:id/resolver',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Resolve a dispute: cancel the sale, correct the amount with a credit, or answer the customer',
        params,
        body: resolverContestacaoInputSchema,
        response: { 200: contestacaoSchema },
      },
    },
    (request) => app.sellerTx(request, (tx, seller) => resolveContestacao(tx, seller, request.params.id, request.body, { agora: app.clock.now(), at: writeTime(app.clock) })),
  );
};

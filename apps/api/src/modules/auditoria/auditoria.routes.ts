import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditoriaPageSchema, auditoriaQuerySchema, autoresAuditoriaSchema } from '@caderneta/shared';
import { listarAuditoria } from './auditoria.service';

export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auditoria'];

  app.get(
    '/api/auditoria',
    {
      preHandler: app.requireSeller,
      schema: { tags, summary: "The shop's history of changes, newest first (keyset pages)", querystring: auditoriaQuerySchema, response: { 200: auditoriaPageSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => listarAuditoria(tx, seller.id, request.query)),
  );

  // The people of the shop (today its owner), then the app's own authors.
  app.get(
    '/api/auditoria/autores',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Who the history can be filtered by', response: { 200: autoresAuditoriaSchema } } },
    (request) => [
      { tipo: 'pessoa' as const, id: request.seller!.id, nome: request.seller!.nome },
      { tipo: 'sistema' as const, id: null, nome: null },
      { tipo: 'mercado_pago' as const, id: null, nome: null },
      { tipo: 'importacao' as const, id: null, nome: null },
    ],
  );
};

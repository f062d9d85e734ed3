import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditoriaPageSchema, auditoriaQuerySchema, autoresAuditoriaSchema } from '@caderneta/shared';
import { listarAuditoria, pessoasDaLoja } from './auditoria.service';

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

  // The people of the shop who have signed in (the deactivated too: their past is in it), then the app's own authors.
  app.get(
    '/api/auditoria/autores',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Who the history can be filtered by', response: { 200: autoresAuditoriaSchema } } },
    async (request) => [
      ...(await app.sellerTx(request, (tx, seller) => pessoasDaLoja(tx, seller.id), { parte: true })).map((p) => ({ tipo: 'pessoa' as const, id: p.id, nome: p.nome })),
      { tipo: 'sistema' as const, id: null, nome: null },
      { tipo: 'mercado_pago' as const, id: null, nome: null },
      { tipo: 'importacao' as const, id: null, nome: null },
    ],
  );
};

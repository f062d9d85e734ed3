import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  marcarTodasResultSchema,
  notificacaoSchema,
  notificacoesPageSchema,
  notificacoesQuerySchema,
  notificacoesResumoSchema,
} from '@caderneta/shared';
import { listNotificacoes, marcarLida, marcarTodasLidas, resumoNotificacoes } from './notificacoes.service';

export const notificacoesRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/api/notificacoes',
    {
      preHandler: app.requireSeller,
      schema: { tags: ['notificacoes'], summary: 'Notifications, newest first', querystring: notificacoesQuerySchema, response: { 200: notificacoesPageSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => listNotificacoes(tx, seller.id, request.query)),
  );

  // The bell polls this. Its ETag is the answer's hash: an unchanged answer is a 304 with no body.
  app.get(
    '/api/notificacoes/resumo',
    {
      preHandler: app.requireSeller,
      schema: {
        tags: ['notificacoes'],
        summary: 'Unread count (up to 100) and the latest notifications; honours If-None-Match',
        response: { 200: notificacoesResumoSchema, 304: z.null().describe('Not modified: the If-None-Match tag is current') },
      },
    },
    async (request, reply) => {
      const resumo = await app.sellerTx(request, (tx, seller) => resumoNotificacoes(tx, seller.id));
      const etag = `"${createHash('sha1').update(JSON.stringify(resumo)).digest('base64url')}"`;
      reply.header('etag', etag);
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send(null);
      return resumo;
    },
  );

  app.post(
    '/api/notificacoes/:id/lida',
    {
      preHandler: app.requireSeller,
      schema: { tags: ['notificacoes'], summary: 'Mark one notification read', params: idParamsSchema, response: { 200: notificacaoSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => marcarLida(tx, seller.id, request.params.id)),
  );

  app.post(
    '/api/notificacoes/lidas',
    { preHandler: app.requireSeller, schema: { tags: ['notificacoes'], summary: 'Mark every notification read', response: { 200: marcarTodasResultSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => marcarTodasLidas(tx, seller.id)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conferirExistentesSchema, idParamsSchema, importacaoSchema, importarClientesSchema, importarProdutosSchema } from '@caderneta/shared';
import { conferirExistentes, desfazerImportacao, importarClientes, importarProdutos, listarImportacoes } from './importacao.service';

/** 20,000 rows of typed JSON are about 5 MB; a little room above it. */
const MAX_BYTES_CORPO_IMPORTACAO = 8 * 1024 * 1024;

const existentesSchema = z.object({ existentes: z.array(z.object({ chave: z.string(), id: z.uuid(), nome: z.string() })) });

/**
 * /api/importacoes: a spreadsheet's customers or products, read and checked in the browser, written
 * here in one transaction (issue 39). Who may call each is PERMISSOES_DAS_ROTAS' ("backup e importação").
 */
export const importacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['importacao'];
  const preHandler = app.requireSeller;
  // Each writes up to a whole shop's customers in one transaction: a backup's few a minute per address.
  const limite = { rateLimit: { max: app.config.rateLimits.backup, timeWindow: '1 minute' } };

  for (const tipo of ['clientes', 'produtos'] as const) {
    app.post(
      `/api/importacoes/${tipo}/existentes`,
      {
        preHandler,
        bodyLimit: MAX_BYTES_CORPO_IMPORTACAO,
        config: limite,
        schema: {
          tags,
          summary: tipo === 'clientes' ? "Which of the preview's phones the shop's customers already have" : "Which of the preview's barcodes the shop's products already have",
          body: conferirExistentesSchema,
          response: { 200: existentesSchema },
        },
      },
      (request) => app.sellerTx(request, (tx, seller) => conferirExistentes(tx, seller.id, tipo, request.body.chaves)),
    );
  }

  app.post(
    '/api/importacoes/clientes',
    {
      preHandler,
      bodyLimit: MAX_BYTES_CORPO_IMPORTACAO,
      config: limite,
      schema: { tags, summary: 'Import customers with their opening balances, all or nothing', body: importarClientesSchema, response: { 201: importacaoSchema } },
    },
    async (request, reply) => reply.status(201).send(await app.sellerTx(request, (tx, seller) => importarClientes(tx, seller, request.body, app.clock.now()))),
  );

  app.post(
    '/api/importacoes/produtos',
    {
      preHandler,
      bodyLimit: MAX_BYTES_CORPO_IMPORTACAO,
      config: limite,
      schema: { tags, summary: 'Import products, all or nothing', body: importarProdutosSchema, response: { 201: importacaoSchema } },
    },
    async (request, reply) => reply.status(201).send(await app.sellerTx(request, (tx, seller) => importarProdutos(tx, seller, request.body, app.clock.now()))),
  );

  app.get('/api/importacoes', { preHandler, schema: { tags, summary: "The shop's last 20 imports", response: { 200: z.object({ items: z.array(importacaoSchema) }) } } }, (request) =>
    app.sellerTx(request, (tx, seller) => listarImportacoes(tx, seller.id)),
  );

  app.post(
    '/api/importacoes/:id/desfazer',
    { preHandler, schema: { tags, summary: 'Undo an import while nothing else touched what it made', params: idParamsSchema, response: { 200: importacaoSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => desfazerImportacao(tx, seller, request.params.id, app.clock.now())),
  );
};

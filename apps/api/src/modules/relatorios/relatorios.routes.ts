import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { relatorioClientesSchema, relatorioFinanceiroSchema, relatorioProdutosSchema, relatorioQuerySchema, relatorioResumoSchema, relatorioVendasSchema } from '@caderneta/shared/schemas/relatorios';
import {
  periodoDoRelatorio,
  relatorioClientes,
  relatorioFinanceiro,
  relatorioProdutos,
  relatorioResumo,
  relatorioVendas,
} from './relatorios.service';

/** /api/relatorios/*: one route per tab of /relatorios, so each tab loads only its own figures. "Today" comes from app.clock. */
export const relatoriosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['relatorios'];
  const preHandler = app.requireSeller;
  const querystring = relatorioQuerySchema;
  const schema = <R extends z.ZodType>(summary: string, response: R) => ({ tags, summary, querystring, response: { 200: response } });
  const periodo = (tx: Parameters<typeof periodoDoRelatorio>[0], ownerId: string, query: z.infer<typeof relatorioQuerySchema>) =>
    periodoDoRelatorio(tx, ownerId, query, app.clock.now());

  app.get('/api/relatorios/resumo', { preHandler, schema: schema('Sales, profit, payments received and default rate of the period', relatorioResumoSchema) }, (request) =>
    app.sellerTx(request, async (tx, seller) => relatorioResumo(tx, seller.id, await periodo(tx, seller.id, request.query))),
  );

  app.get('/api/relatorios/vendas', { preHandler, schema: schema('Sales per day, payment form, weekday and hour', relatorioVendasSchema) }, (request) =>
    app.sellerTx(request, async (tx, seller) => relatorioVendas(tx, seller.id, await periodo(tx, seller.id, request.query))),
  );

  app.get('/api/relatorios/clientes', { preHandler, schema: schema('Largest debts, best customers and new customers', relatorioClientesSchema) }, (request) =>
    app.sellerTx(request, async (tx, seller) => relatorioClientes(tx, seller.id, await periodo(tx, seller.id, request.query))),
  );

  app.get('/api/relatorios/produtos', { preHandler, schema: schema('Best sellers, margin per product, low and zero stock', relatorioProdutosSchema) }, (request) =>
    app.sellerTx(request, async (tx, seller) => relatorioProdutos(tx, seller.id, await periodo(tx, seller.id, request.query))),
  );

  app.get('/api/relatorios/financeiro', { preHandler, schema: schema('Payments by method, what is owed and overdue ageing', relatorioFinanceiroSchema) }, (request) =>
    app.sellerTx(request, async (tx, seller) => relatorioFinanceiro(tx, seller.id, await periodo(tx, seller.id, request.query))),
  );
};

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { relatorioClientesSchema, relatorioFinanceiroSchema, relatorioProdutosSchema, relatorioQuerySchema, relatorioResumoSchema, relatorioVendasSchema } from '@caderneta/shared/schemas/relatorios';
import {
  periodoDoRelatorio,
  relatorioClientes,
  relatorioFinanceiro,
  relatorioProdutos,
  relatorioResumo,
  relatorioVendas,
} from './relatorios.service';

/** One route per tab of /relatorios, so each tab loads only its own figures. */
export async function relatoriosRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const schema = <R>(summary: string, response: R) => ({ tags: ['relatorios'], summary, querystring: relatorioQuerySchema, response: { 200: response } });

  app.get(
    '/api/relatorios/resumo',
    { preHandler: app.requireSeller, schema: schema('Sales, profit, payments received and default rate of the period', relatorioResumoSchema) },
    (request) => app.sellerTx(request, async (tx, seller) => relatorioResumo(tx, seller.id, await periodoDoRelatorio(tx, seller.id, request.query, app.now()))),
  );
  app.get(
    '/api/relatorios/vendas',
    { preHandler: app.requireSeller, schema: schema('Sales per day, payment form, weekday and hour', relatorioVendasSchema) },
    (request) => app.sellerTx(request, async (tx, seller) => relatorioVendas(tx, seller.id, await periodoDoRelatorio(tx, seller.id, request.query, app.now()))),
  );
  app.get(
    '/api/relatorios/clientes',
    { preHandler: app.requireSeller, schema: schema('Largest debts, best customers and new customers', relatorioClientesSchema) },
    (request) => app.sellerTx(request, async (tx, seller) => relatorioClientes(tx, seller.id, await periodoDoRelatorio(tx, seller.id, request.query, app.now()))),
  );
  app.get(
    '/api/relatorios/produtos',
    { preHandler: app.requireSeller, schema: schema('Best sellers, margin per product, low and zero stock', relatorioProdutosSchema) },
    (request) => app.sellerTx(request, async (tx, seller) => relatorioProdutos(tx, seller.id, await periodoDoRelatorio(tx, seller.id, request.query, app.now()))),
  );
  app.get(
    '/api/relatorios/financeiro',
    { preHandler: app.requireSeller, schema: schema('Payments by method, what is owed and overdue ageing', relatorioFinanceiroSchema) },
    (request) => app.sellerTx(request, async (tx, seller) => relatorioFinanceiro(tx, seller.id, await periodoDoRelatorio(tx, seller.id, request.query, app.now()))),
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeTime } from '../../lib/clock';
import { z } from 'zod';
import {
  clienteCriacaoSchema,
  clienteInputSchema,
  clienteSchema,
  clientesPageSchema,
  clientesQuerySchema,
  clientesSemelhantesQuerySchema,
  clientesSemelhantesSchema,
  idParamsSchema,
} from '@caderneta/shared';
import {
  createCliente,
  clientesSemelhantes,
  deleteCliente,
  getCliente,
  listClientes,
  regenerarLogin,
  setClienteAtivo,
  updateCliente,
} from './clientes.service';
import { IndiceDeClientes } from './clientes-indice';

/** /api/clientes: the seller's customers. Every handler runs under the seller's RLS scope. */
export const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clientes'];
  const preHandler = app.requireSeller;
  const params = idParamsSchema;
  // This app's customer search in memory (ADR 022): one per app, so one per database.
  const indice = new IndiceDeClientes();

  app.get(
    '/api/clientes',
    { preHandler, schema: { tags, summary: 'List, search and count customers', querystring: clientesQuerySchema, response: { 200: clientesPageSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => listClientes(tx, seller.id, request.query, indice)),
  );

  app.get(
    '/api/clientes/semelhantes',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Customers with the same phone or a near-identical name (before registering another)',
        querystring: clientesSemelhantesQuerySchema,
        response: { 200: clientesSemelhantesSchema },
      },
    },
    (request) => app.sellerTx(request, (tx, seller) => clientesSemelhantes(tx, seller.id, request.query)),
  );

  app.get('/api/clientes/:id', { preHandler, schema: { tags, params, response: { 200: clienteSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => getCliente(tx, seller.id, request.params.id)),
  );

  app.post('/api/clientes', { preHandler, schema: { tags, body: clienteCriacaoSchema, response: { 201: clienteSchema } } }, async (request, reply) => {
    const cliente = await app.sellerTx(request, (tx, seller) => createCliente(tx, seller.id, request.body, writeTime(app.clock)));
    return reply.status(201).send(cliente);
  });

  app.put('/api/clientes/:id', { preHandler, schema: { tags, params, body: clienteInputSchema, response: { 200: clienteSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => updateCliente(tx, seller.id, request.params.id, request.body, writeTime(app.clock))),
  );

  app.delete(
    '/api/clientes/:id',
    { preHandler, schema: { tags, summary: 'Delete a customer no sale refers to', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.sellerTx(request, (tx, seller) => deleteCliente(tx, seller.id, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post('/api/clientes/:id/desativar', { preHandler, schema: { tags, params, response: { 200: clienteSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => setClienteAtivo(tx, seller.id, request.params.id, false)),
  );

  app.post('/api/clientes/:id/reativar', { preHandler, schema: { tags, params, response: { 200: clienteSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => setClienteAtivo(tx, seller.id, request.params.id, true)),
  );

  app.post(
    '/api/clientes/:id/regenerar-login',
    { preHandler, schema: { tags, summary: 'Give the customer a new public login; the old one stops working', params, response: { 200: clienteSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => regenerarLogin(tx, seller.id, request.params.id)),
  );
};

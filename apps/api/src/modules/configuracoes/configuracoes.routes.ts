import { writeTime } from '../../lib/clock';
import { autorDaPessoa, comAutor } from '../auditoria/auditoria.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configuracoesSchema, lojaInputSchema, perfilInputSchema, preferenciasNotificacaoSchema, sistemaInputSchema } from '@caderneta/shared';
import { getConfiguracoes, salvarLoja, salvarNotificacoes, salvarPerfil, salvarSistema } from './configuracoes.service';

/** Configurações: one read for every tab, one write per tab. The password is changed at /api/auth/change-password. */
export const configuracoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['configuracoes'];

  app.get(
    '/api/configuracoes',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Every settings tab', response: { 200: configuracoesSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getConfiguracoes(tx, seller)),
  );

  app.put(
    '/api/configuracoes/perfil',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Name, photo and own phone', body: perfilInputSchema, response: { 200: configuracoesSchema } } },
    // Its own transaction (the account's name is better-auth's row): the person is its author all the same.
    (request) => comAutor(autorDaPessoa(request.seller!, request.ip, writeTime(app.clock)), () => salvarPerfil(app.db, request.seller!, request.body)),
  );

  app.put(
    '/api/configuracoes/loja',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Shop name, phone, address, CPF/CNPJ, time zone', body: lojaInputSchema, response: { 200: configuracoesSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarLoja(tx, seller, request.body)),
  );

  app.put(
    '/api/configuracoes/notificacoes',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Which notifications to raise', body: preferenciasNotificacaoSchema, response: { 200: configuracoesSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarNotificacoes(tx, seller, request.body)),
  );

  app.put(
    '/api/configuracoes/sistema',
    { preHandler: app.requireSeller, schema: { tags, summary: 'Currency, language, automatic backup', body: sistemaInputSchema, response: { 200: configuracoesSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarSistema(tx, seller, request.body)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DIAS_CONVITE,
  aceitarConviteInputSchema,
  conviteInfoSchema,
  conviteInputSchema,
  equipeSchema,
  idParamsSchema,
  safeString,
  loginEquipeInputSchema,
  pessoaSchema,
  pessoaUpdateInputSchema,
  senhaPessoaInputSchema,
  sessoesSchema,
} from '@caderneta/shared';
import type { FastifyRequest } from 'fastify';
import { conviteMail } from '../../mail/templates';
import {
  aceitarConvite,
  alterarPessoa,
  convidar,
  criarLogin,
  encerrarSessao,
  encerrarSessoesDaPessoa,
  lerConvite,
  listarEquipe,
  listarSessoes,
  redefinirSenha,
  renovarConvite,
  lojaDoConvite,
  type ConviteCriado,
  type LojaDoConvite,
} from './equipe.service';

const conviteCriadoSchema = z.object({
  pessoa: pessoaSchema,
  /** The invitation's link, for the owner to share another way too (WhatsApp). */
  link: z.string(),
  /** Whether the e-mail left; when not, the link still works. */
  emailEnviado: z.boolean(),
});
const tokenParams = z.object({ token: safeString().max(200) });

/**
 * /api/equipe: the people of a shop (issue 37); /api/convites/:token: an invitation's public page;
 * /api/me/sessoes: the signed-in person's own devices. Who may call each is PERMISSOES_DAS_ROTAS'.
 */
export const equipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipe'];
  const preHandler = app.requireSeller;
  const params = idParamsSchema;
  const limits = app.config.rateLimits;

  /** E-mails the invitation in the shop's language, once the transaction that made it committed. */
  async function enviar(request: FastifyRequest, { criado, loja }: { criado: ConviteCriado; loja: LojaDoConvite }) {
    const link = `${app.config.publicUrl}/convite/${criado.token}`;
    const { pessoa } = criado;
    const mail = conviteMail(loja.idioma, pessoa.nome, loja.nomeLoja, link, DIAS_CONVITE);
    try {
      await app.mailer.send({ to: pessoa.email!, ...mail, link });
      return { pessoa, link, emailEnviado: true };
    } catch (error) {
      request.log.error({ err: error }, 'invitation e-mail not sent');
      return { pessoa, link, emailEnviado: false };
    }
  }

  app.get('/api/equipe', { preHandler, schema: { tags, summary: 'The people of the shop', response: { 200: equipeSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => listarEquipe(tx, seller, app.clock.now())),
  );

  app.post(
    '/api/equipe/convites',
    { preHandler, schema: { tags, summary: `Invite a person by e-mail (a link valid ${DIAS_CONVITE} days)`, body: conviteInputSchema, response: { 201: conviteCriadoSchema } } },
    async (request, reply) => {
      const feito = await app.sellerTx(request, async (tx, seller) => ({ criado: await convidar(tx, seller, request.body, app.clock.now()), loja: await lojaDoConvite(tx, seller.id) }), { parte: true });
      return reply.status(201).send(await enviar(request, feito));
    },
  );

  app.post(
    '/api/equipe/:id/convite',
    { preHandler, schema: { tags, summary: 'A new invitation link, e-mailed again (the old one stops working)', params, response: { 200: conviteCriadoSchema } } },
    async (request) =>
      enviar(
        request,
        await app.sellerTx(request, async (tx, seller) => ({ criado: await renovarConvite(tx, seller, request.params.id, app.clock.now()), loja: await lojaDoConvite(tx, seller.id) }), { parte: true }),
      ),
  );

  app.post(
    '/api/equipe/logins',
    { preHandler, schema: { tags, summary: 'A login and password for someone without e-mail', body: loginEquipeInputSchema, response: { 201: pessoaSchema } } },
    async (request, reply) => reply.status(201).send(await app.sellerTx(request, (tx, seller) => criarLogin(tx, seller, request.body, app.clock.now()))),
  );

  app.patch(
    '/api/equipe/:id',
    { preHandler, schema: { tags, summary: "A person's name, role, permissions, discount cap or active switch", params, body: pessoaUpdateInputSchema, response: { 200: pessoaSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => alterarPessoa(tx, seller, request.params.id, request.body, app.clock.now())),
  );

  app.post(
    '/api/equipe/:id/senha',
    { preHandler, schema: { tags, summary: 'Set the password of a login without e-mail (its sessions end)', params, body: senhaPessoaInputSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.sellerTx(request, (tx, seller) => redefinirSenha(tx, seller, request.params.id, request.body));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/equipe/:id/encerrar-sessoes',
    { preHandler, schema: { tags, summary: "End every session of a person of the shop", params, response: { 200: z.object({ encerradas: z.number().int() }) } } },
    (request) => app.sellerTx(request, (tx, seller) => encerrarSessoesDaPessoa(tx, seller, request.params.id)),
  );

  // The invitation's page, before the person has an account: public, limited per address.
  app.get(
    '/api/convites/:token',
    {
      config: { rateLimit: { max: limits.signUp * 3, timeWindow: '1 hour' } },
      schema: { tags, summary: 'Whose shop an invitation is for, while it can be accepted', params: tokenParams, response: { 200: conviteInfoSchema } },
    },
    (request) => lerConvite(app.db, request.params.token, app.clock.now()),
  );

  app.post(
    '/api/convites/:token/aceitar',
    {
      config: { rateLimit: { max: limits.signUp, timeWindow: '1 hour' } },
      schema: { tags, summary: 'Accept an invitation with a password (then sign in)', params: tokenParams, body: aceitarConviteInputSchema, response: { 201: z.object({ email: z.string() }) } },
    },
    async (request, reply) => reply.status(201).send(await aceitarConvite(app.db, request.params.token, request.body, request.ip, app.clock.now())),
  );

  app.get('/api/me/sessoes', { preHandler, schema: { tags: ['conta'], summary: 'Your signed-in devices', response: { 200: sessoesSchema } } }, async (request) => ({
    sessoes: await listarSessoes(app.db, request.seller!),
  }));

  app.delete(
    '/api/me/sessoes/:id',
    { preHandler, schema: { tags: ['conta'], summary: 'End one of your sessions', params: z.object({ id: safeString().max(100) }), response: { 204: z.null() } } },
    async (request, reply) => {
      await encerrarSessao(app.db, request.seller!, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

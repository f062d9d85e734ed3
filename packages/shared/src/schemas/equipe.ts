import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';
import { safeString } from './campos';
import { USUARIO_REGEX } from '../usuario';

/*
 * The people of a shop (issue 37, docs/decisions/038-equipe.md): the owner and the staff they
 * invite, each with a role and the permissions below. The server enforces every permission on
 * every route; the web only hides what a person cannot do.
 */

/** Every permission a person of the shop may have, in the order the Equipe screen lists them. */
export const PERMISSOES = [
  'vender_avista',
  'vender_fiado',
  'vender_acima_limite',
  'dar_desconto',
  'alterar_preco',
  'registrar_pagamento',
  'cancelar_venda',
  'ajustar_saldo',
  'editar_clientes',
  'editar_produtos',
  'ver_relatorios',
  'configuracoes',
  'mercado_pago',
  'backup',
  'equipe',
] as const;
export type Permissao = (typeof PERMISSOES)[number];
export const permissaoSchema = z.enum(PERMISSOES, { error: 'permissaoInvalida' });

export const PAPEIS = ['dono', 'gerente', 'caixa'] as const;
export type Papel = (typeof PAPEIS)[number];
export const papelSchema = z.enum(PAPEIS, { error: 'papelInvalido' });

/** Largest discount cap, in percent of a line's catalogue price (100: any price down to zero). */
export const MAX_DESCONTO_PESSOA = 100;
/** People a shop may have, the owner included. */
export const MAX_PESSOAS_LOJA = 50;
/** Days an invitation's link stays valid. */
export const DIAS_CONVITE = 7;

export interface PermissoesDePapel {
  permissoes: readonly Permissao[];
  /** Largest discount the person may give on a line, in percent (needs `dar_desconto`). */
  descontoMaximo: number;
}

/**
 * What each role may do when the owner does not say otherwise. A Dono may always do everything
 * (their permissions are not editable); a Gerente's and a Caixa's are a starting point the owner
 * changes per person.
 */
const DO_DONO: readonly Permissao[] = ['configuracoes', 'mercado_pago', 'backup', 'equipe'];

export const PERMISSOES_DO_PAPEL: Record<Papel, PermissoesDePapel> = {
  dono: { permissoes: PERMISSOES, descontoMaximo: MAX_DESCONTO_PESSOA },
  // Everything of the shop's day, not the shop's settings, money accounts, backups nor its team.
  gerente: { permissoes: PERMISSOES.filter((p) => !DO_DONO.includes(p)), descontoMaximo: 20 },
  caixa: { permissoes: ['vender_avista', 'vender_fiado', 'registrar_pagamento'], descontoMaximo: 0 },
};

/** A person's permissions in PERMISSOES' order, without repeats; a Dono's are always all of them. */
export function permissoesEfetivas(papel: Papel, permissoes: readonly Permissao[]): Permissao[] {
  if (papel === 'dono') return [...PERMISSOES];
  const set = new Set(permissoes);
  return PERMISSOES.filter((p) => set.has(p));
}

/** A login for someone without e-mail ("ana.padaria"): usuario.ts. */
export const usuarioSchema = safeString({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .regex(USUARIO_REGEX, 'usuarioInvalido');

const nomePessoaSchema = safeString({ error: 'required' }).trim().min(1, 'required').max(120, 'tooLong');
const descontoMaximoSchema = z
  .number({ error: 'descontoMaximoInvalido' })
  .int('descontoMaximoInvalido')
  .min(0, 'descontoMaximoInvalido')
  .max(MAX_DESCONTO_PESSOA, 'descontoMaximoInvalido');
const permissoesSchema = z.array(permissaoSchema).max(PERMISSOES.length * 2);
const senhaCampos = { senha: passwordSchema, confirmarSenha: safeString().min(1, 'required').max(128) };
const senhasIguais: [(v: { senha: string; confirmarSenha: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.senha === v.confirmarSenha,
  { message: 'passwordsDoNotMatch', path: ['confirmarSenha'] },
];

/** What the owner chooses for a person: role, and optionally permissions and discount cap (else the role's). */
const acessoCampos = {
  papel: papelSchema,
  permissoes: permissoesSchema.optional(),
  descontoMaximo: descontoMaximoSchema.optional(),
};

/** POST /api/equipe/convites: invite by e-mail (a link valid DIAS_CONVITE days). */
export const conviteInputSchema = z.object({ nome: nomePessoaSchema, email: emailSchema, ...acessoCampos });
export type ConviteInput = z.infer<typeof conviteInputSchema>;

/** POST /api/equipe/logins: a login and password for someone without e-mail. */
export const loginEquipeInputSchema = z.object({ nome: nomePessoaSchema, usuario: usuarioSchema, ...acessoCampos, ...senhaCampos }).refine(...senhasIguais);
export type LoginEquipeInput = z.infer<typeof loginEquipeInputSchema>;

/** PATCH /api/equipe/:id: any of name, role, permissions, discount cap and the active switch. */
export const pessoaUpdateInputSchema = z
  .object({
    nome: nomePessoaSchema,
    papel: papelSchema,
    permissoes: permissoesSchema,
    descontoMaximo: descontoMaximoSchema,
    ativo: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'required' });
export type PessoaUpdateInput = z.infer<typeof pessoaUpdateInputSchema>;

/** POST /api/equipe/:id/senha: the owner sets a new password for a login without e-mail. */
export const senhaPessoaInputSchema = z.object(senhaCampos).refine(...senhasIguais);
export type SenhaPessoaInput = z.infer<typeof senhaPessoaInputSchema>;

/** POST /api/convites/:token/aceitar: the invited person sets their own password. */
export const aceitarConviteInputSchema = z.object(senhaCampos).refine(...senhasIguais);
export type AceitarConviteInput = z.infer<typeof aceitarConviteInputSchema>;

export const SITUACOES_PESSOA = ['ativa', 'convidada', 'convite_expirado', 'inativa'] as const;
export type SituacaoPessoa = (typeof SITUACOES_PESSOA)[number];

/** One person on the Equipe screen. `email` is null for a login without e-mail (`usuario` is set). */
export const pessoaSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  email: z.string().nullable(),
  usuario: z.string().nullable(),
  papel: papelSchema,
  permissoes: z.array(permissaoSchema),
  descontoMaximo: z.number().int(),
  situacao: z.enum(SITUACOES_PESSOA),
  conviteExpiraEm: z.string().nullable(),
  criadoEm: z.string(),
  /** The signed-in person themself. */
  voce: z.boolean(),
});
export type Pessoa = z.infer<typeof pessoaSchema>;
export const equipeSchema = z.object({ pessoas: z.array(pessoaSchema) });
export type Equipe = z.infer<typeof equipeSchema>;

/** GET /api/convites/:token: what the invitation page shows before the password is set. */
export const conviteInfoSchema = z.object({ nomeLoja: z.string(), nome: z.string(), email: z.string() });
export type ConviteInfo = z.infer<typeof conviteInfoSchema>;

/** A signed-in device of the person (GET /api/me/sessoes). */
export const sessaoSchema = z.object({
  id: z.string(),
  criadaEm: z.string(),
  ultimoUsoEm: z.string(),
  expiraEm: z.string(),
  ip: z.string().nullable(),
  navegador: z.string().nullable(),
  /** The session of this very request. */
  atual: z.boolean(),
});
export type Sessao = z.infer<typeof sessaoSchema>;
export const sessoesSchema = z.object({ sessoes: z.array(sessaoSchema) });

/** What the signed-in person may do, for the web to show only that (GET /api/me's `pessoa`). */
export const pessoaDaSessaoSchema = z.object({
  papel: papelSchema,
  permissoes: z.array(permissaoSchema),
  descontoMaximo: z.number().int(),
});
export type PessoaDaSessao = z.infer<typeof pessoaDaSessaoSchema>;

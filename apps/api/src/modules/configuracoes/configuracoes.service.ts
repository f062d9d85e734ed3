import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCIAS_NOTIFICACAO,
  type Configuracoes,
  type LojaInput,
  type PerfilInput,
  type PreferenciasNotificacao,
  type SistemaInput,
} from '@caderneta/shared';
import { rememberTimeZone, type Database, type Executor } from '../../db/client';
import { perfis, pessoas, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Seller } from '../../auth/seller';
import { auditarConfiguracao } from '../auditoria/auditoria.service';

/** Every tab of Configurações, as the seller saved it (notification switches default per spec §9). */
export async function getConfiguracoes(tx: Executor, seller: Seller): Promise<Configuracoes> {
  const [perfil] = await tx.select().from(perfis).where(eq(perfis.ownerId, seller.id));
  if (!perfil) throw notFound('Perfil');
  const prefs = perfil.notificacoes ?? {};
  const notificacoes = Object.fromEntries(
    Object.entries(DEFAULT_PREFERENCIAS_NOTIFICACAO).map(([kind, on]) => [kind, typeof prefs[kind] === 'boolean' ? prefs[kind] : on]),
  ) as PreferenciasNotificacao;
  return {
    perfil: { nome: seller.nome, email: seller.email, avatar: perfil.avatar, telefone: perfil.telefone },
    loja: {
      nomeLoja: perfil.nomeLoja,
      telefoneLoja: perfil.telefoneLoja,
      enderecoLoja: perfil.enderecoLoja,
      documento: perfil.cnpj,
      fusoHorario: perfil.fusoHorario,
      etiquetaBalanca: { digitosCodigo: perfil.balancaDigitosCodigo, valor: perfil.balancaValor },
    },
    notificacoes,
    sistema: { moeda: perfil.moeda as Configuracoes['sistema']['moeda'], idioma: perfil.idioma as Configuracoes['sistema']['idioma'], backupAutomatico: perfil.backupAutomatico },
  };
}

/**
 * Perfil: the name lives on the account (users, which sellers' requests cannot touch under RLS);
 * the photo and the seller's own phone on the shop profile (perfis, under its owner policy). One
 * transaction: the account row first, as the app's own user and only the signed-in seller's; then
 * the profile as app_user, like every seller write.
 */
export async function salvarPerfil(db: Database, seller: Seller, input: PerfilInput): Promise<Configuracoes> {
  return db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.nome, updatedAt: sql`now()` }).where(eq(users.id, seller.pessoa.userId));
    await tx.execute(sql`select set_config('app.user_id', ${seller.id}, true)`);
    await tx.execute(sql`set local role app_user`);
    const antes = await getConfiguracoes(tx, seller);
    // The name the shop's people see (Equipe, the history's authors) follows the account's.
    await tx.update(pessoas).set({ nome: input.nome, atualizadoEm: sql`now()` }).where(eq(pessoas.userId, seller.pessoa.userId));
    await tx
      .update(perfis)
      .set({ avatar: input.avatar, ...(input.telefone === undefined ? {} : { telefone: input.telefone }), updatedAt: sql`now()` })
      .where(eq(perfis.ownerId, seller.id));
    return auditarSecao(tx, seller.id, 'configuracoes.perfil', 'perfil', antes, await getConfiguracoes(tx, { ...seller, nome: input.nome }));
  });
}

export async function salvarLoja(tx: Executor, seller: Seller, input: LojaInput): Promise<Configuracoes> {
  const antes = await getConfiguracoes(tx, seller);
  await tx
    .update(perfis)
    .set({
      nomeLoja: input.nomeLoja,
      telefoneLoja: input.telefoneLoja,
      enderecoLoja: input.enderecoLoja,
      cnpj: input.documento,
      fusoHorario: input.fusoHorario,
      ...(input.etiquetaBalanca ? { balancaDigitosCodigo: input.etiquetaBalanca.digitosCodigo, balancaValor: input.etiquetaBalanca.valor } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(perfis.ownerId, seller.id));
  rememberTimeZone(tx, seller.id, input.fusoHorario);
  return auditarSecao(tx, seller.id, 'configuracoes.loja', 'loja', antes, await getConfiguracoes(tx, seller));
}

export async function salvarNotificacoes(tx: Executor, seller: Seller, input: PreferenciasNotificacao): Promise<Configuracoes> {
  const antes = await getConfiguracoes(tx, seller);
  await tx.update(perfis).set({ notificacoes: input, updatedAt: sql`now()` }).where(eq(perfis.ownerId, seller.id));
  return auditarSecao(tx, seller.id, 'configuracoes.notificacoes', 'notificacoes', antes, await getConfiguracoes(tx, seller));
}

export async function salvarSistema(tx: Executor, seller: Seller, input: SistemaInput): Promise<Configuracoes> {
  const antes = await getConfiguracoes(tx, seller);
  await tx
    .update(perfis)
    .set({ moeda: input.moeda, idioma: input.idioma, backupAutomatico: input.backupAutomatico, updatedAt: sql`now()` })
    .where(eq(perfis.ownerId, seller.id));
  return auditarSecao(tx, seller.id, 'configuracoes.sistema', 'sistema', antes, await getConfiguracoes(tx, seller));
}

/** One section of the settings in the audit trail. A photo is too large to keep: the trail says it changed. */
async function auditarSecao(
  tx: Executor,
  ownerId: string,
  acao: 'configuracoes.perfil' | 'configuracoes.loja' | 'configuracoes.notificacoes' | 'configuracoes.sistema',
  secao: 'perfil' | 'loja' | 'notificacoes' | 'sistema',
  antes: Configuracoes,
  depois: Configuracoes,
): Promise<Configuracoes> {
  const fotoMudou = secao === 'perfil' && antes.perfil.avatar !== depois.perfil.avatar;
  await auditarConfiguracao(tx, ownerId, acao, antes[secao], depois[secao], fotoMudou ? [{ campo: 'avatar', antes: null, depois: null }] : []);
  return depois;
}

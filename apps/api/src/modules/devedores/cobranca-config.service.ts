import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  DIAS_ANTECEDENCIA_PADRAO,
  JANELA_PADRAO,
  LIMITE_DIARIO_PADRAO,
  mensagensPadrao,
  pagamentoEmReais,
  REGRA_VENCIMENTO_PADRAO,
  SALDO_EXEMPLO,
  TIPOS_MENSAGEM,
  today,
  type CobrancaConfig,
  type Currency,
  type Language,
  type MensagensData,
  type RegraVencimento,
  type RegraVencimentoData,
  type Regua,
  type ReguaData,
  type TipoMensagem,
} from '@caderneta/shared';
import { auditarConfiguracao } from '../auditoria/auditoria.service';
import type { Executor } from '../../db/client';
import { chavesPix, cobrancaConfig, colunasDaCobranca, perfis } from '../../db/schema';
import { codigoPix, type ChavePixLoja } from '../pix/pix.service';

/** The seller's collection settings with every default filled in, and the shop's "today". */
export interface ConfigLoja {
  regra: RegraVencimento;
  lembreteAntecipado: boolean;
  diasAntecedencia: number;
  /** The régua that runs by itself: on or off, its window and daily cap. */
  regua: Regua;
  /** Only the messages the seller rewrote. */
  personalizadas: Partial<Record<TipoMensagem, string>>;
  fuso: string;
  idioma: Language;
  moeda: Currency;
  nomeLoja: string;
  documento: string | null;
  /** The shop's PIX key ({pix} in messages); null when it has none. */
  pix: ChavePixLoja | null;
}

/** The settings and the shop's calendar day at `now` (its time zone decides). */
export type ConfigComHoje = ConfigLoja & { hoje: string };

/** One read (the profile, the collection settings and the PIX key, each by primary key). */
export async function lerConfigLoja(tx: Executor, ownerId: string): Promise<ConfigLoja> {
  const [row] = await tx
    .select({
      fuso: perfis.fusoHorario,
      idioma: perfis.idioma,
      moeda: perfis.moeda,
      nomeLoja: perfis.nomeLoja,
      cnpj: perfis.cnpj,
      ...colunasDaCobranca,
      pixChave: chavesPix.chave,
      pixNome: chavesPix.nomeRecebedor,
      pixCidade: chavesPix.cidade,
    })
    .from(perfis)
    .leftJoin(cobrancaConfig, eq(cobrancaConfig.ownerId, perfis.ownerId))
    .leftJoin(chavesPix, eq(chavesPix.ownerId, perfis.ownerId))
    .where(eq(perfis.ownerId, ownerId));
  const fuso = row?.fuso ?? DEFAULT_TIME_ZONE;
  return {
    regra: regraDaLinha(row ? { tipo: row.regraTipo, diaVencimento: row.diaVencimento, diasPrazo: row.diasPrazo, dataFixa: row.dataFixa } : undefined),
    lembreteAntecipado: row?.lembreteAntecipado ?? false,
    diasAntecedencia: row?.diasAntecedencia ?? DIAS_ANTECEDENCIA_PADRAO,
    regua: {
      ativa: row?.reguaAtiva ?? false,
      dias: row?.reguaDias ?? JANELA_PADRAO.dias,
      inicio: row?.reguaInicio ?? JANELA_PADRAO.inicio,
      fim: row?.reguaFim ?? JANELA_PADRAO.fim,
      limiteDiario: row?.reguaLimiteDiario ?? LIMITE_DIARIO_PADRAO,
    },
    personalizadas: row?.mensagens ?? {},
    fuso,
    idioma: (row?.idioma ?? 'pt-BR') as Language,
    moeda: (row?.moeda ?? 'BRL') as Currency,
    nomeLoja: row?.nomeLoja ?? '',
    documento: row?.cnpj?.trim() || null,
    pix: row?.pixChave ? { chave: row.pixChave, nomeRecebedor: row.pixNome!, cidade: row.pixCidade! } : null,
  };
}

/** Only the seller's due-date rule (the reports' overdue figures), by primary key. */
export async function lerRegraVencimento(tx: Executor, ownerId: string): Promise<RegraVencimento> {
  const [row] = await tx
    .select({ tipo: cobrancaConfig.regraTipo, diaVencimento: cobrancaConfig.diaVencimento, diasPrazo: cobrancaConfig.diasPrazo, dataFixa: cobrancaConfig.dataFixa })
    .from(cobrancaConfig)
    .where(eq(cobrancaConfig.ownerId, ownerId));
  return regraDaLinha(row);
}

type LinhaRegra = { tipo: RegraVencimento['tipo'] | null; diaVencimento: number | null; diasPrazo: number | null; dataFixa: string | null };

/** The rule stored in cobranca_config, or the default when the seller never set one (no row). */
function regraDaLinha(row: LinhaRegra | undefined): RegraVencimento {
  return row?.tipo ? { tipo: row.tipo, diaVencimento: row.diaVencimento!, diasPrazo: row.diasPrazo!, dataFixa: row.dataFixa ?? null } : REGRA_VENCIMENTO_PADRAO;
}

/** The shop's PIX copia e cola for `valor` centavos owed ({pix}); null without a key or a debt, or in a currency other than reais (ADR 028). */
export const pixDaLoja = (config: ConfigLoja, valor: number): string | null =>
  config.pix && valor > 0 && pagamentoEmReais(config.moeda) ? codigoPix(config.pix, valor) : null;

/** The settings, and "today" for the shop: the one place collection reads the clock's time. */
export async function lerConfigHoje(tx: Executor, ownerId: string, now: Date): Promise<ConfigComHoje> {
  const config = await lerConfigLoja(tx, ownerId);
  return { ...config, hoje: today(config.fuso, now) };
}

export function toCobrancaConfig(config: ConfigComHoje): CobrancaConfig {
  const padroes = mensagensPadrao(config.idioma);
  const mensagens = Object.fromEntries(TIPOS_MENSAGEM.map((tipo) => [tipo, config.personalizadas[tipo] ?? padroes[tipo]])) as Record<TipoMensagem, string>;
  return {
    regra: config.regra,
    mensagens,
    padroes,
    lembreteAntecipado: config.lembreteAntecipado,
    diasAntecedencia: config.diasAntecedencia,
    regua: config.regua,
    loja: { nome: config.nomeLoja, documento: config.documento },
    pixExemplo: pixDaLoja(config, SALDO_EXEMPLO),
    idioma: config.idioma,
    moeda: config.moeda,
    hoje: config.hoje,
  };
}

export async function getCobrancaConfig(tx: Executor, ownerId: string, now: Date): Promise<CobrancaConfig> {
  return toCobrancaConfig(await lerConfigHoje(tx, ownerId, now));
}

/**
 * Writes part of the shop's collection settings (the row made the first time) and records in the
 * audit trail what the seller sets on that screen (`doVendedor`), before → after.
 */
async function gravarCobranca(
  tx: Executor,
  ownerId: string,
  now: Date,
  values: Partial<Omit<typeof cobrancaConfig.$inferInsert, 'ownerId' | 'updatedAt'>>,
  acao: 'configuracoes.vencimento' | 'configuracoes.mensagens' | 'configuracoes.regua',
  doVendedor: (config: CobrancaConfig) => object,
): Promise<CobrancaConfig> {
  const antes = await getCobrancaConfig(tx, ownerId, now);
  await tx
    .insert(cobrancaConfig)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({ target: cobrancaConfig.ownerId, set: { ...values, updatedAt: sql`now()` } });
  const depois = await getCobrancaConfig(tx, ownerId, now);
  await auditarConfiguracao(tx, ownerId, acao, doVendedor(antes), doVendedor(depois));
  return depois;
}

/** "Configurar Vencimento": every due date computed from now on follows the new rule. */
export const salvarRegra = (tx: Executor, ownerId: string, regra: RegraVencimentoData, now: Date): Promise<CobrancaConfig> =>
  gravarCobranca(
    tx,
    ownerId,
    now,
    { regraTipo: regra.tipo, diaVencimento: regra.diaVencimento, diasPrazo: regra.diasPrazo, dataFixa: regra.dataFixa },
    'configuracoes.vencimento',
    (config) => config.regra,
  );

/**
 * The messages and the reminder before the due date. A message equal to the default of the
 * shop's language (or empty, "Restaurar padrão") is not stored: it keeps following the default.
 */
export async function salvarMensagens(tx: Executor, ownerId: string, input: MensagensData, now: Date): Promise<CobrancaConfig> {
  const atual = await lerConfigLoja(tx, ownerId);
  const padroes = mensagensPadrao(atual.idioma);
  const mensagens: Partial<Record<TipoMensagem, string>> = {};
  for (const tipo of TIPOS_MENSAGEM) {
    const texto = input.mensagens[tipo];
    if (texto && texto !== padroes[tipo]) mensagens[tipo] = texto;
  }
  // What the seller sets here; the defaults, the shop's name and the day are only shown beside it.
  return gravarCobranca(
    tx,
    ownerId,
    now,
    { mensagens, lembreteAntecipado: input.lembreteAntecipado, diasAntecedencia: input.diasAntecedencia },
    'configuracoes.mensagens',
    ({ mensagens, lembreteAntecipado, diasAntecedencia }) => ({ mensagens, lembreteAntecipado, diasAntecedencia }),
  );
}

/**
 * The régua that runs by itself: on or off, the sending window and the daily cap. Turning it off
 * cancels the reminders still waiting (the sender checks again before each goes).
 */
export const salvarRegua = (tx: Executor, ownerId: string, regua: ReguaData, now: Date): Promise<CobrancaConfig> =>
  gravarCobranca(
    tx,
    ownerId,
    now,
    { reguaAtiva: regua.ativa, reguaDias: regua.dias, reguaInicio: regua.inicio, reguaFim: regua.fim, reguaLimiteDiario: regua.limiteDiario },
    'configuracoes.regua',
    (config) => config.regua,
  );

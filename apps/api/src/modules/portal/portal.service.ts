import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  DESCRICAO_SALDO_ANTERIOR,
  DEFAULT_TIME_ZONE,
  pagamentoEmReais,
  PARCELAS_MAX_CARTAO,
  TAXA_CARTAO_PERCENTUAL,
  whatsappPhone,
  type AvisosDoPortal,
  type ConferenciaInput,
  type Currency,
  type PortalCliente,
} from '@caderneta/shared';
import type { Database, Executor, Tx } from '../../db/client';
import { clientes, cobrancaConfig, configuracaoSistema, itensVenda, lancamentos, mercadopagoContas, pagamentosOnline, perfis, vendas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { countAll, queryRows } from '../../lib/sql';
import { conferenciasDe, createConferencia, ultimasContestacoes } from '../contestacoes/contestacoes.service';
import { parcelasEmVigor } from '../devedores/parcelamento.service';
import { lerComoPaga } from '../devedores/como-paga.service';
import { lerConfigHoje } from '../devedores/cobranca-config.service';
import { devedoresSql } from '../devedores/devedores.sql';
import { estornoOnlineEmSql, travarCliente } from '../financeiro/razao.service';
import { cancelarMensagensPendentes, canalDe } from '../mensagens/mensagens.service';
import { whatsappAtivo } from '../mensagens/whatsapp.service';
import { clienteNaoEncontrado, existingLogins, withPortalCliente } from './lookup';
import { EM_ANDAMENTO_MS, primeiroNome } from './pagamentos.service';
import { pixCodigo, qrCodeDataUrl } from '../pix/pix.service';

/** How much of the history the customer page shows (it says when there are more pending purchases). */
export const MAX_PENDENTES = 50;
const MAX_PAGAMENTOS = 20;

/**
 * What the customer page shows: first name, the shop, balance, pending purchases with their
 * items, payments received, and how they can pay. Never the customer's phone, address, e-mail or
 * limit, never anything of another customer: every query is scoped to this shop by RLS and to this
 * customer by its id.
 */
export async function getPortalCliente(tx: Tx, ownerId: string, clienteId: string, agora: Date = new Date()): Promise<PortalCliente> {
  const [cliente] = await tx
    .select({
      nome: clientes.nome,
      ativo: clientes.ativo,
      saldoAtual: clientes.saldoAtual,
      dataVencimento: clientes.dataVencimento,
      pendenteDesde: clientes.pendenteDesde,
      telefone: clientes.telefone,
      email: clientes.email,
      avisosAutorizadosEm: clientes.avisosAutorizadosEm,
      avisosParadosEm: clientes.avisosParadosEm,
    })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  // A deactivated customer gets the same answer as an unknown code.
  if (!cliente?.ativo) throw clienteNaoEncontrado();
  const [perfil] = await tx
    .select({ nomeLoja: perfis.nomeLoja, telefone: perfis.telefoneLoja, moeda: perfis.moeda, fusoHorario: perfis.fusoHorario })
    .from(perfis)
    .where(eq(perfis.ownerId, ownerId));

  const doCliente = and(eq(vendas.ownerId, ownerId), eq(vendas.clienteId, clienteId));
  const [compras] = await tx
    .select({ n: countAll() })
    .from(vendas)
    .where(and(doCliente, ne(vendas.statusPagamento, 'cancelado')));
  const pendente = and(doCliente, eq(vendas.formaPagamento, 'fiado'), eq(vendas.statusPagamento, 'pendente'));
  const [pendentesTotal] = await tx.select({ n: countAll() }).from(vendas).where(pendente);
  const pendentes = await tx
    .select({
      id: vendas.id,
      // The purchase's debit in the ledger: what the customer's answer is about.
      // (Drizzle writes a single table's columns unqualified: the sale's id is named whole here.)
      lancamentoId: sql<string>`(select l.id from ${lancamentos} l where l.owner_id = ${ownerId} and l.venda_id = ${sql.raw('"vendas"."id"')} and l.tipo = 'venda')`,
      numeroVenda: vendas.numeroVenda,
      data: vendas.dataVenda,
      valorTotal: vendas.valorTotal,
      valorPago: vendas.valorPago,
      desconto: vendas.desconto,
    })
    .from(vendas)
    .where(pendente)
    .orderBy(desc(vendas.dataVenda), desc(vendas.id))
    .limit(MAX_PENDENTES);
  const itens = pendentes.length
    ? await tx
        .select({
          vendaId: itensVenda.vendaId,
          nome: itensVenda.produtoNome,
          avulso: sql<boolean>`${itensVenda.produtoId} is null`,
          unidade: itensVenda.unidade,
          quantidade: itensVenda.quantidade,
          precoUnitario: itensVenda.precoUnitario,
          desconto: itensVenda.desconto,
          // The purchase's discount is shown once, on the purchase, not spread over its lines.
          subtotal: sql<number>`${itensVenda.subtotal} + ${itensVenda.descontoRateado}`.mapWith(Number),
        })
        .from(itensVenda)
        .where(and(eq(itensVenda.ownerId, ownerId), inArray(itensVenda.vendaId, pendentes.map((v) => v.id))))
    : [];
  const pagamentos = await tx
    .select({
      id: lancamentos.id,
      data: lancamentos.createdAt,
      valor: lancamentos.valor,
      metodo: lancamentos.metodo,
      // An online payment Mercado Pago gave back.
      estornadoEm: sql<string | null>`${estornoOnlineEmSql('lancamentos')}`,
    })
    .from(lancamentos)
    .where(and(eq(lancamentos.ownerId, ownerId), eq(lancamentos.clienteId, clienteId), eq(lancamentos.tipo, 'pagamento')))
    .orderBy(desc(lancamentos.createdAt))
    .limit(MAX_PAGAMENTOS);
  const saldosAnteriores = cliente.saldoAtual < 0 ? await saldosAnterioresDoCliente(tx, ownerId, clienteId) : [];
  const conferencias = await conferenciasDe(tx, ownerId, [...pendentes.map((v) => v.lancamentoId), ...saldosAnteriores.map((s) => s.lancamentoId), ...pagamentos.map((p) => p.id)]);
  const conferenciaDe = (id: string) => conferencias.get(id) ?? null;
  const [emAndamento] = await tx
    .select({ id: pagamentosOnline.id, metodo: pagamentosOnline.metodo, valorTotal: pagamentosOnline.valorTotal, criadoEm: pagamentosOnline.createdAt, expiraEm: pagamentosOnline.pixExpiraEm })
    .from(pagamentosOnline)
    .where(
      and(
        eq(pagamentosOnline.ownerId, ownerId),
        eq(pagamentosOnline.clienteId, clienteId),
        eq(pagamentosOnline.status, 'pendente'),
        gt(pagamentosOnline.createdAt, new Date(agora.getTime() - EM_ANDAMENTO_MS)),
        // A PIX of the page past its expiry can no longer be paid.
        or(isNull(pagamentosOnline.pixExpiraEm), gt(pagamentosOnline.pixExpiraEm, agora)),
      ),
    )
    .orderBy(desc(pagamentosOnline.createdAt))
    .limit(1);
  const [online] = await tx
    .select({ ativo: mercadopagoContas.ativo })
    .from(mercadopagoContas)
    .where(and(eq(mercadopagoContas.ownerId, ownerId), isNotNull(mercadopagoContas.accessTokenCifrado)));

  const saldoPendente = Math.max(0, -cliente.saldoAtual);
  const moeda = (perfil?.moeda ?? 'BRL') as Currency;
  const fusoHorario = perfil?.fusoHorario ?? DEFAULT_TIME_ZONE;
  const vencimento = saldoPendente > 0 ? await vencimentoDoCliente(tx, ownerId, clienteId, agora) : null;
  const emVigor = saldoPendente > 0 ? await parcelasEmVigor(tx, ownerId, clienteId, saldoPendente) : null;
  const nomeLoja = perfil?.nomeLoja ?? '';
  const codigo = await pixCodigo(tx, ownerId, saldoPendente, nomeLoja);
  const telefone = (perfil?.telefone ?? '').replace(/\D/g, '');
  const { sugestao: _limite, ...comoPaga } = await lerComoPaga(tx, ownerId, clienteId, agora);

  return {
    primeiroNome: primeiroNome(cliente.nome),
    loja: { nome: nomeLoja, whatsappUrl: telefone ? `https://wa.me/${whatsappPhone(telefone)}` : null },
    moeda,
    fusoHorario,
    saldoAtual: cliente.saldoAtual,
    saldoPendente,
    vencimento,
    parcelas: emVigor?.parcelas ?? null,
    parcelaDevida: emVigor && emVigor.devido < saldoPendente ? emVigor.devido : null,
    compras: compras?.n ?? 0,
    pendentes: pendentes.map((v) => ({
      lancamentoId: v.lancamentoId,
      conferencia: conferenciaDe(v.lancamentoId),
      numeroVenda: v.numeroVenda,
      data: v.data.toISOString(),
      valorTotal: v.valorTotal,
      valorPago: v.valorPago,
      desconto: v.desconto,
      itens: itens.filter((i) => i.vendaId === v.id).map(({ vendaId: _venda, ...item }) => item),
    })),
    pendentesTotal: pendentesTotal?.n ?? 0,
    comoPaga,
    saldosAnteriores: saldosAnteriores.map((saldo) => ({ ...saldo, conferencia: conferenciaDe(saldo.lancamentoId) })),
    contestacoes: await ultimasContestacoes(tx, ownerId, clienteId),
    avisos: await avisosDoPortal(tx, ownerId, clienteId, cliente),
    pagamentoEmAndamento: emAndamento
      ? {
          id: emAndamento.id,
          metodo: emAndamento.metodo,
          valorTotal: emAndamento.valorTotal,
          criadoEm: emAndamento.criadoEm.toISOString(),
          expiraEm: emAndamento.expiraEm?.toISOString() ?? null,
        }
      : null,
    pagamentos: pagamentos.map((p) => ({
      lancamentoId: p.id,
      data: p.data.toISOString(),
      valor: p.valor,
      metodo: p.metodo,
      estornado: p.estornadoEm !== null,
      conferencia: conferenciaDe(p.id),
    })),
    pagamentoOnline: {
      // Mercado Pago charges in reais: a page in another currency offers no payment (ADR 028).
      disponivel: Boolean(online?.ativo) && saldoPendente > 0 && pagamentoEmReais(moeda),
      taxaCartaoPercentual: TAXA_CARTAO_PERCENTUAL,
      parcelasMaxCartao: PARCELAS_MAX_CARTAO,
    },
    pix: codigo ? { codigo, qrCode: await qrCodeDataUrl(codigo) } : null,
  };
}

/** How many opening balances the page lists (an import writes one per customer; a second import, another). */
const MAX_SALDOS_ANTERIORES = 5;

/** The opening balances an import posted on the customer and did not take back (undone), newest first. */
async function saldosAnterioresDoCliente(tx: Tx, ownerId: string, clienteId: string): Promise<Array<Omit<PortalCliente['saldosAnteriores'][number], 'conferencia'>>> {
  const rows = await queryRows<{ id: string; data: string | Date; valor: number }>(
    tx,
    sql`select l.id, l.created_at as data, -l.valor as valor from ${lancamentos} l
        where l.owner_id = ${ownerId} and l.cliente_id = ${clienteId} and l.tipo = 'ajuste' and l.valor < 0 and l.descricao = ${DESCRICAO_SALDO_ANTERIOR}
          and not exists (select 1 from ${lancamentos} d where d.owner_id = l.owner_id and d.referencia_externa = l.referencia_externa || ':desfeito')
        order by l.created_at desc limit ${MAX_SALDOS_ANTERIORES}`,
  );
  return rows.map((r) => ({ lancamentoId: r.id, data: new Date(r.data).toISOString(), valor: Number(r.valor) }));
}

/** The customer's due date and days overdue by the one meaning of overdue, as Devedores shows them. */
async function vencimentoDoCliente(tx: Tx, ownerId: string, clienteId: string, agora: Date): Promise<PortalCliente['vencimento']> {
  const config = await lerConfigHoje(tx, ownerId, agora);
  const [row] = await queryRows<{ vencimento: string; dias: number | string }>(
    tx,
    sql`select to_char(d.vencimento, 'YYYY-MM-DD') as vencimento, d.dias::int as dias
        from ${devedoresSql({ ownerId, regra: config.regra, fuso: config.fuso, hoje: config.hoje }, sql`c.id = ${clienteId} and c.saldo_atual < 0`)}`,
  );
  if (!row) return null;
  const dias = Number(row.dias);
  return { data: row.vencimento, vencido: dias > 0, diasEmAtraso: dias };
}

export const lerPortalCliente = (db: Database, login: string, agora: Date) =>
  withPortalCliente(db, login, (tx, ownerId, clienteId) => getPortalCliente(tx, ownerId, clienteId, agora));

/** "Reconheço" / "Não reconheço" on the customer page, about an entry of that customer's account. */
export const createConferenciaDoPortal = (db: Database, login: string, input: ConferenciaInput, agora: Date) =>
  withPortalCliente(
    db,
    login,
    async (tx, ownerId, clienteId) => {
      // Like the page: a deactivated customer (or an unknown code) is not found.
      const cliente = await travarCliente(tx, ownerId, clienteId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'NOT_FOUND' ? clienteNaoEncontrado() : error;
      });
      if (!cliente.ativo) throw clienteNaoEncontrado();
      return createConferencia(tx, ownerId, cliente, input, agora);
    },
    'escrita',
  );

type ConsentimentoLido = { telefone: string; email: string | null; avisosAutorizadosEm: Date | null; avisosParadosEm: Date | null };

/** The page's "Avisos da loja": null for a customer who never consented; the channel while they are on. */
async function avisosDoPortal(tx: Executor, ownerId: string, id: string, c: ConsentimentoLido): Promise<AvisosDoPortal | null> {
  if (!c.avisosAutorizadosEm) return null;
  const ativos = c.avisosParadosEm === null;
  const canal = ativos ? (canalDe({ id, telefone: c.telefone, email: c.email, avisosAtivos: true }, await whatsappAtivo(tx, ownerId))?.canal ?? null) : null;
  const [regua] = ativos ? await tx.select({ ativa: cobrancaConfig.reguaAtiva }).from(cobrancaConfig).where(eq(cobrancaConfig.ownerId, ownerId)) : [];
  return { ativos, canal, paradosEm: c.avisosParadosEm?.toISOString() ?? null, lembretes: regua?.ativa === true && canal !== null };
}

/**
 * "Parar avisos" on the customer's page: their consent ends now, by them, and what was waiting is
 * not sent. Stopping again changes nothing. Answers the page's new state.
 */
export const pararAvisosDoPortal = (db: Database, login: string, agora: Date) =>
  withPortalCliente(
    db,
    login,
    async (tx, ownerId, clienteId): Promise<AvisosDoPortal> => {
      const [row] = await tx
        .update(clientes)
        .set({ avisosParadosEm: sql`coalesce(${clientes.avisosParadosEm}, ${agora.toISOString()}::timestamptz)`, avisosParadosPor: sql`coalesce(${clientes.avisosParadosPor}, 'cliente')` })
        .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId), eq(clientes.ativo, true), isNotNull(clientes.avisosAutorizadosEm)))
        .returning({ telefone: clientes.telefone, email: clientes.email, avisosAutorizadosEm: clientes.avisosAutorizadosEm, avisosParadosEm: clientes.avisosParadosEm });
      if (!row) {
        const [cliente] = await tx.select({ ativo: clientes.ativo }).from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
        if (!cliente?.ativo) throw clienteNaoEncontrado();
        throw new AppError('SEM_AVISOS', 409, { message: 'Você não recebe avisos automáticos desta loja.' });
      }
      await cancelarMensagensPendentes(tx, ownerId, clienteId);
      return (await avisosDoPortal(tx, ownerId, clienteId, row))!;
    },
    'escrita',
  );

/** Key in configuracao_sistema under which `npm run demo` records its sample access codes. */
export const DEMO_CODIGOS_KEY = 'demo_codigos_portal';

/**
 * The sample codes for the customer page's shortcut buttons: only on an installation where
 * `npm run demo` created a demo shop (it records them), and only those that still open a page.
 */
export async function codigosExemplo(db: Database): Promise<string[]> {
  const [row] = await db.select({ valor: configuracaoSistema.valor }).from(configuracaoSistema).where(eq(configuracaoSistema.chave, DEMO_CODIGOS_KEY));
  if (!row) return [];
  let codigos: unknown;
  try {
    codigos = JSON.parse(row.valor);
  } catch {
    return [];
  }
  if (!Array.isArray(codigos)) return [];
  return existingLogins(db, codigos.filter((c): c is string => typeof c === 'string').slice(0, 2));
}

/** Records the demo shop's sample codes (called by the demo command). */
export async function registrarCodigosExemplo(db: Database, codigos: string[]) {
  const valor = JSON.stringify(codigos.slice(0, 2));
  await db
    .insert(configuracaoSistema)
    .values({ chave: DEMO_CODIGOS_KEY, valor })
    .onConflictDoUpdate({ target: configuracaoSistema.chave, set: { valor } });
}


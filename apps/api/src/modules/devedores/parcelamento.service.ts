import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  devidoNaParcela,
  dividirValor,
  formatMoney,
  MAX_CENTS,
  problemasDasParcelas,
  situacaoDoParcelamento,
  type ParcelamentoDto,
  type ParcelamentoInput,
  type ParcelamentosDoCliente,
  type ProximaParcela,
} from '@caderneta/shared';
import { auditar } from '../auditoria/auditoria.service';
import type { Executor } from '../../db/client';
import { clientes, parcelamentos } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { travarCliente } from '../financeiro/razao.service';
import { lerParcelamentoEmVigor, syncParcelamento } from '../financeiro/parcelas';
import { lerConfigHoje } from './cobranca-config.service';

/*
 * Parcelar a dívida (issue 40, ADR 046): the seller splits a customer's whole pending debt into 2–24
 * instalments; a new schedule over one in force is a renegotiation (the old one is kept, closed,
 * with what it still had open); "Desfazer" closes it and the shop's rule is back.
 */

/** The schedules kept in a customer's history (the newest; a customer renegotiates a few times). */
const HISTORICO_MAX = 20;

const semDivida = () => new AppError('CLIENTE_SEM_DIVIDA', 409, { message: 'Este cliente não tem saldo devedor' });
const semParcelamento = () => new AppError('SEM_PARCELAMENTO', 409, { message: 'Este cliente não tem parcelamento em vigor' });

type Linha = typeof parcelamentos.$inferSelect;

function paraDto(linha: Linha, saldoPendente: number): ParcelamentoDto {
  const lista = linha.parcelas;
  // A closed schedule is shown as it was left: what it had open then, the oldest instalments paid.
  const situacao =
    linha.estado === 'ativo'
      ? situacaoDoParcelamento(lista, linha.creditos, saldoPendente)
      : situacaoDoParcelamento(lista, linha.total - (linha.abertoAoEncerrar ?? 0), linha.abertoAoEncerrar ?? 0);
  return {
    id: linha.id,
    estado: linha.estado,
    modo: linha.modo,
    total: linha.total,
    aberto: situacao.aberto,
    criadoEm: linha.criadoEm.toISOString(),
    encerradoEm: linha.encerradoEm?.toISOString() ?? null,
    parcelas: situacao.parcelas,
  };
}

/** The customer's schedule in force and the ones before it (404: not the seller's customer). */
export async function lerParcelamentos(tx: Executor, ownerId: string, clienteId: string, now: Date): Promise<ParcelamentosDoCliente> {
  const [cliente] = await tx
    .select({ saldoAtual: clientes.saldoAtual })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  if (!cliente) throw notFound('Cliente');
  const { hoje } = await lerConfigHoje(tx, ownerId, now);
  const saldoPendente = Math.max(0, -cliente.saldoAtual);
  const linhas = await tx
    .select()
    .from(parcelamentos)
    .where(and(eq(parcelamentos.ownerId, ownerId), eq(parcelamentos.clienteId, clienteId)))
    .orderBy(desc(parcelamentos.criadoEm), desc(parcelamentos.id))
    .limit(HISTORICO_MAX + 1);
  const dtos = linhas.map((l) => paraDto(l, saldoPendente));
  return { ativo: dtos.find((d) => d.estado === 'ativo') ?? null, historico: dtos.filter((d) => d.estado !== 'ativo').slice(0, HISTORICO_MAX), saldoPendente, hoje };
}

/** Closes the customer's schedule in force as `estado`, keeping what it still had open. Returns it, or null. */
async function encerrar(tx: Executor, ownerId: string, clienteId: string, estado: 'renegociado' | 'desfeito', saldoPendente: number) {
  const ativo = await lerParcelamentoEmVigor(tx, ownerId, clienteId);
  if (!ativo) return null;
  const { aberto } = situacaoDoParcelamento(ativo.parcelas, ativo.creditos, saldoPendente);
  await tx
    .update(parcelamentos)
    .set({ estado, encerradoEm: sql`now()`, abertoAoEncerrar: aberto })
    .where(and(eq(parcelamentos.ownerId, ownerId), eq(parcelamentos.id, ativo.id)));
  return { ...ativo, aberto };
}

/**
 * Parcelar (or renegotiate): the instalments must be 2–24, from the shop's today on, in order, within
 * three years, and sum exactly to what the customer owes now. Under the customer's lock, so a
 * payment at the same moment is either before (the debt the form showed changed: refused, nothing
 * saved) or after (it pays the first instalment).
 */
export async function salvarParcelamento(tx: Executor, ownerId: string, clienteId: string, input: ParcelamentoInput, now: Date): Promise<ParcelamentosDoCliente> {
  const cliente = await travarCliente(tx, ownerId, clienteId);
  if (cliente.saldoAtual >= 0) throw semDivida();
  const saldoPendente = -cliente.saldoAtual;
  if (saldoPendente > MAX_CENTS) {
    throw new AppError('VALIDATION', 400, { message: `Uma dívida acima de ${formatMoney(MAX_CENTS)} não pode ser parcelada`, issues: [{ path: 'parcelas', message: 'valorMaximo' }] });
  }
  const { hoje } = await lerConfigHoje(tx, ownerId, now);
  const iguais = dividirValor(saldoPendente, input.parcelas.length);
  const lista = input.parcelas.map((p, i) => ({ vencimento: p.vencimento, valor: p.valor ?? iguais[i]! }));
  const problemas = problemasDasParcelas(lista, saldoPendente, hoje);
  if (problemas.length) {
    const soma = lista.reduce((s, p) => s + p.valor, 0);
    const naoSomam = problemas.some((p) => p.motivo === 'parcelasNaoSomam');
    throw new AppError('VALIDATION', 400, {
      message: naoSomam ? `As parcelas somam ${formatMoney(soma)}; a dívida é ${formatMoney(saldoPendente)}` : 'Confira as parcelas: datas de hoje em diante, em ordem, e valores que somam a dívida',
      issues: problemas.map((p) => ({ path: p.indice === null ? p.campo : `parcelas.${p.indice}.${p.campo}`, message: p.motivo })),
    });
  }

  const anterior = await encerrar(tx, ownerId, clienteId, 'renegociado', saldoPendente);
  await tx.insert(parcelamentos).values({
    ownerId,
    clienteId,
    modo: input.modo,
    total: saldoPendente,
    parcelas: lista.map((p, i) => ({ numero: i + 1, ...p })),
  });
  await syncParcelamento(tx, ownerId, clienteId);
  await auditar(tx, ownerId, {
    acao: 'cliente.parcelamento_criado',
    registro: { tipo: 'cliente', id: clienteId, nome: cliente.nome },
    clienteId,
    detalhes: {
      valor: saldoPendente,
      parcelas: lista.length,
      primeira: lista[0]!.vencimento,
      ultima: lista.at(-1)!.vencimento,
      ...(anterior ? { renegociado: anterior.aberto } : {}),
    },
  });
  return lerParcelamentos(tx, ownerId, clienteId, now);
}

/** Desfazer: the schedule in force is closed (kept in the history) and the shop's rule sets the due date again. */
export async function desfazerParcelamento(tx: Executor, ownerId: string, clienteId: string, now: Date): Promise<ParcelamentosDoCliente> {
  const cliente = await travarCliente(tx, ownerId, clienteId);
  const encerrado = await encerrar(tx, ownerId, clienteId, 'desfeito', Math.max(0, -cliente.saldoAtual));
  if (!encerrado) throw semParcelamento();
  await tx.update(clientes).set({ dataVencimento: null }).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  await auditar(tx, ownerId, {
    acao: 'cliente.parcelamento_desfeito',
    registro: { tipo: 'cliente', id: clienteId, nome: cliente.nome },
    clienteId,
    detalhes: { valor: encerrado.total, aberto: encerrado.aberto },
  });
  return lerParcelamentos(tx, ownerId, clienteId, now);
}

/**
 * The customer's schedule in force (the customer page): each instalment and where it stands, and
 * what falls due on the open one's date; null without one.
 */
export async function parcelasEmVigor(tx: Executor, ownerId: string, clienteId: string, saldoPendente: number) {
  const ativo = await lerParcelamentoEmVigor(tx, ownerId, clienteId);
  if (!ativo) return null;
  const situacao = situacaoDoParcelamento(ativo.parcelas, ativo.creditos, saldoPendente);
  return { parcelas: situacao.parcelas, devido: devidoNaParcela(situacao, saldoPendente) };
}

/**
 * The instalment each debtor of a page is due on, when they have a schedule in force: its number, how
 * many, its date and what is open of it. One read of parcelamentos_ativo_idx for the page.
 */
export async function proximasParcelas(tx: Executor, ownerId: string, devedores: ReadonlyArray<{ id: string; saldoPendente: number }>) {
  const resultado = new Map<string, ProximaParcela>();
  if (devedores.length === 0) return resultado;
  const ativos = await tx
    .select({ clienteId: parcelamentos.clienteId, parcelas: parcelamentos.parcelas, creditos: parcelamentos.creditos })
    .from(parcelamentos)
    .where(and(eq(parcelamentos.ownerId, ownerId), eq(parcelamentos.estado, 'ativo'), inArray(parcelamentos.clienteId, devedores.map((d) => d.id))));
  const pendente = new Map(devedores.map((d) => [d.id, d.saldoPendente]));
  for (const ativo of ativos) {
    const saldo = pendente.get(ativo.clienteId) ?? 0;
    const situacao = situacaoDoParcelamento(ativo.parcelas, ativo.creditos, saldo);
    const proxima = situacao.proxima;
    if (proxima) resultado.set(ativo.clienteId, { numero: proxima.numero, de: ativo.parcelas.length, vencimento: proxima.vencimento, aberto: proxima.aberto, devido: devidoNaParcela(situacao, saldo) });
  }
  return resultado;
}

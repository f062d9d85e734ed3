import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LIMITE_CREDITO,
  DESCRICAO_SALDO_ANTERIOR,
  formatDocumento,
  grupoDaAcao,
  normalizeForSearch,
  type ApiIssue,
  type ClienteImportado,
  type ExistentesResposta,
  type Importacao,
  type ImportarClientes,
  type ImportarProdutos,
  type Mudanca,
  type ProdutoImportado,
  type TipoImportacao,
} from '@caderneta/shared';
import type { Seller } from '../../auth/seller';
import { comoServidor, type Tx } from '../../db/client';
import { clientes, importacaoItens, importacoes, lancamentos, loginsClientes, produtos } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import { shopTimeZone } from '../../lib/shop-day';
import { auditar, autorDaMudancaAtual } from '../auditoria/auditoria.service';
import { lancar, travarCliente } from '../financeiro/razao.service';

/**
 * Imports (issue 39, docs/decisions/039-importacao.md). The browser read the file and sends typed
 * rows; here they are written in the request's one transaction: new records by the thousand in one
 * statement each (json_populate_recordset, as a restore writes), records the shop already has —
 * customers by phone, products by barcode — updated one by one or left alone, as the owner chose.
 * An opening balance is a ledger entry "Saldo anterior (caderneta)" dated as in the file: on a new
 * customer it is their whole ledger, written with the customer; on a customer with a history it
 * goes through the ledger's one door (`lancar`). Every record made or changed gets a row in the
 * audit trail that names the import, and one in `importacao_itens` so the import can be undone.
 */

/** Rows per statement when writing new records. */
const LOTE = 2_000;
/** New customers from which an import refreshes the planner's statistics of the tables it grew. */
const MIN_LINHAS_PARA_ANALISAR = 1_000;

/** The ledger key of an opening balance an import posted: once per import and customer. */
export const referenciaSaldoImportado = (importacaoId: string, clienteId: string) => `importacao:${importacaoId}:${clienteId}`;

/** Serialises the shop's imports and undos: two at once could both create the same phone. */
const travarImportacoes = (tx: Tx, ownerId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('importacao:' || ${ownerId}))`);

/** Rows written through one parameter: PostgreSQL reads each value as its column's type. */
async function inserirEmLotes(tx: Tx, tabela: string, colunas: string[], linhas: Array<Record<string, unknown>>) {
  const lista = sql.raw(colunas.map((c) => `"${c}"`).join(', '));
  for (let i = 0; i < linhas.length; i += LOTE) {
    const json = JSON.stringify(linhas.slice(i, i + LOTE));
    await tx.execute(sql`insert into ${sql.identifier(tabela)} (${lista}) select ${lista} from json_populate_recordset(null::${sql.identifier(tabela)}, ${json}::json)`);
  }
}

function invalido(issues: ApiIssue[]) {
  return new AppError('VALIDATION', 400, { message: 'Há linhas inválidas na importação.', issues });
}

/** The checks a schema cannot make alone: one row per phone (or barcode), no balance dated after the shop's today. */
function conferirLinhas<T extends { linha: number }>(linhas: T[], chave: (l: T) => string | null, campoChave: string, hoje: string, datas: (l: T) => string | null) {
  const issues: ApiIssue[] = [];
  const vistas = new Set<string>();
  linhas.forEach((l, i) => {
    const k = chave(l);
    if (k !== null) {
      if (vistas.has(k)) issues.push({ path: `linhas.${i}.${campoChave}`, message: 'duplicadoNoArquivo' });
      vistas.add(k);
    }
    const data = datas(l);
    if (data !== null && data > hoje) issues.push({ path: `linhas.${i}.dataSaldo`, message: 'dataFutura' });
  });
  if (issues.length) throw invalido(issues);
}

async function hojeDaLoja(tx: Tx, ownerId: string, agora: Date): Promise<{ hoje: string; fuso: string }> {
  const fuso = await shopTimeZone(tx, ownerId);
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: fuso, year: 'numeric', month: '2-digit', day: '2-digit' }).format(agora);
  return { hoje, fuso };
}

function observacoesDe(l: ClienteImportado): string | null {
  const partes = [l.cpf ? `CPF ${formatDocumento(l.cpf)}` : null, l.observacoes].filter(Boolean);
  return partes.length ? partes.join('\n') : null;
}

interface Resumo {
  criados: number;
  atualizados: number;
  ignorados: number;
  saldos: number;
  totalSaldos: number;
}

async function registrarImportacao(tx: Tx, seller: Seller, tipo: TipoImportacao, nomeArquivo: string, id: string, agora: Date) {
  await tx.insert(importacoes).values({
    id,
    ownerId: seller.id,
    tipo,
    nomeArquivo,
    criadoPor: seller.pessoa.userId,
    criadoPorNome: seller.nome,
    criadoEm: agora,
    criados: 0,
    atualizados: 0,
    ignorados: 0,
  });
}

async function concluir(tx: Tx, seller: Seller, id: string, tipo: TipoImportacao, nomeArquivo: string, resumo: Resumo): Promise<Importacao> {
  await tx.update(importacoes).set(resumo).where(and(eq(importacoes.ownerId, seller.id), eq(importacoes.id, id)));
  await auditar(tx, seller.id, {
    acao: 'importacao.concluida',
    registro: { tipo: 'loja', id, nome: nomeArquivo },
    detalhes: { tipo, ...resumo },
  });
  return buscarImportacao(tx, seller.id, id);
}

/**
 * The audit rows of the records an import made or changed, one statement per batch. Each names the
 * import and the file's row; the author is the person importing, as for any of their changes.
 */
interface LinhaAuditada {
  acao: 'cliente.importado' | 'produto.importado';
  registroTipo: 'cliente' | 'produto';
  id: string;
  nome: string;
  clienteId: string | null;
  mudancas: Mudanca[];
  linha: number;
  importacaoId: string;
}

async function auditarEmLotes(tx: Tx, ownerId: string, linhas: LinhaAuditada[], agora: Date) {
  const autor = autorDaMudancaAtual();
  await inserirEmLotes(
    tx,
    'auditoria',
    ['owner_id', 'em', 'autor_tipo', 'autor_id', 'autor_nome', 'acao', 'grupo', 'registro_tipo', 'registro_id', 'registro_nome', 'cliente_id', 'mudancas', 'detalhes', 'ip'],
    linhas.map((l) => ({
      owner_id: ownerId,
      em: (autor.em ?? agora).toISOString(),
      autor_tipo: autor.tipo,
      autor_id: autor.id,
      autor_nome: autor.nome,
      acao: l.acao,
      grupo: grupoDaAcao(l.acao),
      registro_tipo: l.registroTipo,
      registro_id: l.id,
      registro_nome: l.nome,
      cliente_id: l.clienteId,
      mudancas: l.mudancas,
      detalhes: { importacao: l.importacaoId, linha: l.linha },
      ip: autor.ip,
    })),
  );
}

/** When an opening balance was written down: noon of its day in the shop, or now when that is later than now. */
const dataDoSaldo = (data: SQL, fuso: string) =>
  sql`case when ${data} is null then clock_timestamp() else least(clock_timestamp(), (${data} + time '12:00')::timestamp at time zone ${fuso}) end`;

/**
 * CTEs moving the shop's customer counters (clientes_totais: customers and debtors) and debts by
 * due day (devedores_por_dia) by the customers CTE `origem` returned (owner_id, ativo, saldo_atual,
 * pendente_desde, data_vencimento) — what their row triggers (migrations 0005, 0030) do one customer
 * at a time, once per batch, while the triggers stand aside (`caderneta.reconstruindo`) and the
 * caller holds the shop's rollup lock. `sinal` -1: taken out, for customers being deleted.
 */
function contadoresDeClientes(origem: string, sinal: 1 | -1): SQL {
  const o = sql.raw(origem);
  const s = sql.raw(String(sinal));
  return sql`totais as (
      insert into clientes_totais as t (owner_id, ativo, quantidade, devedores)
      select owner_id, ativo, ${s} * count(*), ${s} * count(*) filter (where saldo_atual < 0) from ${o} group by 1, 2
      on conflict (owner_id, ativo) do update set quantidade = t.quantidade + excluded.quantidade, devedores = t.devedores + excluded.devedores
      returning 1
    ), por_dia as (
      insert into devedores_por_dia as g (owner_id, ativo, combinado, dia, quantidade, valor)
      select owner_id, ativo, coalesce(data_vencimento, 'infinity'), dia_da_divida(owner_id, pendente_desde), ${s} * count(*), ${s} * sum(-saldo_atual)
      from ${o} where saldo_atual < 0 group by 1, 2, 3, 4
      on conflict (owner_id, ativo, combinado, dia) do update set quantidade = g.quantidade + excluded.quantidade, valor = g.valor + excluded.valor
      returning 1
    )`;
}

/** Before and after writing customers in batches: the row triggers stand aside, the counters move by batch. */
async function contadoresPorLote(tx: Tx, ownerId: string, ligados: boolean) {
  if (ligados) await tx.execute(sql`select rollup_lock(${ownerId}), set_config('caderneta.reconstruindo', 'on', true)`);
  else await tx.execute(sql`select set_config('caderneta.reconstruindo', '', true)`);
}

const CAMPOS_CLIENTE_ATUALIZADOS = ['nome', 'email', 'endereco', 'limiteCredito', 'observacoes', 'dataVencimento'] as const;

export async function importarClientes(tx: Tx, seller: Seller, body: ImportarClientes & { linhas: ClienteImportado[] }, agora: Date): Promise<Importacao> {
  const ownerId = seller.id;
  await travarImportacoes(tx, ownerId);
  const { hoje, fuso } = await hojeDaLoja(tx, ownerId, agora);
  conferirLinhas(body.linhas, (l) => l.telefone, 'telefone', hoje, (l) => l.dataSaldo);

  const id = randomUUID();
  await registrarImportacao(tx, seller, 'clientes', body.nomeArquivo, id, agora);

  const telefones = body.linhas.map((l) => l.telefone);
  const existentes = await clientesPorTelefone(tx, ownerId, telefones);
  const novas = body.linhas.filter((l) => !existentes.has(l.telefone));
  const deLa = body.linhas.filter((l) => existentes.has(l.telefone));
  const resumo: Resumo = { criados: novas.length, atualizados: 0, ignorados: 0, saldos: 0, totalSaldos: 0 };

  // New customers: each row with its opening balance, which is its whole ledger — the balance is
  // the entry's value and the debt started then, as `lancar` would leave a customer without sales.
  // The shop's counters move by the batch (contadoresDeClientes), not 20,000 times at commit.
  const ids: string[] = novas.map(() => randomUUID());
  await contadoresPorLote(tx, ownerId, true);
  for (let i = 0; i < novas.length; i += LOTE) {
    const json = JSON.stringify(
      novas.slice(i, i + LOTE).map((l, j) => ({
        id: ids[i + j],
        nome: l.nome,
        nome_busca: normalizeForSearch(l.nome),
        telefone: l.telefone,
        email: l.email,
        endereco: l.endereco,
        limite_credito: l.limiteCredito ?? DEFAULT_LIMITE_CREDITO,
        observacoes: observacoesDe(l),
        data_vencimento: l.saldoInicial > 0 ? l.dataVencimento : null,
        saldo: l.saldoInicial,
        data: l.dataSaldo,
      })),
    );
    await tx.execute(sql`
      with x as (
        select * from json_to_recordset(${json}::json) as x(id uuid, nome text, nome_busca text, telefone text, email text, endereco text,
          limite_credito integer, observacoes text, data_vencimento date, saldo integer, data date)
      ), novos as (
        insert into ${clientes} (id, owner_id, nome, nome_busca, telefone, email, endereco, limite_credito, observacoes, data_vencimento, saldo_atual, pendente_desde)
        select id, ${ownerId}, nome, nome_busca, telefone, email, endereco, limite_credito, observacoes, data_vencimento, -saldo,
               case when saldo > 0 then ${dataDoSaldo(sql.raw('data'), fuso)} end
        from x
        returning owner_id, id, ativo, saldo_atual, pendente_desde, data_vencimento
      ), saldos as (
        insert into ${lancamentos} (owner_id, cliente_id, tipo, valor, descricao, referencia_externa, criado_por, created_at)
        select ${ownerId}, id, 'ajuste', saldo_atual, ${DESCRICAO_SALDO_ANTERIOR}, ${`importacao:${id}:`} || id, ${seller.pessoa.userId}, pendente_desde
        from novos where saldo_atual < 0
        returning 1
      ), ${contadoresDeClientes('novos', 1)}
      select 1`);
  }
  for (const l of novas) {
    if (l.saldoInicial === 0) continue;
    resumo.saldos += 1;
    resumo.totalSaldos += l.saldoInicial;
  }
  await inserirEmLotes(
    tx,
    'importacao_itens',
    ['owner_id', 'importacao_id', 'registro_id', 'acao', 'linha', 'antes'],
    novas.map((l, i) => ({ owner_id: ownerId, importacao_id: id, registro_id: ids[i], acao: 'criado', linha: l.linha, antes: null })),
  );
  await contadoresPorLote(tx, ownerId, false);
  // The planner learns the shop's new size: estimates from before the import (a shop with no
  // customers, say) send later checks by owner through every one of its entries — undoing 20,000
  // customers took minutes. ANALYZE needs the tables' owner, the server's own role.
  if (novas.length >= MIN_LINHAS_PARA_ANALISAR) await comoServidor(tx, () => tx.execute(sql`analyze clientes, lancamentos`));
  const itens: Array<Record<string, unknown>> = [];
  const auditados: LinhaAuditada[] = novas.map((l, i) => ({
    acao: 'cliente.importado' as const,
    registroTipo: 'cliente' as const,
    id: ids[i]!,
    nome: l.nome,
    clienteId: ids[i]!,
    linha: l.linha,
    importacaoId: id,
    mudancas: [
      { campo: 'nome', antes: null, depois: l.nome },
      { campo: 'telefone', antes: null, depois: l.telefone },
      ...(l.limiteCredito !== null ? [{ campo: 'limiteCredito', antes: null, depois: l.limiteCredito }] : []),
      ...(l.saldoInicial > 0 ? [{ campo: 'saldo', antes: 0, depois: -l.saldoInicial }] : []),
    ],
  }));

  // Customers the shop already has, matched by phone: updated one by one, or left as they are.
  if (body.existentes === 'ignorar') resumo.ignorados = deLa.length;
  else {
    for (const l of deLa) {
      const clienteId = existentes.get(l.telefone)!.id;
      const cliente = await travarCliente(tx, ownerId, clienteId);
      const [antes] = await tx.select().from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
      const depois = {
        nome: l.nome,
        email: l.email ?? antes!.email,
        endereco: l.endereco ?? antes!.endereco,
        limiteCredito: l.limiteCredito ?? antes!.limiteCredito,
        observacoes: observacoesDe(l) ?? antes!.observacoes,
        dataVencimento: l.saldoInicial > 0 && l.dataVencimento ? l.dataVencimento : antes!.dataVencimento,
      };
      const mudancas: Mudanca[] = CAMPOS_CLIENTE_ATUALIZADOS.filter((c) => antes![c] !== depois[c]).map((c) => ({ campo: c, antes: antes![c], depois: depois[c] }));
      if (mudancas.length) {
        await tx
          .update(clientes)
          .set({ ...depois, nomeBusca: normalizeForSearch(depois.nome), updatedAt: sql`now()` })
          .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
      }
      if (l.saldoInicial > 0) {
        const movimento = await lancar(
          tx,
          ownerId,
          cliente,
          { tipo: 'ajuste', valor: -l.saldoInicial, descricao: DESCRICAO_SALDO_ANTERIOR, referenciaExterna: referenciaSaldoImportado(id, clienteId), criadoPor: seller.pessoa.userId, at: await instante(tx, l.dataSaldo, fuso) },
          { notificar: false },
        );
        if (movimento) {
          mudancas.push({ campo: 'saldo', antes: movimento.saldoAntes, depois: movimento.saldoAtual });
          resumo.saldos += 1;
          resumo.totalSaldos += l.saldoInicial;
        }
      }
      if (!mudancas.length) {
        resumo.ignorados += 1;
        continue;
      }
      resumo.atualizados += 1;
      itens.push({ owner_id: ownerId, importacao_id: id, registro_id: clienteId, acao: 'atualizado', linha: l.linha, antes: Object.fromEntries(CAMPOS_CLIENTE_ATUALIZADOS.map((c) => [c, antes![c]])) });
      auditados.push({ acao: 'cliente.importado', registroTipo: 'cliente', id: clienteId, nome: l.nome, clienteId, linha: l.linha, importacaoId: id, mudancas });
    }
  }

  await inserirEmLotes(tx, 'importacao_itens', ['owner_id', 'importacao_id', 'registro_id', 'acao', 'linha', 'antes'], itens);
  await auditarEmLotes(tx, ownerId, auditados, agora);
  return concluir(tx, seller, id, 'clientes', body.nomeArquivo, resumo);
}

/** The instant an opening balance is dated (see dataDoSaldo), read once for `lancar`. */
async function instante(tx: Tx, data: string | null, fuso: string): Promise<Date> {
  const [row] = await queryRows<{ em: string | Date }>(tx, sql`select ${dataDoSaldo(sql`${data}::date`, fuso)} as em`);
  return new Date(row!.em);
}

/**
 * The shop's records whose key (customers: phone; products: barcode) is one of `chaves`: per key,
 * the active one first, then the oldest.
 */
async function porChave(tx: Tx, ownerId: string, tipo: TipoImportacao, chaves: string[]): Promise<Map<string, { id: string; nome: string }>> {
  const encontrados = new Map<string, { id: string; nome: string }>();
  if (!chaves.length) return encontrados;
  const [tabela, chave] = tipo === 'clientes' ? [clientes, sql.raw('telefone')] : [produtos, sql.raw('codigo_barras')];
  const rows = await queryRows<{ chave: string; id: string; nome: string }>(
    tx,
    sql`select distinct on (${chave}) ${chave} as chave, id, nome from ${tabela}
        where owner_id = ${ownerId} and ${chave} in (select json_array_elements_text(${JSON.stringify(chaves)}::json))
        order by ${chave}, ativo desc, created_at, id`,
  );
  for (const r of rows) encontrados.set(r.chave, { id: r.id, nome: r.nome });
  return encontrados;
}
const clientesPorTelefone = (tx: Tx, ownerId: string, telefones: string[]) => porChave(tx, ownerId, 'clientes', telefones);
const produtosPorCodigo = (tx: Tx, ownerId: string, codigos: string[]) => porChave(tx, ownerId, 'produtos', codigos);

/** Which keys of the preview match a record the shop has: customers by phone, products by barcode. */
export async function conferirExistentes(tx: Tx, ownerId: string, tipo: TipoImportacao, chaves: string[]): Promise<ExistentesResposta> {
  const unicas = [...new Set(chaves)];
  const mapa = tipo === 'clientes' ? await clientesPorTelefone(tx, ownerId, unicas.filter((c) => /^\d{10,11}$/.test(c))) : await produtosPorCodigo(tx, ownerId, unicas);
  return { existentes: [...mapa].map(([chave, r]) => ({ chave, id: r.id, nome: r.nome })) };
}

const CAMPOS_PRODUTO_ATUALIZADOS = ['nome', 'precoVenda', 'precoCusto', 'estoqueAtual', 'estoqueMinimo', 'categoria'] as const;

export async function importarProdutos(tx: Tx, seller: Seller, body: ImportarProdutos & { linhas: ProdutoImportado[] }, agora: Date): Promise<Importacao> {
  const ownerId = seller.id;
  await travarImportacoes(tx, ownerId);
  conferirLinhas(body.linhas, (l) => l.codigoBarras, 'codigoBarras', '9999-12-31', () => null);
  const id = randomUUID();
  await registrarImportacao(tx, seller, 'produtos', body.nomeArquivo, id, agora);

  const existentes = await produtosPorCodigo(tx, ownerId, body.linhas.flatMap((l) => (l.codigoBarras ? [l.codigoBarras] : [])));
  const novas = body.linhas.filter((l) => !l.codigoBarras || !existentes.has(l.codigoBarras));
  const deLa = body.linhas.filter((l) => l.codigoBarras && existentes.has(l.codigoBarras));
  const resumo: Resumo = { criados: novas.length, atualizados: 0, ignorados: 0, saldos: 0, totalSaldos: 0 };

  const ids: string[] = novas.map(() => randomUUID());
  await inserirEmLotes(
    tx,
    'produtos',
    ['id', 'owner_id', 'nome', 'nome_busca', 'categoria', 'codigo_barras', 'preco_venda', 'preco_custo', 'unidade', 'estoque_atual', 'estoque_minimo'],
    novas.map((l, i) => ({
      id: ids[i],
      owner_id: ownerId,
      nome: l.nome,
      nome_busca: normalizeForSearch(l.nome),
      categoria: l.categoria,
      codigo_barras: l.codigoBarras,
      preco_venda: l.precoVenda,
      preco_custo: l.precoCusto,
      unidade: l.unidade,
      estoque_atual: l.estoqueAtual,
      estoque_minimo: l.estoqueMinimo,
    })),
  );
  const itens: Array<Record<string, unknown>> = novas.map((l, i) => ({ owner_id: ownerId, importacao_id: id, registro_id: ids[i], acao: 'criado', linha: l.linha, antes: null }));
  const auditados: LinhaAuditada[] = novas.map((l, i) => ({
    acao: 'produto.importado' as const,
    registroTipo: 'produto' as const,
    id: ids[i]!,
    nome: l.nome,
    clienteId: null,
    linha: l.linha,
    importacaoId: id,
    mudancas: [
      { campo: 'nome', antes: null, depois: l.nome },
      { campo: 'precoVenda', antes: null, depois: l.precoVenda },
      { campo: 'estoqueAtual', antes: null, depois: l.estoqueAtual },
    ],
  }));

  if (body.existentes === 'ignorar') resumo.ignorados = deLa.length;
  else {
    for (const l of deLa) {
      const produtoId = existentes.get(l.codigoBarras!)!.id;
      const [antes] = await tx.select().from(produtos).where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, produtoId))).for('update');
      // Quantities are in the file's unit: a product counted another way keeps its stock as it is.
      const mesmaUnidade = antes!.unidade === l.unidade;
      const depois = {
        nome: l.nome,
        precoVenda: l.precoVenda,
        precoCusto: l.precoCusto,
        estoqueAtual: mesmaUnidade ? l.estoqueAtual : antes!.estoqueAtual,
        estoqueMinimo: mesmaUnidade ? l.estoqueMinimo : antes!.estoqueMinimo,
        categoria: l.categoria ?? antes!.categoria,
      };
      const mudancas: Mudanca[] = CAMPOS_PRODUTO_ATUALIZADOS.filter((c) => antes![c] !== depois[c]).map((c) => ({ campo: c, antes: antes![c], depois: depois[c] }));
      if (!mudancas.length) {
        resumo.ignorados += 1;
        continue;
      }
      await tx
        .update(produtos)
        .set({ ...depois, nomeBusca: normalizeForSearch(depois.nome), updatedAt: sql`now()` })
        .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, produtoId)));
      resumo.atualizados += 1;
      itens.push({ owner_id: ownerId, importacao_id: id, registro_id: produtoId, acao: 'atualizado', linha: l.linha, antes: Object.fromEntries(CAMPOS_PRODUTO_ATUALIZADOS.map((c) => [c, antes![c]])) });
      auditados.push({ acao: 'produto.importado', registroTipo: 'produto', id: produtoId, nome: l.nome, clienteId: null, linha: l.linha, importacaoId: id, mudancas });
    }
  }

  await inserirEmLotes(tx, 'importacao_itens', ['owner_id', 'importacao_id', 'registro_id', 'acao', 'linha', 'antes'], itens);
  await auditarEmLotes(tx, ownerId, auditados, agora);
  return concluir(tx, seller, id, 'produtos', body.nomeArquivo, resumo);
}

type ImportacaoRow = typeof importacoes.$inferSelect;
const paraImportacao = (r: ImportacaoRow): Importacao => ({
  id: r.id,
  tipo: r.tipo,
  nomeArquivo: r.nomeArquivo,
  criadoEm: r.criadoEm.toISOString(),
  por: r.criadoPorNome,
  criados: r.criados,
  atualizados: r.atualizados,
  ignorados: r.ignorados,
  saldos: r.saldos,
  totalSaldos: r.totalSaldos,
  desfeitaEm: r.desfeitaEm?.toISOString() ?? null,
});

async function buscarImportacao(tx: Tx, ownerId: string, id: string): Promise<Importacao> {
  const [row] = await tx.select().from(importacoes).where(and(eq(importacoes.ownerId, ownerId), eq(importacoes.id, id)));
  if (!row) throw notFound('Importação');
  return paraImportacao(row);
}

/** The shop's last imports, newest first. */
export async function listarImportacoes(tx: Tx, ownerId: string): Promise<{ items: Importacao[] }> {
  const rows = await tx.select().from(importacoes).where(eq(importacoes.ownerId, ownerId)).orderBy(desc(importacoes.criadoEm), desc(importacoes.id)).limit(20);
  return { items: rows.map(paraImportacao) };
}

const emUso = () =>
  new AppError('IMPORTACAO_EM_USO', 409, { message: 'Esta importação não pode mais ser desfeita: os registros dela já foram usados ou alterados depois.' });

/**
 * Undoes an import as a whole, while nothing else touched what it made: no change of those records
 * in the audit trail since (every change of shop data writes one: a sale, a payment, an edit, a
 * promise) and no sale of its products. What it created is deleted — a new customer with the
 * opening balance that was their whole ledger —, what it updated gets its fields back, and an
 * opening balance it posted on a customer with a history is reversed by an entry through the
 * ledger's door, never erased.
 */
export async function desfazerImportacao(tx: Tx, seller: Seller, id: string, agora: Date): Promise<Importacao> {
  const ownerId = seller.id;
  await travarImportacoes(tx, ownerId);
  const [imp] = await tx.select().from(importacoes).where(and(eq(importacoes.ownerId, ownerId), eq(importacoes.id, id))).for('update');
  if (!imp) throw notFound('Importação');
  if (imp.desfeitaEm) throw new AppError('IMPORTACAO_DESFEITA', 409, { message: 'Esta importação já foi desfeita.' });

  const [tocados] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${importacaoItens} i
        where i.owner_id = ${ownerId} and i.importacao_id = ${id}
          and (exists (select 1 from auditoria a where a.owner_id = ${ownerId} and a.registro_id = i.registro_id and a.em >= ${imp.criadoEm.toISOString()}::timestamptz
                         and not (a.detalhes ->> 'importacao' is not distinct from ${id}) and a.acao <> 'importacao.concluida')
            or exists (select 1 from auditoria a where a.owner_id = ${ownerId} and a.cliente_id = i.registro_id and a.em >= ${imp.criadoEm.toISOString()}::timestamptz
                         and not (a.detalhes ->> 'importacao' is not distinct from ${id}))
            ${imp.tipo === 'produtos' ? sql`or exists (select 1 from itens_venda vi join vendas v on v.owner_id = vi.owner_id and v.id = vi.venda_id
                         where vi.produto_id = i.registro_id and vi.owner_id = ${ownerId} and v.created_at >= ${imp.criadoEm.toISOString()}::timestamptz)` : sql``})`,
  );
  if (Number(tocados?.n ?? 0) > 0) throw emUso();

  const itens = await tx.select().from(importacaoItens).where(and(eq(importacaoItens.ownerId, ownerId), eq(importacaoItens.importacaoId, id)));
  const criados = itens.filter((i) => i.acao === 'criado').map((i) => i.registroId);
  const atualizados = itens.filter((i) => i.acao === 'atualizado');

  if (imp.tipo === 'clientes') {
    // As when they were made: the counters move by the batch.
    await contadoresPorLote(tx, ownerId, true);
    for (let i = 0; i < criados.length; i += LOTE) {
      const lote = criados.slice(i, i + LOTE);
      await tx.update(loginsClientes).set({ clienteId: null }).where(and(eq(loginsClientes.ownerId, ownerId), inArray(loginsClientes.clienteId, lote)));
      await tx.delete(lancamentos).where(and(eq(lancamentos.ownerId, ownerId), inArray(lancamentos.clienteId, lote)));
      await tx.execute(sql`
        with apagados as (
          delete from ${clientes} where owner_id = ${ownerId} and id in (select json_array_elements_text(${JSON.stringify(lote)}::json)::uuid)
          returning owner_id, ativo, saldo_atual, pendente_desde, data_vencimento
        ), ${contadoresDeClientes('apagados', -1)}
        select 1`);
    }
    await tx.execute(sql`delete from devedores_por_dia where owner_id = ${ownerId} and quantidade = 0`);
    await contadoresPorLote(tx, ownerId, false);
    for (const item of atualizados) {
      const cliente = await travarCliente(tx, ownerId, item.registroId);
      const antes = item.antes as Record<(typeof CAMPOS_CLIENTE_ATUALIZADOS)[number], never>;
      await tx
        .update(clientes)
        .set({ ...antes, nomeBusca: normalizeForSearch(antes.nome), updatedAt: sql`now()` })
        .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, item.registroId)));
      const [saldo] = await tx
        .select({ valor: lancamentos.valor })
        .from(lancamentos)
        .where(and(eq(lancamentos.ownerId, ownerId), eq(lancamentos.referenciaExterna, referenciaSaldoImportado(id, item.registroId))));
      if (saldo) {
        await lancar(
          tx,
          ownerId,
          cliente,
          { tipo: 'ajuste', valor: -saldo.valor, descricao: DESCRICAO_SALDO_ANTERIOR, referenciaExterna: `${referenciaSaldoImportado(id, item.registroId)}:desfeito`, criadoPor: seller.pessoa.userId },
          { notificar: false },
        );
      }
    }
  } else {
    for (let i = 0; i < criados.length; i += LOTE) {
      await tx.delete(produtos).where(and(eq(produtos.ownerId, ownerId), inArray(produtos.id, criados.slice(i, i + LOTE))));
    }
    for (const item of atualizados) {
      const antes = item.antes as Record<(typeof CAMPOS_PRODUTO_ATUALIZADOS)[number], never>;
      await tx
        .update(produtos)
        .set({ ...antes, nomeBusca: normalizeForSearch(antes.nome), updatedAt: sql`now()` })
        .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, item.registroId)));
    }
  }

  await tx.update(importacoes).set({ desfeitaEm: agora }).where(and(eq(importacoes.ownerId, ownerId), eq(importacoes.id, id)));
  await auditar(tx, ownerId, {
    acao: 'importacao.desfeita',
    registro: { tipo: 'loja', id, nome: imp.nomeArquivo },
    detalhes: { tipo: imp.tipo, removidos: criados.length, restaurados: atualizados.length },
  });
  return buscarImportacao(tx, ownerId, id);
}

import type { RelatorioAba } from '@caderneta/shared/relatorios';
import { SIMBOLO_UNIDADE, type Unidade } from '@caderneta/shared/unidades';
import type { TFunction } from 'i18next';
import { dataCsv, type LinhaCsv } from '@/lib/csv';
import type { Relatorios } from './api/get-relatorio';
import { textoDaRegra } from './regra-vencimento';

type T = TFunction<'relatorios'>;
const dinheiro = (centavos: number) => ({ centavos });
const pct = (percentual: number | null) => ({ percentual });
/** A product's quantity and, in the next column, its unit: "0,350" and "kg". */
const quantidade = (p: { quantidade: number; unidade: Unidade }): LinhaCsv => [{ quantidade: p.quantidade, unidade: p.unidade }, SIMBOLO_UNIDADE[p.unidade]];

/** The title lines every file starts with: what, which shop, which period, when. */
function cabecalho(t: T, aba: RelatorioAba, periodo: Relatorios['resumo']['periodo'], loja: string): LinhaCsv[] {
  return [
    [t('exportar.relatorio'), t(`abas.${aba}`)],
    [t('exportar.loja'), loja],
    [t('periodo.label'), { data: periodo.de }, { data: periodo.ate }],
    [t('tabela.anterior'), { data: periodo.anterior.de }, { data: periodo.anterior.ate }],
    [t('exportar.geradoEm'), { data: periodo.hoje }],
  ];
}

const comparado = (nome: string, v: { atual: number; anterior: number }, money = true): LinhaCsv => [
  nome,
  money ? dinheiro(v.atual) : v.atual,
  money ? dinheiro(v.anterior) : v.anterior,
];

function resumo(t: T, r: Relatorios['resumo'], locale: string): LinhaCsv[] {
  return [
    [t('tabela.indicador'), t('tabela.periodo'), t('tabela.anterior')],
    comparado(t('resumo.totalVendas'), r.vendas.valor),
    comparado(t('resumo.numeroVendas'), r.vendas.quantidade, false),
    comparado(t('resumo.ticketMedio'), r.vendas.ticketMedio),
    comparado(t('formas.vista'), r.vista.valor),
    comparado(t('formas.fiado'), r.fiado.valor),
    comparado(t('resumo.descontos'), r.descontos),
    comparado(t('tabela.custo'), r.custo),
    comparado(t('resumo.lucro'), r.lucro),
    [t('resumo.margem'), pct(r.margem.atual), pct(r.margem.anterior)],
    comparado(t('resumo.recebido'), r.recebido.valor),
    // Today's figures: the period columns do not apply.
    [t('resumo.inadimplencia'), pct(r.inadimplencia.taxa), ''],
    [t('financeiro.vencido'), dinheiro(r.inadimplencia.vencido), ''],
    [textoDaRegra(t, r.regraVencimento, (iso) => dataCsv(iso, locale))],
    [],
    [t('resumo.recebidoTitulo')],
    [t('tabela.metodo'), t('tabela.periodo'), t('tabela.anterior')],
    ...r.recebido.porMetodo.map((m) => comparado(t(`metodos.${m.metodo}`), m.valor)),
  ];
}

function vendas(t: T, r: Relatorios['vendas']): LinhaCsv[] {
  return [
    [t('vendas.porDia')],
    [t('tabela.dia'), t('tabela.vendas'), t('tabela.valor')],
    ...r.porDia.map((d): LinhaCsv => [{ data: d.data }, d.quantidade, dinheiro(d.valor)]),
    [],
    [t('vendas.porForma')],
    [t('tabela.forma'), t('tabela.vendas'), t('tabela.valor'), `${t('tabela.vendas')} (${t('tabela.anterior')})`, `${t('tabela.valor')} (${t('tabela.anterior')})`],
    ...r.porForma.map((f): LinhaCsv => [t(`formas.${f.forma}`), f.quantidade.atual, dinheiro(f.valor.atual), f.quantidade.anterior, dinheiro(f.valor.anterior)]),
    [],
    [t('vendas.porDiaSemana')],
    [t('tabela.diaSemana'), t('tabela.vendas'), t('tabela.valor')],
    ...r.porDiaSemana.map((d): LinhaCsv => [t(`diasSemana.${d.diaSemana as 0 | 1 | 2 | 3 | 4 | 5 | 6}`), d.quantidade, dinheiro(d.valor)]),
    [],
    [t('vendas.porHora')],
    [t('tabela.hora'), t('tabela.vendas'), t('tabela.valor')],
    ...r.porHora.map((h): LinhaCsv => [t('tabela.horaValor', { hora: h.hora }), h.quantidade, dinheiro(h.valor)]),
  ];
}

function clientes(t: T, r: Relatorios['clientes']): LinhaCsv[] {
  return [
    [t('tabela.indicador'), t('tabela.periodo'), t('tabela.anterior')],
    comparado(t('clientes.novos'), r.novos, false),
    comparado(t('clientes.compradores'), r.compradores, false),
    [],
    [t('clientes.maioresSaldos')],
    [t('tabela.cliente'), t('tabela.saldo')],
    ...r.maioresSaldos.map((c): LinhaCsv => [c.nome, dinheiro(c.saldoPendente)]),
    [],
    [t('clientes.maioresCompradores')],
    [t('tabela.cliente'), t('tabela.compras'), t('tabela.valor')],
    ...r.maioresCompradores.map((c): LinhaCsv => [c.nome, c.quantidade, dinheiro(c.valor)]),
  ];
}

function produtos(t: T, r: Relatorios['produtos']): LinhaCsv[] {
  return [
    [t('tabela.indicador'), t('tabela.periodo'), t('tabela.anterior')],
    comparado(t('produtos.unidades'), r.unidades, false),
    comparado(t('produtos.receita'), r.receita),
    comparado(t('produtos.avulsas'), r.avulsas),
    [],
    [t('produtos.margens')],
    [t('tabela.produto'), t('tabela.quantidade'), t('tabela.unidade'), t('tabela.receita'), t('tabela.custo'), t('tabela.lucro'), t('tabela.margem')],
    ...r.margens.map((p): LinhaCsv => [p.nome, ...quantidade(p), dinheiro(p.valor), dinheiro(p.custo), dinheiro(p.lucro), pct(p.margem)]),
    // The rest mixes products: its quantity counts their pieces (un, cx, pct) only, as "Unidades Vendidas".
    ...(r.outros
      ? [[t('produtos.outros', { count: r.outros.produtos }), r.outros.quantidade, '', dinheiro(r.outros.valor), dinheiro(r.outros.custo), dinheiro(r.outros.lucro), pct(r.outros.margem)] as LinhaCsv]
      : []),
    [],
    [t('produtos.maisVendidosQuantidade')],
    [t('tabela.produto'), t('tabela.quantidade'), t('tabela.unidade'), t('tabela.receita')],
    ...r.maisVendidosQuantidade.map((p): LinhaCsv => [p.nome, ...quantidade(p), dinheiro(p.valor)]),
    [],
    [t('produtos.estoque')],
    [t('tabela.produto'), t('tabela.estoque'), t('tabela.minimo'), t('tabela.unidade')],
    ...r.estoque.itens.map((p): LinhaCsv => [
      p.nome,
      { quantidade: p.estoqueAtual, unidade: p.unidade },
      { quantidade: p.estoqueMinimo, unidade: p.unidade },
      SIMBOLO_UNIDADE[p.unidade],
    ]),
  ];
}

function financeiro(t: T, r: Relatorios['financeiro'], locale: string): LinhaCsv[] {
  return [
    [t('financeiro.recebido')],
    [t('tabela.metodo'), t('tabela.periodo'), t('tabela.anterior')],
    ...r.recebido.porMetodo.map((m) => comparado(t(`metodos.${m.metodo}`), m.valor)),
    comparado(t('resumo.recebido'), r.recebido.valor),
    [],
    [t('tabela.indicador'), t('tabela.valor')],
    [t('financeiro.aReceber'), dinheiro(r.aReceber.saldoClientes)],
    [t('financeiro.aReceberDesativadosCsv'), dinheiro(r.aReceber.saldoDesativados)],
    [t('financeiro.vendasPendentes'), dinheiro(r.aReceber.vendasPendentes)],
    [t('financeiro.vencido'), dinheiro(r.aReceber.vencido)],
    [t('financeiro.aReceberDesativadosCsv'), dinheiro(r.aReceber.vencidoDesativados)],
    [],
    [t('financeiro.atraso')],
    [t('tabela.faixa'), t('tabela.clientes'), t('tabela.valor')],
    ...r.atraso.map((f): LinhaCsv => [t(`faixas.${f.faixa}`), f.clientes, dinheiro(f.valor)]),
    [textoDaRegra(t, r.regraVencimento, (iso) => dataCsv(iso, locale))],
  ];
}

/** Every line of a tab's CSV file. */
export function linhasCsv<A extends RelatorioAba>(t: T, aba: A, dados: Relatorios[A], loja: string, locale: string): LinhaCsv[] {
  const corpo: Record<RelatorioAba, (t: T, r: never, locale: string) => LinhaCsv[]> = { resumo, vendas, clientes, produtos, financeiro };
  return [...cabecalho(t, aba, dados.periodo, loja), [], ...(corpo[aba] as (t: T, r: Relatorios[A], locale: string) => LinhaCsv[])(t, dados, locale)];
}

/** "relatorio-vendas-2026-03-10_2026-03-16.csv" */
export const nomeArquivoCsv = (aba: RelatorioAba, periodo: { de: string; ate: string }) => `relatorio-${aba}-${periodo.de}_${periodo.ate}.csv`;

import {
  PERIODO_PADRAO,
  PERIODOS_DIAS,
  RELATORIO_ABAS,
  mesesDisponiveis,
  resolverPeriodo,
  type PeriodoDias,
  type PeriodoResolvido,
  type RelatorioAba,
} from '@caderneta/shared/relatorios';

/** The period the seller picked: N days (7, 30, 90, 365) or a month "YYYY-MM". */
export type EscolhaPeriodo = { periodo: `${PeriodoDias}`; mes?: undefined } | { mes: string; periodo?: undefined };

/** Reads the period and tab from the page's URL (`?periodo=90`, `?mes=2026-02`, `&aba=vendas`). */
export function lerEscolha(params: URLSearchParams, hoje: string): { escolha: EscolhaPeriodo; aba: RelatorioAba } {
  const aba = (RELATORIO_ABAS as readonly string[]).includes(params.get('aba') ?? '') ? (params.get('aba') as RelatorioAba) : 'resumo';
  const mes = params.get('mes');
  if (mes && mesesDisponiveis(hoje).includes(mes)) return { escolha: { mes }, aba };
  const dias = params.get('periodo');
  const periodo = (PERIODOS_DIAS.map(String) as string[]).includes(dias ?? '') ? (dias as `${PeriodoDias}`) : (`${PERIODO_PADRAO}` as const);
  return { escolha: { periodo }, aba };
}

/** The `<select>` value of a choice ("d30", "m2026-02") and back. */
export const valorDaEscolha = (escolha: EscolhaPeriodo) => (escolha.mes ? `m${escolha.mes}` : `d${escolha.periodo}`);
export function escolhaDoValor(valor: string): EscolhaPeriodo {
  return valor.startsWith('m') ? { mes: valor.slice(1) } : { periodo: valor.slice(1) as `${PeriodoDias}` };
}

/** The dates a choice covers, by the same rule as the server (for the caption above the tabs). */
export function periodoDaEscolha(escolha: EscolhaPeriodo, hoje: string): PeriodoResolvido {
  return resolverPeriodo(escolha.mes ? { mes: escolha.mes } : { periodo: Number(escolha.periodo ?? PERIODO_PADRAO) as PeriodoDias }, hoje);
}

/** The URL of a choice and tab. */
export function paramsDe(escolha: EscolhaPeriodo, aba: RelatorioAba): URLSearchParams {
  const params = new URLSearchParams();
  if (escolha.mes) params.set('mes', escolha.mes);
  else params.set('periodo', escolha.periodo ?? String(PERIODO_PADRAO));
  params.set('aba', aba);
  return params;
}

/**
 * Why a file could not be read as a spreadsheet. The page says it in words by the code
 * (textos.ts: mensagemErroPlanilha); nothing here is shown as is.
 */
export type CodigoErroPlanilha = 'vazio' | 'grandeDemais' | 'formatoDesconhecido' | 'semCabecalho' | 'colunasDemais' | 'linhasDemais' | 'xlsxInvalido' | 'xlsxNaoSuportado';

export class ErroPlanilha extends Error {
  constructor(
    readonly codigo: CodigoErroPlanilha,
    options?: ErrorOptions,
  ) {
    super(`planilha: ${codigo}`, options);
    this.name = 'ErroPlanilha';
  }
}

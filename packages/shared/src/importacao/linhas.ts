import { MAX_SALDO_INICIAL, type ClienteImportado, type ProdutoImportado } from '../schemas/importacao';
import { MAX_LIMITE_CREDITO, MAX_PRECO } from '../schemas/campos';
import { DEFAULT_ESTOQUE_MINIMO } from '../schemas/produtos';
import { escalaDaUnidade } from '../unidades';
import type { CampoCliente, CampoImportacao, CampoProduto, Celula, LinhaLida, OpcoesLeitura, ProblemaLinha } from './campos';
import { type Lido, lerCpf, lerData, lerDinheiro, lerEmail, lerEstoque, lerTelefone, lerTexto, lerUnidade } from './celulas';

/**
 * Every data row of a file read as customers or products, with all of its problems at once (the
 * preview lists them so the owner fixes the file in one go). A row with no problem carries the
 * values the server's schema takes (clienteImportadoSchema, produtoImportadoSchema); entirely blank
 * rows are skipped, and row numbers are the spreadsheet's.
 */

/** For each field, the column it is read from (the first one the map gives it). */
function colunasDoMapa(mapa: Array<CampoImportacao | null>): Map<CampoImportacao, number> {
  const colunas = new Map<CampoImportacao, number>();
  mapa.forEach((campo, coluna) => {
    if (campo !== null && !colunas.has(campo)) colunas.set(campo, coluna);
  });
  return colunas;
}

function emBranco(celulas: readonly Celula[] | undefined): boolean {
  if (!celulas) return true;
  for (const celula of celulas) {
    if (celula === null || celula === undefined) continue;
    if (typeof celula === 'number' || celula.trim() !== '') return false;
  }
  return true;
}

/** What reading one row needs: its cells by field, and where its problems go. */
class LeitorDeLinha<C extends CampoImportacao> {
  problemas: ProblemaLinha[] = [];
  constructor(
    private readonly colunas: Map<CampoImportacao, number>,
    private readonly celulas: readonly Celula[],
  ) {}

  celula(campo: C): Celula | undefined {
    const coluna = this.colunas.get(campo);
    return coluna === undefined ? undefined : this.celulas[coluna];
  }

  /** The value read, or `undefined` after noting the problem under `campo`. */
  valor<T>(campo: C, lido: Lido<T>): T | undefined {
    if (lido.ok) return lido.valor;
    this.problemas.push({ campo, codigo: lido.codigo });
    return undefined;
  }

  /** A required field: blank (or a column not chosen) is 'obrigatorio'. */
  obrigatorio<T>(campo: C, lido: Lido<T | null>): T | undefined {
    const valor = this.valor(campo, lido);
    if (valor === null) {
      this.problemas.push({ campo, codigo: 'obrigatorio' });
      return undefined;
    }
    return valor;
  }

  /** A later row with the same key (phone, barcode) as an earlier one: the first stays, this one is flagged. */
  unico(campo: C, chave: string | null | undefined, vistas: Map<string, number>, linha: number): void {
    if (chave === null || chave === undefined) return;
    const primeira = vistas.get(chave);
    if (primeira === undefined) vistas.set(chave, linha);
    else this.problemas.push({ campo, codigo: 'duplicadoNoArquivo', outraLinha: primeira });
  }
}

/** Reads the rows as customers (issue 39): name and phone required; one row per phone. */
export function lerClientes(linhas: Celula[][], mapa: Array<CampoImportacao | null>, opcoes: OpcoesLeitura): LinhaLida<ClienteImportado>[] {
  const colunas = colunasDoMapa(mapa);
  const primeiraLinha = opcoes.primeiraLinha ?? 2;
  const { locale, hoje } = opcoes;
  const porTelefone = new Map<string, number>();
  const lidas: LinhaLida<ClienteImportado>[] = [];
  for (let i = 0; i < linhas.length; i++) {
    const celulas = linhas[i];
    if (!celulas || emBranco(celulas)) continue;
    const linha = primeiraLinha + i;
    const r = new LeitorDeLinha<CampoCliente>(colunas, celulas);
    const nome = r.obrigatorio('nome', lerTexto(r.celula('nome'), 120));
    const telefone = r.obrigatorio('telefone', lerTelefone(r.celula('telefone')));
    r.unico('telefone', telefone, porTelefone, linha);
    const email = r.valor('email', lerEmail(r.celula('email')));
    const endereco = r.valor('endereco', lerTexto(r.celula('endereco'), 200));
    const cpf = r.valor('cpf', lerCpf(r.celula('cpf')));
    const limiteCredito = r.valor('limiteCredito', lerDinheiro(r.celula('limiteCredito'), locale, MAX_LIMITE_CREDITO));
    const observacoes = r.valor('observacoes', lerTexto(r.celula('observacoes'), 500));
    const saldoInicial = r.valor('saldoInicial', lerDinheiro(r.celula('saldoInicial'), locale, MAX_SALDO_INICIAL));
    const dataLida = r.valor('dataSaldo', lerData(r.celula('dataSaldo'), locale));
    // A debt written down after today is a typo; the server refuses it too.
    const dataFutura = !!dataLida && dataLida > hoje;
    if (dataFutura) r.problemas.push({ campo: 'dataSaldo', codigo: 'dataFutura' });
    const dataSaldo = dataFutura ? undefined : dataLida;
    const dataVencimento = r.valor('dataVencimento', lerData(r.celula('dataVencimento'), locale));
    const valido =
      r.problemas.length === 0 &&
      nome !== undefined &&
      telefone !== undefined &&
      email !== undefined &&
      endereco !== undefined &&
      cpf !== undefined &&
      limiteCredito !== undefined &&
      observacoes !== undefined &&
      saldoInicial !== undefined &&
      dataSaldo !== undefined &&
      dataVencimento !== undefined;
    lidas.push({
      linha,
      valores: valido
        ? { linha, nome, telefone, email, endereco, cpf, limiteCredito, observacoes, saldoInicial: saldoInicial ?? 0, dataSaldo, dataVencimento }
        : null,
      problemas: r.problemas,
    });
  }
  return lidas;
}

/** Reads the rows as products (issue 39): name and sale price required; one row per barcode. */
export function lerProdutos(linhas: Celula[][], mapa: Array<CampoImportacao | null>, opcoes: OpcoesLeitura): LinhaLida<ProdutoImportado>[] {
  const colunas = colunasDoMapa(mapa);
  const primeiraLinha = opcoes.primeiraLinha ?? 2;
  const { locale } = opcoes;
  const porCodigo = new Map<string, number>();
  const lidas: LinhaLida<ProdutoImportado>[] = [];
  for (let i = 0; i < linhas.length; i++) {
    const celulas = linhas[i];
    if (!celulas || emBranco(celulas)) continue;
    const linha = primeiraLinha + i;
    const r = new LeitorDeLinha<CampoProduto>(colunas, celulas);
    const nome = r.obrigatorio('nome', lerTexto(r.celula('nome'), 120));
    const codigoBarras = r.valor('codigoBarras', lerTexto(r.celula('codigoBarras'), 64));
    r.unico('codigoBarras', codigoBarras, porCodigo, linha);
    const unidade = r.valor('unidade', lerUnidade(r.celula('unidade')));
    const precoLido = r.obrigatorio('precoVenda', lerDinheiro(r.celula('precoVenda'), locale, MAX_PRECO));
    // Nothing is sold for free: a zero price is a price not filled in.
    if (precoLido === 0) r.problemas.push({ campo: 'precoVenda', codigo: 'dinheiroInvalido' });
    const precoVenda = precoLido === 0 ? undefined : precoLido;
    const precoCusto = r.valor('precoCusto', lerDinheiro(r.celula('precoCusto'), locale, MAX_PRECO));
    // Stock is in the unit's steps (grams for kg): without a unit it cannot be read.
    const estoqueAtual = unidade && r.valor('estoqueAtual', lerEstoque(r.celula('estoqueAtual'), locale, unidade));
    const estoqueMinimo = unidade && r.valor('estoqueMinimo', lerEstoque(r.celula('estoqueMinimo'), locale, unidade));
    const categoria = r.valor('categoria', lerTexto(r.celula('categoria'), 60));
    const valido =
      r.problemas.length === 0 &&
      nome !== undefined &&
      codigoBarras !== undefined &&
      unidade !== undefined &&
      precoVenda !== undefined &&
      precoCusto !== undefined &&
      estoqueAtual !== undefined &&
      estoqueMinimo !== undefined &&
      categoria !== undefined;
    lidas.push({
      linha,
      valores: valido
        ? {
            linha,
            nome,
            codigoBarras,
            unidade,
            precoVenda,
            precoCusto: precoCusto ?? 0,
            estoqueAtual: estoqueAtual ?? 0,
            // Five of the product's unit, as the product form starts it (5 kg is 5000 g).
            estoqueMinimo: estoqueMinimo ?? DEFAULT_ESTOQUE_MINIMO * escalaDaUnidade(unidade),
            categoria,
          }
        : null,
      problemas: r.problemas,
    });
  }
  return lidas;
}

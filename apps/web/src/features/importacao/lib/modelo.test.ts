import { CAMPOS_CLIENTE, CAMPOS_PRODUTO, lerClientes, lerProdutos, sugerirMapeamento } from '@caderneta/shared';
import { describe, expect, it } from 'vitest';
import { gerarModelo, lerPlanilha } from '.';
import { carregarExcelJS } from './modelo';

const CLIENTES = ['Nome', 'Telefone', 'E-mail', 'Endereço', 'CPF', 'Limite de crédito', 'Observações', 'Saldo devedor inicial', 'Data do saldo', 'Vencimento combinado'];
const EXEMPLO = ['Ana Souza', '(11) 98765-4321', 'ana@exemplo.com', 'Rua das Flores, 10; fundos', '529.982.247-25', '500,00', 'Diz "pago sexta"', '150,00', '15/02/2026', '05/04/2026'];
const bytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('gerarModelo', () => {
  it('writes a CSV Excel in Brazil opens: UTF-8 with a byte-order mark, ";", quoted where needed', async () => {
    const modelo = await gerarModelo('csv', CLIENTES, EXEMPLO);
    const conteudo = await bytes(modelo);
    expect([...conteudo.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texto = new TextDecoder().decode(conteudo);
    const [titulos, exemplo] = texto.split('\r\n');
    expect(titulos!.split(';')).toEqual(CLIENTES);
    expect(exemplo).toBe('Ana Souza;(11) 98765-4321;ana@exemplo.com;"Rua das Flores, 10; fundos";529.982.247-25;500,00;"Diz ""pago sexta""";150,00;15/02/2026;05/04/2026');
  });

  it('reads back as it was written, and the row is a valid customer', async () => {
    const planilha = await lerPlanilha(new File([await gerarModelo('csv', CLIENTES, EXEMPLO)], 'modelo-clientes.csv'));
    expect(planilha.cabecalhos).toEqual(CLIENTES);
    expect(planilha.linhas).toEqual([EXEMPLO]);
    const mapa = sugerirMapeamento('clientes', planilha.cabecalhos);
    expect(mapa).toEqual([...CAMPOS_CLIENTE]);
    const [lida] = lerClientes(planilha.linhas, mapa, { locale: 'pt-BR', hoje: '2026-03-20' });
    expect(lida!.problemas).toEqual([]);
  });

  it('uses "," in en-US, where it is not the decimal mark', async () => {
    const texto = new TextDecoder().decode(await bytes(await gerarModelo('csv', ['Name', 'Price'], ['Rice', '25.90'], 'en-US')));
    expect(texto).toBe('Name,Price\r\nRice,25.90\r\n');
  });

  it('writes an XLSX with bold titles, text and numbers as given, that reads back', async () => {
    const titulos = ['Nome', 'Código de barras', 'Unidade', 'Preço', 'Custo', 'Estoque', 'Estoque mínimo', 'Categoria'];
    const exemplo = ['Arroz 5 kg', '7891234567895', 'un', '25,90', '19,50', 12, 3, 'Mercearia'];
    const modelo = await gerarModelo('xlsx', titulos, exemplo);
    expect(modelo.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ExcelJS = await carregarExcelJS();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await modelo.arrayBuffer());
    const folha = workbook.worksheets[0]!;
    expect(folha.getCell('A1').font?.bold).toBe(true);
    expect(folha.getCell('A2').font?.bold).toBeFalsy();
    const planilha = await lerPlanilha(new File([modelo], 'modelo-produtos.xlsx'));
    expect(planilha).toMatchObject({ formato: 'xlsx', cabecalhos: titulos, linhas: [exemplo] });
    const mapa = sugerirMapeamento('produtos', planilha.cabecalhos);
    expect(mapa).toEqual([...CAMPOS_PRODUTO]);
    expect(lerProdutos(planilha.linhas, mapa, { locale: 'pt-BR', hoje: '2026-03-20' })[0]!.valores).toMatchObject({ codigoBarras: '7891234567895', precoVenda: 2590, estoqueAtual: 12 });
  });
});

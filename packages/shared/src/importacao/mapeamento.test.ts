import { describe, expect, it } from 'vitest';
import { CAMPOS_CLIENTE, CAMPOS_PRODUTO, type CampoImportacao } from './campos';
import { sugerirMapeamento } from './mapeamento';

/** The map as { title: field } for the columns that got one, easier to read in a failure. */
function mapeados(tipo: 'clientes' | 'produtos', cabecalhos: string[]): Record<string, CampoImportacao> {
  const mapa = sugerirMapeamento(tipo, cabecalhos);
  expect(mapa).toHaveLength(cabecalhos.length);
  return Object.fromEntries(cabecalhos.flatMap((titulo, i) => (mapa[i] ? [[titulo, mapa[i]]] : [])));
}

const MODELOS_CLIENTES = {
  'pt-BR': ['Nome', 'Telefone', 'E-mail', 'Endereço', 'CPF', 'Limite de crédito', 'Observações', 'Saldo devedor inicial', 'Data do saldo', 'Vencimento combinado'],
  'en-US': ['Name', 'Phone', 'Email', 'Address', 'CPF', 'Credit limit', 'Notes', 'Opening balance owed', 'Balance date', 'Agreed due date'],
  'es-ES': ['Nombre', 'Teléfono', 'Correo electrónico', 'Dirección', 'CPF', 'Límite de crédito', 'Observaciones', 'Saldo deudor inicial', 'Fecha del saldo', 'Vencimiento acordado'],
};
const MODELOS_PRODUTOS = {
  'pt-BR': ['Nome', 'Código de barras', 'Unidade', 'Preço', 'Custo', 'Estoque', 'Estoque mínimo', 'Categoria'],
  'en-US': ['Name', 'Barcode', 'Unit', 'Price', 'Cost', 'Stock', 'Minimum stock', 'Category'],
  'es-ES': ['Nombre', 'Código de barras', 'Unidad', 'Precio', 'Costo', 'Stock', 'Stock mínimo', 'Categoría'],
};

/** The header row of Kyte's customer export (as saved by a shop: ";" and Portuguese titles). */
const KYTE_CLIENTES =
  'Nome;Telefone;Celular;Email;Documento;Endereço;Número;Complemento;Bairro;Cidade;UF;CEP;Observação;Fiado;Limite;Data de cadastro;Última compra;Total comprado';

/** Google Contacts' "Google CSV" export (the older layout, with the full "Name" first). */
const GOOGLE_CONTATOS =
  'Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,Family Name Yomi,Name Prefix,Name Suffix,Initials,Nickname,Short Name,Maiden Name,Birthday,Gender,Location,Billing Information,Directory Server,Mileage,Occupation,Hobby,Sensitivity,Priority,Subject,Notes,Language,Photo,Group Membership,E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Type,E-mail 2 - Value,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value,Address 1 - Type,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Organization 1 - Type,Organization 1 - Name,Organization 1 - Yomi Name,Organization 1 - Title,Organization 1 - Department,Organization 1 - Symbol,Organization 1 - Location,Organization 1 - Job Description,Website 1 - Type,Website 1 - Value';

/** The newer layout: no "Name" column, labels instead of types. */
const GOOGLE_CONTATOS_NOVO =
  'First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address';

describe('sugerirMapeamento', () => {
  it.each(Object.entries(MODELOS_CLIENTES))("maps the customers' template in %s field by field", (_lingua, cabecalhos) => {
    expect(sugerirMapeamento('clientes', cabecalhos)).toEqual([...CAMPOS_CLIENTE]);
  });

  it.each(Object.entries(MODELOS_PRODUTOS))("maps the products' template in %s field by field", (_lingua, cabecalhos) => {
    expect(sugerirMapeamento('produtos', cabecalhos)).toEqual([...CAMPOS_PRODUTO]);
  });

  it('ignores case, accents, spaces and punctuation', () => {
    expect(sugerirMapeamento('clientes', ['  NOME ', 'e_mail', 'TELEFONE:', 'limite-de-credito', 'data do saldo.'])).toEqual([
      'nome',
      'email',
      'telefone',
      'limiteCredito',
      'dataSaldo',
    ]);
  });

  it("reads Kyte's customer export: the first phone column, the document, the amount on credit", () => {
    expect(mapeados('clientes', KYTE_CLIENTES.split(';'))).toEqual({
      Nome: 'nome',
      Telefone: 'telefone',
      Email: 'email',
      Documento: 'cpf',
      Endereço: 'endereco',
      Observação: 'observacoes',
      Fiado: 'saldoInicial',
      Limite: 'limiteCredito',
    });
  });

  it("reads Google Contacts' export: the full name, the first phone's and e-mail's values, the formatted address", () => {
    expect(mapeados('clientes', GOOGLE_CONTATOS.split(','))).toEqual({
      Name: 'nome',
      Notes: 'observacoes',
      'E-mail 1 - Value': 'email',
      'Phone 1 - Value': 'telefone',
      'Address 1 - Formatted': 'endereco',
    });
  });

  it("takes the first name from Google's newer export, which has no full name column, and never a label column", () => {
    expect(mapeados('clientes', GOOGLE_CONTATOS_NOVO.split(','))).toEqual({
      'First Name': 'nome',
      Notes: 'observacoes',
      'E-mail 1 - Value': 'email',
      'Phone 1 - Value': 'telefone',
      'Address 1 - Formatted': 'endereco',
    });
    expect(mapeados('clientes', ['Phone 1 - Label', 'Nome'])).toEqual({ Nome: 'nome' });
  });

  it('gives a field to the exact title over one that merely contains a word of it, and each field once', () => {
    expect(sugerirMapeamento('clientes', ['Telefone do cliente', 'Celular'])).toEqual([null, 'telefone']);
    expect(sugerirMapeamento('clientes', ['Saldo anterior do caderno', 'Saldo'])).toEqual([null, 'saldoInicial']);
    expect(sugerirMapeamento('clientes', ['Data do saldo', 'Saldo', 'Data'])).toEqual(['dataSaldo', 'saldoInicial', null]);
    expect(sugerirMapeamento('clientes', ['Telefone', 'WhatsApp', 'Fone'])).toEqual(['telefone', null, null]);
    const mapa = sugerirMapeamento('clientes', [...MODELOS_CLIENTES['pt-BR'], ...MODELOS_CLIENTES['en-US']]);
    expect(mapa.filter(Boolean)).toHaveLength(CAMPOS_CLIENTE.length);
    expect(new Set(mapa.filter(Boolean)).size).toBe(CAMPOS_CLIENTE.length);
  });

  it('knows everyday synonyms of the notebook', () => {
    expect(mapeados('clientes', ['Cliente', 'WhatsApp', 'Dívida', 'Vencimento', 'Obs'])).toEqual({
      Cliente: 'nome',
      WhatsApp: 'telefone',
      Dívida: 'saldoInicial',
      Vencimento: 'dataVencimento',
      Obs: 'observacoes',
    });
    expect(mapeados('clientes', ['Nome', 'Fone', 'Valor devido', 'Data'])).toEqual({ Nome: 'nome', Fone: 'telefone', 'Valor devido': 'saldoInicial', Data: 'dataSaldo' });
    expect(mapeados('clientes', ['Nome', 'Celular', 'Deve', 'Débito'])).toEqual({ Nome: 'nome', Celular: 'telefone', Deve: 'saldoInicial' });
  });

  it('maps product synonyms, the narrower field first, and never a SKU to the barcode', () => {
    expect(mapeados('produtos', ['Descrição', 'SKU', 'Código', 'EAN', 'Preço de venda', 'Preço de custo unitário', 'Qtd', 'Estoque mínimo atual', 'Un.'])).toEqual({
      Descrição: 'nome',
      EAN: 'codigoBarras',
      'Preço de venda': 'precoVenda',
      'Preço de custo unitário': 'precoCusto',
      Qtd: 'estoqueAtual',
      'Estoque mínimo atual': 'estoqueMinimo',
      'Un.': 'unidade',
    });
    expect(mapeados('produtos', ['Produto', 'GTIN', 'Valor', 'Quantidade', 'Grupo'])).toEqual({
      Produto: 'nome',
      GTIN: 'codigoBarras',
      Valor: 'precoVenda',
      Quantidade: 'estoqueAtual',
      Grupo: 'categoria',
    });
    // A name column wins over a description column, wherever it is.
    expect(sugerirMapeamento('produtos', ['Descrição', 'Nome'])).toEqual([null, 'nome']);
  });

  it('leaves unknown and blank titles unmapped', () => {
    expect(sugerirMapeamento('clientes', ['', 'Coluna 1', 'Aniversário', 'Data de nascimento', 'Valor da última compra'])).toEqual([null, null, null, null, null]);
    expect(sugerirMapeamento('produtos', [])).toEqual([]);
  });
});

import type { Importacao } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { CONFIGURACOES, jsonResponse, mockApi, renderApp, signedIn, staff } from '@/test/utils';
import { lerPlanilha } from './lib';

const ID = '5b0e8a4e-7d7f-4d7e-9a51-3c2f1f0b9a01';

function importacao(overrides: Partial<Importacao> = {}): Importacao {
  return {
    id: ID,
    tipo: 'clientes',
    nomeArquivo: 'caderno.csv',
    criadoEm: '2026-03-20T13:30:00.000Z',
    por: 'Maria da Silva',
    criados: 2,
    atualizados: 0,
    ignorados: 1,
    saldos: 1,
    totalSaldos: 15_000,
    desfeitaEm: null,
    ...overrides,
  };
}

/** A CSV file as a spreadsheet in pt-BR saves it: ";" between cells, "," in money. */
const csv = (nome: string, linhas: string[]) => new File([linhas.join('\r\n')], nome, { type: 'text/csv' });

const CADERNO = csv('caderno.csv', [
  'Nome;Celular;E-mail;Saldo devedor inicial;Data do saldo;Anotações',
  'Ana Souza;(11) 98765-4321;ana@exemplo.com;150,00;15/03/2026;Paga dia 10',
  'Bruno Lima;123;;20,00;;',
  'Carla Dias;(21) 99876-5432;;abc;;',
  'Ana Souza;(11) 98765-4321;;10,00;;',
  'Davi Rocha;(31) 98888-7777;;1.234,56;;Cliente antigo',
  'Eva Nunes;(41) 97777-6666;;;;',
]);

/** Captures the files the page hands to the browser as downloads, as Blobs. */
function capturarArquivos() {
  const blobs: Blob[] = [];
  const baixados: Array<{ nome: string; blob: Blob }> = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push({ nome: this.download, blob: blobs[Number(this.href.split('/').pop()) - 1]! });
  });
  return baixados;
}

const texto = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: false }).decode(await blob.arrayBuffer());

type User = ReturnType<typeof renderApp>['user'];

async function escolherArquivo(user: User, file: File) {
  await user.upload(await screen.findByLabelText('Arquivo da planilha'), file);
}

const coluna = (nome: string) => screen.getByRole('combobox', { name: `O que a coluna “${nome}” tem` });
const linha = (n: number) => screen.getByRole('listitem', { name: `Linha ${n}` });

describe('/importar/clientes', { timeout: 30_000 }, () => {
  it('reads a pt-BR CSV, suggests the columns, shows each row\'s problems and the existing customers, imports the valid rows in centavos, and undoes it', async () => {
    const api = mockApi({
      ...signedIn(),
      'POST /api/importacoes/clientes/existentes': () => jsonResponse(200, { existentes: [{ chave: '31988887777', id: '9d7c2c1e-1111-4111-8111-111111111111', nome: 'Davi Rocha da Silva' }] }),
      'POST /api/importacoes/clientes': ({ body }) => jsonResponse(201, importacao({ nomeArquivo: (body as { nomeArquivo: string }).nomeArquivo })),
      [`POST /api/importacoes/${ID}/desfazer`]: () => jsonResponse(200, importacao({ desfeitaEm: '2026-03-20T14:00:00.000Z' })),
    });
    const { user } = renderApp('/importar/clientes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Importar clientes' })).toBeInTheDocument();
    await escolherArquivo(user, CADERNO);

    // The columns, each with its first values and the field its title suggests.
    expect(await screen.findByRole('heading', { name: 'Diga o que cada coluna tem' })).toBeInTheDocument();
    expect(screen.getByText('caderno.csv')).toBeInTheDocument();
    expect(screen.getByText(/6 linhas de dados/)).toBeInTheDocument();
    expect(coluna('Nome')).toHaveValue('nome');
    expect(coluna('Celular')).toHaveValue('telefone');
    expect(coluna('E-mail')).toHaveValue('email');
    expect(coluna('Saldo devedor inicial')).toHaveValue('saldoInicial');
    expect(coluna('Data do saldo')).toHaveValue('dataSaldo');
    expect(screen.getByText('Exemplos: Ana Souza · Bruno Lima · Carla Dias')).toBeInTheDocument();

    // A field chosen for a second column moves there; without a phone column nothing goes on.
    await user.selectOptions(coluna('Anotações'), 'Telefone');
    expect(coluna('Anotações')).toHaveValue('telefone');
    expect(coluna('Celular')).toHaveValue('');
    expect(screen.getByText('“Telefone” agora vem da coluna “Anotações”; a coluna “Celular” ficou como “Não importar”.')).toBeInTheDocument();
    await user.selectOptions(coluna('Anotações'), 'Não importar');
    expect(screen.getByRole('alert')).toHaveTextContent('Falta escolher a coluna de: Telefone. Esses campos são obrigatórios.');
    expect(screen.getByRole('button', { name: 'Conferir as linhas' })).toBeDisabled();
    await user.selectOptions(coluna('Celular'), 'Telefone');
    await user.selectOptions(coluna('Anotações'), 'Observações');
    expect(coluna('Anotações')).toHaveValue('observacoes');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conferir as linhas' }));

    // The preview: counts, every row's problems in words, the customer the shop already has.
    expect(await screen.findByRole('heading', { name: 'Confira antes de importar' })).toBeInTheDocument();
    const contagens = screen.getByRole('list', { name: 'Resumo das linhas' });
    expect(within(contagens).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['2 prontas para importar', '3 com problemas', '1 já cadastrado']);
    expect(screen.getByText('Saldos anteriores a importar: R$ 150,00')).toBeInTheDocument();
    expect(api.calls('POST', '/api/importacoes/clientes/existentes')[0]!.body).toEqual({ chaves: ['11987654321', '31988887777', '41977776666'] });
    expect(within(linha(3)).getByText('Telefone: número inválido')).toBeInTheDocument();
    expect(within(linha(4)).getByText(/^Saldo devedor inicial: valor não reconhecido/)).toBeInTheDocument();
    expect(within(linha(5)).getByText('Duplicado da linha 2 (Telefone)')).toBeInTheDocument();
    expect(within(linha(6)).getByText(/Já cadastrado como Davi Rocha da Silva/)).toBeInTheDocument();
    expect(within(linha(2)).getByText('Pronta')).toBeInTheDocument();

    // "Só linhas com problemas" keeps rows 3 to 5.
    await user.click(screen.getByRole('checkbox', { name: 'Só linhas com problemas' }));
    const lista = screen.getByRole('list', { name: 'Linhas do arquivo' });
    expect(within(lista).getAllByRole('listitem', { name: /^Linha \d+$/ }).map((li) => li.getAttribute('aria-label'))).toEqual(['Linha 3', 'Linha 4', 'Linha 5']);
    await user.click(screen.getByRole('checkbox', { name: 'Só linhas com problemas' }));

    // Updating the existing customer would bring its balance too; leaving it alone does not.
    await user.click(screen.getByRole('radio', { name: /Atualizar os dados/ }));
    expect(screen.getByText('Saldos anteriores a importar: R$ 1.384,56')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar 3 clientes' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /Não mexer \(ignorar\)/ }));
    expect(screen.getByRole('radio', { name: /Não mexer \(ignorar\)/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Importar 2 clientes' }));

    const confirmacao = await screen.findByRole('alertdialog', { name: 'Importar clientes?' });
    expect(within(confirmacao).getByText('2 clientes novos')).toBeInTheDocument();
    expect(within(confirmacao).getByText('1 já cadastrado fica como está')).toBeInTheDocument();
    expect(within(confirmacao).getByText('1 saldo anterior de R$ 150,00 entra como “Saldo anterior (caderneta)”')).toBeInTheDocument();
    await user.click(within(confirmacao).getByRole('button', { name: 'Importar' }));

    // Only the rows without problems, typed: phones as digits, money in centavos, dates as ISO.
    expect(await screen.findByRole('heading', { name: 'Importação concluída' })).toBeInTheDocument();
    const [envio] = api.calls('POST', '/api/importacoes/clientes');
    const body = envio!.body as { nomeArquivo: string; existentes: string; linhas: Array<Record<string, unknown>> };
    expect(body.nomeArquivo).toBe('caderno.csv');
    expect(body.existentes).toBe('ignorar');
    expect(body.linhas.map((l) => l.linha)).toEqual([2, 6, 7]);
    expect(body.linhas[0]).toMatchObject({ nome: 'Ana Souza', telefone: '11987654321', email: 'ana@exemplo.com', saldoInicial: 15_000, dataSaldo: '2026-03-15', observacoes: 'Paga dia 10' });
    expect(body.linhas[1]).toMatchObject({ nome: 'Davi Rocha', telefone: '31988887777', saldoInicial: 123_456, observacoes: 'Cliente antigo' });
    expect(body.linhas[2]).toMatchObject({ nome: 'Eva Nunes', telefone: '41977776666', saldoInicial: 0 });

    // The summary, where to see it, and the way back.
    expect(await screen.findByText('caderno.csv: veja o resumo abaixo.')).toBeInTheDocument();
    const valor = (rotulo: string) => screen.getByText(rotulo, { selector: 'dt' }).nextElementSibling;
    expect(valor('Novos')).toHaveTextContent('2');
    expect(valor('Atualizados')).toHaveTextContent('0');
    expect(valor('Ignorados')).toHaveTextContent('1');
    expect(valor('Saldos anteriores')).toHaveTextContent('1 saldo de R$ 150,00');
    expect(screen.getByRole('link', { name: 'Ver devedores' })).toHaveAttribute('href', '/devedores');
    expect(screen.getByRole('link', { name: 'Ver clientes' })).toHaveAttribute('href', '/clientes');

    await user.click(screen.getByRole('button', { name: 'Desfazer importação' }));
    const desfazer = await screen.findByRole('alertdialog', { name: 'Desfazer esta importação?' });
    await user.click(within(desfazer).getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText(/^Desfeita em 20\/03\/2026/)).toBeInTheDocument();
    expect(api.calls('POST', `/api/importacoes/${ID}/desfazer`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Desfazer importação' })).not.toBeInTheDocument();
    expect(api.unexpected).toEqual([]);
  });

  it('goes back to the columns keeping the file, and says which row the server refused', async () => {
    const api = mockApi({
      ...signedIn(),
      'POST /api/importacoes/clientes/existentes': () => jsonResponse(200, { existentes: [] }),
      'POST /api/importacoes/clientes': () => jsonResponse(400, { code: 'VALIDATION', message: 'Dados inválidos', issues: [{ path: 'linhas.1.telefone', message: 'telefoneInvalido' }] }),
    });
    const { user } = renderApp('/importar/clientes');
    await escolherArquivo(user, csv('lista.csv', ['Nome;Telefone', 'Ana;(11) 98765-4321', 'Bia;(21) 99876-5432']));
    // Which customers the shop has is asked while the columns are on screen, before the button is pressed…
    await waitFor(() => expect(api.calls('POST', '/api/importacoes/clientes/existentes')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Conferir as linhas' }));
    await user.click(await screen.findByRole('button', { name: 'Voltar às colunas' }));
    expect(await screen.findByRole('heading', { name: 'Diga o que cada coluna tem' })).toBeInTheDocument();
    expect(coluna('Telefone')).toHaveValue('telefone');
    await user.click(screen.getByRole('button', { name: 'Conferir as linhas' }));
    // …and not again for the same columns.
    expect(await screen.findByRole('button', { name: 'Importar 2 clientes' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/importacoes/clientes/existentes')).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Importar 2 clientes' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Não foi possível importar')).toBeInTheDocument();
    expect(screen.getByText('Linha 3 — Telefone: Informe um telefone brasileiro com DDD, como (11) 98765-4321. Nada foi gravado.')).toBeInTheDocument();
    // The confirmation stays, to try again.
    expect(screen.getByRole('alertdialog', { name: 'Importar clientes?' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/importacoes/clientes')).toHaveLength(1);
  });

  it('pages the rows 50 at a time and downloads the rows with problems, with a "Problemas" column, to fix later', async () => {
    mockApi({ ...signedIn(), 'POST /api/importacoes/clientes/existentes': () => jsonResponse(200, { existentes: [] }) });
    const baixados = capturarArquivos();
    // 60 customers; every 20th phone is short.
    const linhas = Array.from({ length: 60 }, (_, i) => `Cliente ${i + 1};${i % 20 === 19 ? '9876' : `119${String(10_000_000 + i)}`};${i + 1},50`);
    const { user } = renderApp('/importar/clientes');
    await escolherArquivo(user, csv('grande.csv', ['Nome;Telefone;Saldo', ...linhas]));
    await user.click(await screen.findByRole('button', { name: 'Conferir as linhas' }));

    const lista = await screen.findByRole('list', { name: 'Linhas do arquivo' });
    expect(within(lista).getAllByRole('listitem', { name: /^Linha \d+$/ })).toHaveLength(50);
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(within(screen.getByRole('list', { name: 'Linhas do arquivo' })).getAllByRole('listitem', { name: /^Linha \d+$/ })).toHaveLength(10);
    expect(screen.getByRole('listitem', { name: 'Linha 61' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Baixar linhas com problemas (CSV)' }));
    await waitFor(() => expect(baixados).toHaveLength(1));
    expect(baixados[0]!.nome).toBe('grande-com-problemas.csv');
    const linhasCsv = (await texto(baixados[0]!.blob)).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(linhasCsv).toEqual(['Nome;Telefone;Saldo;Problemas', 'Cliente 20;9876;20,50;Telefone: número inválido', 'Cliente 40;9876;40,50;Telefone: número inválido', 'Cliente 60;9876;60,50;Telefone: número inválido']);
    expect(screen.getByRole('button', { name: 'Importar 57 clientes' })).toBeEnabled();
  });

  it('says plainly why a file cannot be read: an empty one', async () => {
    mockApi(signedIn());
    const { user } = renderApp('/importar/clientes');
    await escolherArquivo(user, new File([''], 'vazio.csv', { type: 'text/csv' }));
    const alerta = await screen.findByRole('alert');
    expect(within(alerta).getByText('Não foi possível ler o arquivo')).toBeInTheDocument();
    expect(within(alerta).getByText('O arquivo está vazio.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher arquivo' })).toBeEnabled();
  });

  it('downloads the templates with the column titles of the interface language', async () => {
    mockApi(signedIn());
    const baixados = capturarArquivos();
    const { user } = renderApp('/importar/clientes');
    await user.click(await screen.findByRole('button', { name: 'Baixar modelo (CSV)' }));
    await waitFor(() => expect(baixados).toHaveLength(1));
    expect(baixados[0]!.nome).toBe('modelo-clientes.csv');
    const [cabecalho, exemplo] = (await texto(baixados[0]!.blob)).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(cabecalho!.split(';')).toEqual(['Nome', 'Telefone', 'E-mail', 'Endereço', 'CPF', 'Limite de crédito', 'Observações', 'Saldo devedor inicial', 'Data do saldo', 'Vencimento combinado']);
    expect(exemplo).toMatch(/^Ana Souza;\(11\) 98765-4321;.*;500,00;.*;150,00;\d{2}\/\d{2}\/\d{4};\d{2}\/\d{2}\/\d{4}$/);

    await user.click(screen.getByRole('button', { name: 'Baixar modelo (XLSX)' }));
    await waitFor(() => expect(baixados).toHaveLength(2));
    expect(baixados[1]!.nome).toBe('modelo-clientes.xlsx');
    const xlsx = await lerPlanilha(new File([baixados[1]!.blob], 'modelo-clientes.xlsx'));
    expect(xlsx.formato).toBe('xlsx');
    expect(xlsx.cabecalhos[0]).toBe('Nome');
    expect(xlsx.cabecalhos).toHaveLength(10);

    await changeLanguage('en-US');
    await user.click(await screen.findByRole('button', { name: 'Download template (CSV)' }));
    await waitFor(() => expect(baixados).toHaveLength(3));
    expect(baixados[2]!.nome).toBe('customers-template.csv');
    const [header, example] = (await texto(baixados[2]!.blob)).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header!.split(',')).toEqual(['Name', 'Phone', 'Email', 'Address', 'CPF', 'Credit limit', 'Notes', 'Opening balance owed', 'Balance date', 'Agreed due date']);
    // Dates as en-US writes them: month first.
    expect(example).toMatch(/150\.00,(0[1-9]|1[0-2])\/\d{2}\/\d{4},(0[1-9]|1[0-2])\/\d{2}\/\d{4}$/);

    await user.click(screen.getByRole('button', { name: 'Download template (XLSX)' }));
    await waitFor(() => expect(baixados).toHaveLength(4));
    const en = await lerPlanilha(new File([baixados[3]!.blob], 'customers-template.xlsx'));
    expect(en.cabecalhos).toEqual(['Name', 'Phone', 'Email', 'Address', 'CPF', 'Credit limit', 'Notes', 'Opening balance owed', 'Balance date', 'Agreed due date']);
  });

  it('is not for a person without "backup e importação"', async () => {
    mockApi(signedIn(staff('gerente')));
    renderApp('/importar/clientes');
    expect(await screen.findByRole('heading', { name: 'Sua função na loja não permite abrir esta página' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Arquivo da planilha')).not.toBeInTheDocument();
  });
});

describe('/importar/produtos', { timeout: 30_000 }, () => {
  it('imports the products, updating the one whose barcode the shop has', async () => {
    const api = mockApi({
      ...signedIn(),
      'POST /api/importacoes/produtos/existentes': () => jsonResponse(200, { existentes: [{ chave: '7891234567895', id: '9d7c2c1e-2222-4222-8222-222222222222', nome: 'Arroz Tio João 5kg' }] }),
      'POST /api/importacoes/produtos': () => jsonResponse(201, importacao({ tipo: 'produtos', nomeArquivo: 'produtos.csv', criados: 1, atualizados: 1, ignorados: 0, saldos: 0, totalSaldos: 0 })),
    });
    const { user } = renderApp('/importar/produtos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Importar produtos' })).toBeInTheDocument();
    await escolherArquivo(user, csv('produtos.csv', ['Nome;Código de barras;Preço;Custo;Estoque', 'Arroz 5 kg;7891234567895;25,90;19,50;12', 'Feijão 1 kg;;8,49;;30', 'Café;;;;']));
    expect(coluna('Preço')).toHaveValue('precoVenda');
    await user.click(screen.getByRole('button', { name: 'Conferir as linhas' }));

    const contagens = await screen.findByRole('list', { name: 'Resumo das linhas' });
    expect(within(contagens).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 pronta para importar', '1 com problemas', '1 já cadastrado']);
    expect(within(linha(4)).getByText('Preço: obrigatório, está vazio')).toBeInTheDocument();
    // Only the barcode is asked about: products without one are always new.
    expect(api.calls('POST', '/api/importacoes/produtos/existentes')[0]!.body).toEqual({ chaves: ['7891234567895'] });

    await user.click(screen.getByRole('radio', { name: /Atualizar os dados/ }));
    await user.click(screen.getByRole('button', { name: 'Importar 2 produtos' }));
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Importar produtos?' });
    expect(within(confirmacao).getByText('1 produto novo')).toBeInTheDocument();
    expect(within(confirmacao).getByText('1 já cadastrado atualizado')).toBeInTheDocument();
    await user.click(within(confirmacao).getByRole('button', { name: 'Importar' }));

    expect(await screen.findByRole('heading', { name: 'Importação concluída' })).toBeInTheDocument();
    const body = api.calls('POST', '/api/importacoes/produtos')[0]!.body as { existentes: string; linhas: Array<Record<string, unknown>> };
    expect(body.existentes).toBe('atualizar');
    expect(body.linhas).toHaveLength(2);
    expect(body.linhas[0]).toMatchObject({ linha: 2, nome: 'Arroz 5 kg', codigoBarras: '7891234567895', precoVenda: 2590, precoCusto: 1950, estoqueAtual: 12 });
    expect(body.linhas[1]).toMatchObject({ linha: 3, nome: 'Feijão 1 kg', codigoBarras: null, precoVenda: 849, estoqueAtual: 30 });
    expect(screen.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
    expect(screen.queryByRole('link', { name: 'Ver devedores' })).not.toBeInTheDocument();
  });
});

describe('entry points', { timeout: 30_000 }, () => {
  const clientesVazios = () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { total: 0, ativos: 0, comPendencias: 0 } });

  it('/clientes offers "Importar clientes" to who has "backup e importação"', async () => {
    mockApi({ ...signedIn(), 'GET /api/clientes': clientesVazios });
    const { user, router } = renderApp('/clientes');
    const link = await screen.findByRole('link', { name: 'Importar clientes' });
    expect(link).toHaveAttribute('href', '/importar/clientes');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/importar/clientes'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Importar clientes' })).toBeInTheDocument();
  });

  it('/clientes has no "Importar clientes" without that permission', async () => {
    mockApi({ ...signedIn(staff('gerente')), 'GET /api/clientes': clientesVazios });
    renderApp('/clientes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    await screen.findByText('Nenhum cliente cadastrado');
    expect(screen.queryByRole('link', { name: 'Importar clientes' })).not.toBeInTheDocument();
  });

  it('/produtos offers "Importar produtos"', async () => {
    mockApi({ ...signedIn(), 'GET /api/produtos': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { total: 0, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } }) });
    renderApp('/produtos');
    expect(await screen.findByRole('link', { name: 'Importar produtos' })).toHaveAttribute('href', '/importar/produtos');
  });

  it('Configurações › Sistema: the ways in and the last imports, with "Desfazer" and the server\'s reason when it cannot', async () => {
    const desfeita = importacao({ id: '5b0e8a4e-7d7f-4d7e-9a51-3c2f1f0b9a02', tipo: 'produtos', nomeArquivo: 'produtos.xlsx', por: null, criados: 40, ignorados: 0, saldos: 0, totalSaldos: 0, desfeitaEm: '2026-03-19T12:00:00.000Z' });
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
      'GET /api/backup/automaticos': () => jsonResponse(200, { ativo: false, itens: [] }),
      'GET /api/importacoes': () => jsonResponse(200, { items: [importacao(), desfeita] }),
      [`POST /api/importacoes/${ID}/desfazer`]: () => jsonResponse(409, { code: 'IMPORTACAO_EM_USO', message: 'Esta importação não pode mais ser desfeita.' }),
    });
    const { user } = renderApp('/configuracoes?aba=sistema');
    expect(await screen.findByRole('heading', { name: 'Importar planilha' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importar clientes' })).toHaveAttribute('href', '/importar/clientes');
    expect(screen.getByRole('link', { name: 'Importar produtos' })).toHaveAttribute('href', '/importar/produtos');
    // Asked for only when opened.
    expect(api.calls('GET', '/api/importacoes')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Últimas importações' }));

    const lista = await screen.findByRole('list', { name: 'Últimas importações' });
    const caderno = within(lista).getByRole('listitem', { name: 'caderno.csv' });
    expect(within(caderno).getByText(/^20\/03\/2026.* · Clientes · por Maria da Silva$/)).toBeInTheDocument();
    expect(within(caderno).getByText('Novos: 2 · Atualizados: 0 · Ignorados: 1')).toBeInTheDocument();
    expect(within(caderno).getByText('1 saldo anterior de R$ 150,00')).toBeInTheDocument();
    const produtos = within(lista).getByRole('listitem', { name: 'produtos.xlsx' });
    expect(within(produtos).getByText(/^Desfeita em 19\/03\/2026/)).toBeInTheDocument();
    expect(within(produtos).queryByRole('button', { name: /Desfazer/ })).not.toBeInTheDocument();

    await user.click(within(caderno).getByRole('button', { name: 'Desfazer a importação de caderno.csv' }));
    const dialogo = await screen.findByRole('alertdialog', { name: 'Desfazer esta importação?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('Não foi possível desfazer')).toBeInTheDocument();
    expect(
      screen.getByText('Não dá para desfazer esta importação: os clientes ou produtos dela já foram usados ou alterados depois (vendas, pagamentos ou edições).'),
    ).toBeInTheDocument();
  });

  it('Configurações › Sistema says when there are no imports yet', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
      'GET /api/backup/automaticos': () => jsonResponse(200, { ativo: false, itens: [] }),
      'GET /api/importacoes': () => jsonResponse(200, { items: [] }),
    });
    const { user } = renderApp('/configuracoes?aba=sistema');
    await user.click(await screen.findByRole('button', { name: 'Últimas importações' }));
    expect(await screen.findByText('Nenhuma importação feita ainda.')).toBeInTheDocument();
  });
});

import type { AuditoriaItem, AuditoriaPage } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, signedIn, type FakeRequest } from '@/test/utils';
import { captureDownloads } from '@/test/downloads';

const CLIENTE = '11111111-1111-4111-8111-111111111111';
const VENDA = '22222222-2222-4222-8222-222222222222';
const PRODUTO = '33333333-3333-4333-8333-333333333333';

const MARIA = { tipo: 'pessoa', id: 'u1', nome: 'Maria da Silva' } as const;
const AUTORES = [MARIA, { tipo: 'sistema', id: null, nome: null }, { tipo: 'mercado_pago', id: null, nome: null }, { tipo: 'importacao', id: null, nome: null }];

let ids = 100;
function item(overrides: Partial<AuditoriaItem>): AuditoriaItem {
  ids -= 1;
  return {
    id: String(ids),
    em: '2026-03-10T15:00:00.000Z',
    autor: MARIA,
    acao: 'cliente.alterado',
    registro: { tipo: 'cliente', id: CLIENTE, nome: 'José da Silva' },
    clienteId: CLIENTE,
    mudancas: [],
    detalhes: {},
    motivo: null,
    ip: '200.10.20.30',
    ...overrides,
  };
}

const cancelada = item({
  acao: 'venda.cancelada',
  registro: { tipo: 'venda', id: VENDA, nome: 'V1741600000000' },
  mudancas: [{ campo: 'statusPagamento', antes: 'pendente', depois: 'cancelado' }],
  detalhes: { valorTotal: 5000, formaPagamento: 'fiado', cliente: 'José da Silva' },
  motivo: 'Cliente devolveu o café',
});
const limite = item({
  em: '2026-03-09T13:30:00.000Z',
  mudancas: [
    { campo: 'telefone', antes: '11987654321', depois: '11999998888' },
    { campo: 'limiteCredito', antes: 10000, depois: 25000 },
  ],
});
const estoque = item({
  acao: 'produto.alterado',
  registro: { tipo: 'produto', id: PRODUTO, nome: 'Queijo Minas' },
  clienteId: null,
  mudancas: [
    { campo: 'precoVenda', antes: 2990, depois: 3190 },
    { campo: 'estoqueAtual', antes: 4750, depois: 4000 },
  ],
  detalhes: { unidade: 'kg' },
});
const vendaComPreco = item({
  acao: 'venda.criada',
  registro: { tipo: 'venda', id: VENDA, nome: 'V1741600000000' },
  mudancas: [{ campo: 'precoVenda', item: 'Café', antes: 1000, depois: 900 }],
  detalhes: { valorTotal: 1700, formaPagamento: 'vista', cliente: null, feitaEm: '2026-03-08T14:00:00.000Z' },
});
const online = item({
  acao: 'pagamento_online.creditado',
  autor: { tipo: 'mercado_pago', id: null, nome: null },
  mudancas: [{ campo: 'saldo', antes: -1700, depois: -1200 }],
  detalhes: { valor: 500, metodoOnline: 'pix', pagamentoMp: '123' },
  ip: null,
});
const ajuste = item({ acao: 'ajuste.registrado', mudancas: [{ campo: 'saldo', antes: -1200, depois: -1500 }], detalhes: { valor: -300, metodo: null }, motivo: 'Caderno antigo' });
const cobranca = item({ acao: 'cliente.cobranca_alterada', mudancas: [{ campo: 'dataVencimento', antes: null, depois: '2026-04-05' }] });
const sistema = item({
  acao: 'configuracoes.sistema',
  registro: { tipo: 'loja', id: null, nome: null },
  clienteId: null,
  mudancas: [
    { campo: 'idioma', antes: 'pt-BR', depois: 'en-US' },
    { campo: 'backupAutomatico', antes: false, depois: true },
    { campo: 'campoNovo', antes: 'a', depois: 'b' },
  ],
});
const segredos = item({
  acao: 'configuracoes.mercadopago',
  registro: { tipo: 'loja', id: null, nome: null },
  clienteId: null,
  mudancas: [{ campo: 'accessToken', antes: null, depois: null }],
});
const foto = item({ acao: 'configuracoes.perfil', registro: { tipo: 'loja', id: null, nome: null }, clienteId: null, mudancas: [{ campo: 'avatar', antes: null, depois: null }] });
const lembrete = item({ acao: 'cliente.lembrete_enviado', autor: { tipo: 'sistema', id: null, nome: null }, detalhes: { faixa: 'firme', valor: 2000, diasAtraso: 12 }, ip: null });

const pagina = (items: AuditoriaItem[], nextCursor: string | null = null): AuditoriaPage => ({ items, nextCursor });

/** Every request of the list (the CSV's are the ones of 100 rows). */
const pedidos = (api: ReturnType<typeof mockApi>) => api.calls('GET', '/api/auditoria');
const ultimoPedido = (api: ReturnType<typeof mockApi>) => Object.fromEntries(pedidos(api).at(-1)!.query);

function historico(answer: (request: FakeRequest) => Response | Promise<Response>) {
  return mockApi({
    ...signedIn(),
    'GET /api/auditoria': answer,
    'GET /api/auditoria/autores': () => jsonResponse(200, AUTORES),
  });
}

/** Each change line of a row, as it reads. */
const mudancas = (row: HTMLElement) =>
  within(within(row).getByRole('list', { name: 'O que mudou' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const linha = (nome: string | RegExp) => screen.getAllByRole('listitem', { name: nome })[0]!;

describe('/historico', { timeout: 30_000 }, () => {
  it('says each change in words: who, when, what, the record as a link, the reason and "Campo: antes → depois"', async () => {
    historico(() => jsonResponse(200, pagina([cancelada, limite, estoque, vendaComPreco, online, ajuste, cobranca, sistema, segredos, foto, lembrete])));
    renderApp('/historico');
    expect(await screen.findByRole('heading', { level: 1, name: 'Histórico' })).toBeInTheDocument();
    const lista = await screen.findByRole('list', { name: 'Mudanças da loja' });
    expect(within(lista).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Venda cancelada',
      'Cliente alterado',
      'Produto alterado',
      'Venda registrada',
      'Pagamento online creditado (Mercado Pago)',
      'Ajuste de saldo',
      'Cobrança do cliente alterada',
      'Configurações do sistema alteradas',
      'Configurações do Mercado Pago alteradas',
      'Perfil alterado',
      'Lembrete de cobrança enviado',
    ]);

    // Dated in the shop's time zone (São Paulo); the person; the sale, linked; its total and way of payment; why.
    const venda = linha('Venda cancelada');
    expect(within(venda).getByText('10/03/2026, 12:00')).toHaveAttribute('datetime', '2026-03-10T15:00:00.000Z');
    expect(within(venda).getByText('Maria da Silva')).toBeInTheDocument();
    expect(within(venda).getByRole('link', { name: 'Venda V1741600000000' })).toHaveAttribute('href', '/vendas?busca=V1741600000000');
    expect(within(venda).getByText('Total R$ 50,00 · Fiado · José da Silva')).toBeInTheDocument();
    expect(within(venda).getByText('Motivo:').parentElement).toHaveTextContent('Motivo: Cliente devolveu o café');
    expect(mudancas(venda)).toEqual(['Situação: Pendente → Cancelado']);

    const cliente = linha('Cliente alterado');
    expect(within(cliente).getByRole('link', { name: 'José da Silva' })).toHaveAttribute('href', '/clientes?busca=Jos%C3%A9%20da%20Silva');
    expect(mudancas(cliente)).toEqual(['Telefone: (11) 98765-4321 → (11) 99999-8888', 'Limite de crédito: R$ 100,00 → R$ 250,00']);

    // A product sold by the kg: its stock in kg, not in the grams the trail keeps.
    const produto = linha('Produto alterado');
    expect(within(produto).getByRole('link', { name: 'Queijo Minas' })).toHaveAttribute('href', '/produtos?busca=Queijo%20Minas');
    expect(mudancas(produto)).toEqual(['Preço de venda: R$ 29,90 → R$ 31,90', 'Estoque: 4,750 kg → 4,000 kg']);

    // A price changed at the counter names its product first.
    const registrada = linha('Venda registrada');
    expect(within(registrada).getByText('Total R$ 17,00 · À vista')).toBeInTheDocument();
    expect(mudancas(registrada)).toEqual(['Café — Preço de venda: R$ 10,00 → R$ 9,00']);
    // Made at the counter without internet: when it really was.
    expect(within(registrada).getByText('Feita sem internet em 08/03/2026, 11:00')).toBeInTheDocument();

    const mp = linha('Pagamento online creditado (Mercado Pago)');
    expect(within(mp).getByText('Mercado Pago')).toBeInTheDocument();
    expect(within(mp).getByText('Valor R$ 5,00 · PIX')).toBeInTheDocument();
    expect(mudancas(mp)).toEqual(['Saldo: −R$ 17,00 → −R$ 12,00']);

    const saldo = linha('Ajuste de saldo');
    expect(within(saldo).getByText('Valor −R$ 3,00')).toBeInTheDocument();
    expect(mudancas(saldo)).toEqual(['Saldo: −R$ 12,00 → −R$ 15,00']);

    expect(mudancas(linha('Cobrança do cliente alterada'))).toEqual(['Data de vencimento: — → 05/04/2026']);

    // The settings: yes/no, a language by its name, a field without words as the trail names it.
    const config = linha('Configurações do sistema alteradas');
    expect(within(config).getByRole('link', { name: 'Loja' })).toHaveAttribute('href', '/configuracoes?aba=sistema');
    expect(mudancas(config)).toEqual(['Idioma: Português (Brasil) → English (US)', 'Backup automático: Não → Sim', 'campoNovo: a → b']);
    // A secret and the photo change without their values.
    expect(mudancas(linha('Configurações do Mercado Pago alteradas'))).toEqual(['Token de acesso: alterado']);
    expect(mudancas(linha('Perfil alterado'))).toEqual(['Foto alterada']);

    const aviso = linha('Lembrete de cobrança enviado');
    expect(within(aviso).getByText('Sistema')).toBeInTheDocument();
    expect(within(aviso).getByText('Valor cobrado R$ 20,00')).toBeInTheDocument();
    expect(within(aviso).queryByRole('list', { name: 'O que mudou' })).not.toBeInTheDocument();
  });

  it('puts each filter in the request and the URL: person, kind, period; "Limpar filtros" drops them', async () => {
    const api = historico(() => jsonResponse(200, pagina([cancelada])));
    const { user, router } = renderApp('/historico');
    await screen.findByRole('list', { name: 'Mudanças da loja' });
    expect(ultimoPedido(api)).toEqual({ pageSize: '50' });

    const pessoa = screen.getByLabelText('Pessoa');
    await waitFor(() => expect(within(pessoa).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas as pessoas', 'Maria da Silva', 'Sistema', 'Mercado Pago', 'Importação']));
    await user.selectOptions(pessoa, 'Maria da Silva');
    await waitFor(() => expect(ultimoPedido(api)).toEqual({ autor: 'u1', pageSize: '50' }));
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Cancelamentos');
    await waitFor(() => expect(ultimoPedido(api)).toEqual({ autor: 'u1', grupo: 'cancelamentos', pageSize: '50' }));
    await user.type(screen.getByLabelText('De'), '01032026');
    await waitFor(() => expect(ultimoPedido(api)).toMatchObject({ de: '2026-03-01' }));
    await user.type(screen.getByLabelText('Até'), '10032026');
    await waitFor(() => expect(ultimoPedido(api)).toEqual({ autor: 'u1', grupo: 'cancelamentos', de: '2026-03-01', ate: '2026-03-10', pageSize: '50' }));
    expect(new URLSearchParams(router.state.location.search).get('grupo')).toBe('cancelamentos');

    await user.selectOptions(screen.getByLabelText('Pessoa'), 'Sistema');
    await waitFor(() => expect(ultimoPedido(api)).toMatchObject({ autor: 'sistema' }));

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(ultimoPedido(api)).toEqual({ pageSize: '50' }));
    await waitFor(() => expect(screen.getByLabelText('De')).toHaveValue(''));
    expect(screen.getByLabelText('Tipo')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
  });

  it('"Carregar mais" asks for the rows after the last one shown (the cursor) and adds them below', async () => {
    const antiga = item({ acao: 'cliente.criado', em: '2026-03-01T12:00:00.000Z', mudancas: [{ campo: 'nome', antes: null, depois: 'José da Silva' }] });
    const segunda = deferred<Response>();
    const api = historico((request) => (request.query.get('cursor') === '1741608000000000_99' ? segunda.promise : jsonResponse(200, pagina([cancelada], '1741608000000000_99'))));
    const { user } = renderApp('/historico');
    const lista = await screen.findByRole('list', { name: 'Mudanças da loja' });
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('button', { name: 'Carregando...' })).toBeDisabled();
    expect(ultimoPedido(api)).toEqual({ pageSize: '50', cursor: '1741608000000000_99' });
    segunda.resolve(jsonResponse(200, pagina([antiga])));

    await waitFor(() => expect(within(lista).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Venda cancelada', 'Cliente cadastrado']));
    expect(mudancas(linha('Cliente cadastrado'))).toEqual(['Nome: — → José da Silva']);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(pedidos(api)).toHaveLength(2);
  });

  it('says "Nada registrado neste período" when nothing matches', async () => {
    historico(() => jsonResponse(200, pagina([])));
    renderApp('/historico?de=2026-03-11');
    expect(await screen.findByRole('heading', { name: 'Nada registrado neste período' })).toBeInTheDocument();
    expect(screen.getByText('Mude ou limpe os filtros para ver outras mudanças.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('shows the loading text, then an error with "Tentar novamente" that loads again', async () => {
    const primeira = deferred<Response>();
    let falha = true;
    historico(() => (falha ? primeira.promise : jsonResponse(200, pagina([cancelada]))));
    const { user } = renderApp('/historico');
    expect(await screen.findByText('Carregando histórico...')).toBeInTheDocument();
    primeira.resolve(jsonResponse(400, { code: 'VALIDATION', message: 'x' }));
    const alerta = await screen.findByRole('alert');
    expect(within(alerta).getByText('Erro ao carregar o histórico')).toBeInTheDocument();
    falha = false;
    await user.click(within(alerta).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('listitem', { name: 'Venda cancelada' })).toBeInTheDocument();
  });

  it("opened from a customer, shows only theirs, says whose, and goes back to everything", async () => {
    const api = historico((request) => jsonResponse(200, pagina(request.query.get('clienteId') ? [cancelada, limite] : [cancelada, limite, estoque])));
    const { user, router } = renderApp(`/historico?clienteId=${CLIENTE}`);
    await screen.findByRole('list', { name: 'Mudanças da loja' });
    expect(ultimoPedido(api)).toEqual({ clienteId: CLIENTE, pageSize: '50' });
    expect(screen.getByText('Somente: José da Silva')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mostrar todo o histórico' }));
    await waitFor(() => expect(ultimoPedido(api)).toEqual({ pageSize: '50' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('listitem', { name: 'Produto alterado' })).toBeInTheDocument();
    expect(screen.queryByText(/^Somente:/)).not.toBeInTheDocument();
  });

  it("opened from a sale or a product, asks for that record's own rows", async () => {
    const api = historico(() => jsonResponse(200, pagina([cancelada])));
    const { unmount } = renderApp(`/historico?registro=venda&registroId=${VENDA}`);
    expect(await screen.findByText('Somente: Venda V1741600000000')).toBeInTheDocument();
    expect(ultimoPedido(api)).toEqual({ registro: 'venda', registroId: VENDA, pageSize: '50' });
    unmount();

    const vazio = historico(() => jsonResponse(200, pagina([])));
    renderApp(`/historico?registro=produto&registroId=${PRODUTO}`);
    // Nothing recorded yet: the product is named as such.
    expect(await screen.findByText('Somente: este produto')).toBeInTheDocument();
    // The product's name comes from the address, before the list's request is sent.
    await waitFor(() => expect(ultimoPedido(vazio)).toEqual({ registro: 'produto', registroId: PRODUTO, pageSize: '50' }));
  });

  it('exports every row the filters match, reading pages of 100: one CSV line per change, one for a row without', async () => {
    const files = captureDownloads();
    const segunda = deferred<Response>();
    const api = historico((request) => {
      if (request.query.get('pageSize') !== '100') return jsonResponse(200, pagina([cancelada], 'x'));
      return request.query.get('cursor') === 'p2' ? segunda.promise : jsonResponse(200, pagina([cancelada, limite], 'p2'));
    });
    const { user } = renderApp('/historico?grupo=clientes');
    await screen.findByRole('list', { name: 'Mudanças da loja' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    // The button counts what it has read and waits for the rest.
    expect(await screen.findByRole('button', { name: 'Exportando... 2 mudanças' })).toBeDisabled();
    segunda.resolve(jsonResponse(200, pagina([sistema, lembrete])));

    expect(await screen.findByText('Histórico exportado')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    const csv = pedidos(api)
      .filter((r) => r.query.get('pageSize') === '100')
      .map((r) => Object.fromEntries(r.query));
    expect(csv).toEqual([
      { grupo: 'clientes', pageSize: '100' },
      { grupo: 'clientes', pageSize: '100', cursor: 'p2' },
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^historico-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await files[0]!.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Data', 'Pessoa', 'Ação', 'Registro', 'Campo', 'Antes', 'Depois', 'Motivo', 'Endereço IP'],
      ['10/03/2026, 12:00', 'Maria da Silva', 'Venda cancelada', 'Venda V1741600000000', 'Situação', 'Pendente', 'Cancelado', 'Cliente devolveu o café', '200.10.20.30'],
      ['09/03/2026, 10:30', 'Maria da Silva', 'Cliente alterado', 'José da Silva', 'Telefone', '(11) 98765-4321', '(11) 99999-8888', '', '200.10.20.30'],
      // Money as a number a spreadsheet adds up, with the language's decimal mark.
      ['09/03/2026, 10:30', 'Maria da Silva', 'Cliente alterado', 'José da Silva', 'Limite de crédito', '100,00', '250,00', '', '200.10.20.30'],
      ['10/03/2026, 12:00', 'Maria da Silva', 'Configurações do sistema alteradas', 'Loja', 'Idioma', 'Português (Brasil)', 'English (US)', '', '200.10.20.30'],
      ['10/03/2026, 12:00', 'Maria da Silva', 'Configurações do sistema alteradas', 'Loja', 'Backup automático', 'Não', 'Sim', '', '200.10.20.30'],
      ['10/03/2026, 12:00', 'Maria da Silva', 'Configurações do sistema alteradas', 'Loja', 'campoNovo', 'a', 'b', '', '200.10.20.30'],
      ['10/03/2026, 12:00', 'Sistema', 'Lembrete de cobrança enviado', 'José da Silva', '', '', '', '', ''],
    ]);
  });

  it('says so when the export cannot read the history, and lets the seller try again', async () => {
    captureDownloads();
    historico((request) => (request.query.get('pageSize') === '100' ? jsonResponse(503, { code: 'INTERNAL', message: '' }) : jsonResponse(200, pagina([cancelada]))));
    const { user } = renderApp('/historico');
    await screen.findByRole('list', { name: 'Mudanças da loja' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Não foi possível exportar o histórico')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});

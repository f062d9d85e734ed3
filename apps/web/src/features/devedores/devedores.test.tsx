import { MENSAGENS_PADRAO, type CobrancaConfig, type Devedor, type DevedorDetalhe, type DevedoresPage, type Lembrete } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, signedIn } from '@/test/utils';
import { mensagemDoDevedor } from './mensagem';

const ANA = '11111111-1111-4111-8111-111111111111';
const BETO = '22222222-2222-4222-8222-222222222222';
const CAIO = '33333333-3333-4333-8333-333333333333';

function devedor(overrides: Partial<Devedor> = {}): Devedor {
  return {
    id: ANA,
    nome: 'Ana Souza',
    telefone: '11987654321',
    login: 'ana48213',
    saldoAtual: -15_000,
    saldoPendente: 15_000,
    pendenteDesde: '2026-01-10',
    totalVendas: 3,
    dataVencimento: '2026-02-01',
    vencimentoProprio: false,
    diasEmAtraso: 40,
    estaVencido: true,
    nivel: 'critico',
    faixa: 'formal',
    ultimoLembrete: null,
    lembradoHoje: false,
    promessa: null,
    contestacaoAberta: false,
    ultimoAviso: null,
    reguaAutomatica: false,
    parcela: null,
    pix: null,
    ...overrides,
  };
}

const ITENS = [
  devedor(),
  devedor({ id: BETO, nome: 'Beto Lima', telefone: '', login: null, saldoAtual: -4_000, saldoPendente: 4_000, dataVencimento: '2026-03-01', diasEmAtraso: 10, nivel: 'medio', faixa: 'firme', ultimoLembrete: { data: '2026-03-10T20:00:00.000Z', faixa: 'firme' } }),
  devedor({ id: CAIO, nome: 'Caio Reis', telefone: '21987654321', login: 'caio12345', saldoAtual: -2_500, saldoPendente: 2_500, dataVencimento: '2026-03-14', diasEmAtraso: 0, estaVencido: false, nivel: 'baixo', faixa: 'a_vencer' }),
];

const page = (items: Devedor[] = ITENS, resumo: Partial<DevedoresPage['resumo']> = {}): DevedoresPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  hoje: '2026-03-11',
  resumo: { totalDevedores: 3, dividasVencidas: 2, valorTotal: 21_500, casosCriticos: 1, mediaAtraso: 17, ...resumo },
});

const config = (overrides: Partial<CobrancaConfig> = {}): CobrancaConfig => ({
  regra: { tipo: 'proximo_mes', diaVencimento: 1, diasPrazo: 30, dataFixa: null },
  mensagens: MENSAGENS_PADRAO['pt-BR'],
  padroes: MENSAGENS_PADRAO['pt-BR'],
  lembreteAntecipado: false,
  diasAntecedencia: 3,
  regua: { ativa: false, dias: [1, 2, 3, 4, 5, 6], inicio: 8, fim: 20, limiteDiario: 250 },
  loja: { nome: 'Mercadinho da Maria', documento: '12345678000190' },
  idioma: 'pt-BR',
  moeda: 'BRL',
  hoje: '2026-03-11',
  pixExemplo: null,
  ...overrides,
});

const CODIGO_PIX = '00020126360014br.gov.bcb.pix0114+5511987654321520400005303986540515.005802BR6304ABCD';

function detalhe(overrides: Partial<DevedorDetalhe> = {}): DevedorDetalhe {
  return { ...devedor(), email: 'ana@example.com', endereco: 'Rua A, 1', observacoes: null, limiteCredito: 100_000, disponivel: 85_000, ativo: true, dataVencimentoPropria: null, compraMaisAntiga: null, hoje: '2026-03-11', ...overrides };
}

function openDevedores(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn(),
    'GET /api/devedores': () => jsonResponse(200, page()),
    'GET /api/cobranca': () => jsonResponse(200, config()),
    // No customer disputed anything unless a test says so.
    ...Object.fromEntries([ANA, BETO, CAIO].map((id) => [`GET /api/clientes/${id}/contestacoes`, () => jsonResponse(200, { items: [] })])),
    // Nor has a schedule of instalments, unless a test says so.
    ...Object.fromEntries([ANA, BETO, CAIO].map((id) => [`GET /api/devedores/${id}/parcelamento`, () => jsonResponse(200, { ativo: null, historico: [], saldoPendente: 15_000, hoje: '2026-03-11' })])),
    // Nor was written to by the app, unless a test says so.
    ...Object.fromEntries([ANA, BETO, CAIO].map((id) => [`GET /api/clientes/${id}/mensagens`, () => jsonResponse(200, { items: [] })])),
    ...handlers,
  });
  return { ...renderApp('/devedores'), api };
}

/** The query strings /api/devedores was called with. */
const listQueries = (api: ReturnType<typeof mockApi>) =>
  api.spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/api/devedores').map((u) => u.search);

const card = (nome: string) => screen.getByRole('listitem', { name: nome });

describe('the collection message of a debtor', () => {
  it('asks for all she owes, or, with instalments, for what falls due on the instalment', () => {
    const ana = devedor({ saldoPendente: 30_000, dataVencimento: '2026-03-01' });
    expect(mensagemDoDevedor(ana, config(), 'https://caderneta.app')).toContain('R$ 300,00');
    const parcelada = mensagemDoDevedor({ ...ana, parcela: { numero: 1, de: 3, vencimento: '2026-03-01', aberto: 10_000, devido: 10_000 } }, config(), 'https://caderneta.app');
    expect(parcelada).toContain('R$ 100,00');
    expect(parcelada).not.toContain('R$ 300,00');
    expect(parcelada).toContain('01/03/2026');
  });
});

describe('/devedores', { timeout: 30_000 }, () => {
  it("shows how the newest automatic notice went on the debtor's card (WhatsApp: delivered, read, failed), and that the régua reminds her", async () => {
    openDevedores({
      'GET /api/devedores': () =>
        jsonResponse(200, page([devedor({ ultimoAviso: { canal: 'whatsapp', status: 'lida', em: '2026-03-10T13:05:00.000Z' }, reguaAutomatica: true }), ITENS[1]!])),
    });
    const card = await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    expect(within(card).getByText('Último aviso automático:')).toBeInTheDocument();
    expect(within(card).getByText('WhatsApp: Lida · 10/03/2026, 10:05')).toBeInTheDocument();
    expect(within(card).getByText('Régua automática:')).toBeInTheDocument();
    expect(within(card).getByText('os lembretes saem sozinhos')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Beto Lima' })).queryByText('Régua automática:')).not.toBeInTheDocument();
  });

  it('shows the five cards and each debtor with badges, balance, phone, dates and last reminder', async () => {
    openDevedores();
    const ana = await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    // Each debtor's name is a heading right under the page's h1 (no level skipped).
    expect(within(ana).getByRole('heading', { level: 2, name: 'Ana Souza' })).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Devedores' });
    expect(within(cards).getByRole('group', { name: 'Total Devedores' })).toHaveTextContent('3');
    expect(within(cards).getByRole('group', { name: 'Dívidas Vencidas' })).toHaveTextContent('2');
    expect(within(cards).getByRole('group', { name: 'Valor Total' })).toHaveTextContent('R$ 215,00');
    expect(within(cards).getByRole('group', { name: 'Casos Críticos' })).toHaveTextContent('1');
    expect(within(cards).getByRole('group', { name: 'Média Atraso' })).toHaveTextContent('17 dias');

    expect(within(ana).getByText('40 dias de atraso')).toBeInTheDocument();
    expect(within(ana).getByText('CRÍTICO')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 150,00')).toBeInTheDocument();
    expect(within(ana).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(ana).getByText('10/01/2026')).toBeInTheDocument();
    expect(within(ana).getByText('01/02/2026 (VENCIDO)')).toBeInTheDocument();
    expect(within(ana).getByText('Nenhum')).toBeInTheDocument();

    const beto = card('Beto Lima');
    expect(within(beto).getByText('Não informado')).toBeInTheDocument();
    expect(within(beto).getByText('MÉDIO')).toBeInTheDocument();
    expect(within(beto).getByText('10/03/2026, 17:00 · Firme')).toBeInTheDocument();
    const caio = card('Caio Reis');
    expect(within(caio).getByText('No prazo')).toBeInTheDocument();
    expect(within(caio).getByText('14/03/2026')).toBeInTheDocument();
  });

  it("opens WhatsApp with the tier's message filled in, and offers to record the reminder", async () => {
    const { user, api } = openDevedores({ [`POST /api/devedores/${ANA}/lembretes`]: () => jsonResponse(201, {} as Lembrete) });
    const ana = await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    const link = await within(ana).findByRole('link', { name: 'Enviar cobrança para Ana Souza pelo WhatsApp' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/5511987654321');
    expect(link).toHaveAttribute('target', '_blank');
    const texto = url.searchParams.get('text')!;
    // 40 days overdue: the formal tier, with the shop's name and CNPJ at the end.
    expect(texto).toMatch(/^Prezado cliente Ana Souza, informamos que consta em aberto na loja Mercadinho da Maria o valor de R\$ 150,00, vencido em 01\/02\/2026 \(40 dias de atraso\)/);
    expect(texto).toContain('http://localhost:3000/cliente/ana48213');
    expect(texto.endsWith('Credor: Mercadinho da Maria — CNPJ 12.345.678/0001-90')).toBe(true);

    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    // The card itself asks, for as long as it takes (no toast to catch before it goes).
    const pergunta = within(ana).getByRole('group', { name: 'WhatsApp aberto para Ana Souza.' });
    expect(pergunta).toHaveTextContent('Enviou a mensagem? Marque para registrar o lembrete.');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    await user.click(within(pergunta).getByRole('button', { name: 'Marcar o lembrete para Ana Souza como enviado' }));
    expect(await screen.findByText('Lembrete registrado')).toBeInTheDocument();
    expect(api.calls('POST', `/api/devedores/${ANA}/lembretes`)).toHaveLength(1);
    await waitFor(() => expect(within(ana).queryByRole('group', { name: 'WhatsApp aberto para Ana Souza.' })).not.toBeInTheDocument());
  });

  it('marks a reminder sent from the card at any time, and forgets the question when the seller did not send it', async () => {
    let lembrete: Devedor['ultimoLembrete'] = null;
    const { user, api } = openDevedores({
      'GET /api/devedores': () => jsonResponse(200, page([ITENS[0]!, devedor({ ...ITENS[2]!, ultimoLembrete: lembrete })])),
      [`POST /api/devedores/${CAIO}/lembretes`]: () => {
        lembrete = { data: '2026-03-11T13:05:00.000Z', faixa: 'a_vencer' };
        return jsonResponse(201, {} as Lembrete);
      },
    });
    const caio = await screen.findByRole('listitem', { name: 'Caio Reis' }, { timeout: 15_000 });
    expect(within(caio).getByText('Nenhum')).toBeInTheDocument();
    // Sent some other way, or WhatsApp was opened long ago: the card records it all the same.
    await user.click(within(caio).getByRole('button', { name: 'Marcar o lembrete para Caio Reis como enviado' }));
    expect(await screen.findByText('Lembrete registrado')).toBeInTheDocument();
    expect(await within(caio).findByText('11/03/2026, 10:05 · Lembrete amigável')).toBeInTheDocument();
    expect(api.calls('POST', `/api/devedores/${CAIO}/lembretes`)).toHaveLength(1);

    // Opened and not sent: "Não enviei" drops the question and records nothing.
    const ana = card('Ana Souza');
    const link = within(ana).getByRole('link', { name: /WhatsApp/ });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await user.click(within(ana).getByRole('button', { name: 'Não enviei' }));
    expect(within(ana).queryByRole('group', { name: 'WhatsApp aberto para Ana Souza.' })).not.toBeInTheDocument();
    expect(within(ana).getByRole('button', { name: 'Marcar o lembrete para Ana Souza como enviado' })).toBeInTheDocument();
    expect(api.calls('POST', `/api/devedores/${ANA}/lembretes`)).toHaveLength(0);
  });

  it('disables WhatsApp with a hint when the phone is missing, and uses the friendly message before the due date', async () => {
    openDevedores();
    const beto = await screen.findByRole('listitem', { name: 'Beto Lima' }, { timeout: 15_000 });
    const button = within(beto).getByRole('button', { name: 'Enviar cobrança para Beto Lima pelo WhatsApp' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Sem telefone válido para o WhatsApp');
    const caio = within(card('Caio Reis')).getByRole('link', { name: /WhatsApp/ });
    expect(new URL(caio.getAttribute('href')!).searchParams.get('text')).toMatch(/^Olá, Caio Reis! Tudo bem\? .* vence em 14\/03\/2026/);
  });

  it("fills {pix} with the shop's PIX copia e cola for each debtor, and leaves it out cleanly without one", async () => {
    const comPix = { ...MENSAGENS_PADRAO['pt-BR'], formal: 'Prezado {nome}, seu saldo é {saldo}.\nPIX copia e cola:\n{pix}\nObrigado.', padrao: 'Olá, {nome}! Vence em {vencimento}.\nPIX copia e cola:\n{pix}\nAté logo.' };
    openDevedores({
      'GET /api/devedores': () => jsonResponse(200, page([devedor({ pix: CODIGO_PIX }), ITENS[2]!])),
      'GET /api/cobranca': () => jsonResponse(200, config({ mensagens: comPix })),
    });
    const ana = await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    const texto = (item: HTMLElement) => new URL(within(item).getByRole('link', { name: /WhatsApp/ }).getAttribute('href')!).searchParams.get('text');
    expect(texto(ana)).toBe(`Prezado Ana Souza, seu saldo é R$ 150,00.\nPIX copia e cola:\n${CODIGO_PIX}\nObrigado.\n\nCredor: Mercadinho da Maria — CNPJ 12.345.678/0001-90`);
    // Caio's shop code is null here (as when the shop has no PIX key): neither the code nor its label.
    expect(texto(card('Caio Reis'))).toBe('Olá, Caio Reis! Vence em 14/03/2026.\nAté logo.');
  });

  it('copies the customer link, or says the customer has no login', async () => {
    const { user } = openDevedores();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Copiar o link de acesso de Ana Souza' }, { timeout: 15_000 }));
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/cliente/ana48213');
    await user.click(screen.getByRole('button', { name: 'Copiar o link de acesso de Beto Lima' }));
    expect(await screen.findByText('Cliente não possui login configurado')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('sends the search, sort and level to the server and keeps them in the URL', async () => {
    const { user, api, router } = openDevedores();
    await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    await user.selectOptions(screen.getByLabelText('Ordenar'), 'Mais Antigo');
    await user.selectOptions(screen.getByLabelText('Nível de atraso'), 'Crítico');
    await user.type(screen.getByLabelText('Buscar devedores'), 'ana');
    await waitFor(() => expect(listQueries(api)).toContain('?busca=ana&ordem=mais_antigo&nivel=critico&pageSize=20'));
    expect(router.state.location.search).toContain('ordem=mais_antigo');
    expect(router.state.location.search).toContain('nivel=critico');
  });

  it('says when nobody owes, and when a search finds no one', async () => {
    openDevedores({ 'GET /api/devedores': () => jsonResponse(200, page([], { totalDevedores: 0, dividasVencidas: 0, valorTotal: 0, casosCriticos: 0, mediaAtraso: 0 })) });
    expect(await screen.findByText('Nenhum devedor', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('offers "Tentar novamente" when the list cannot load', async () => {
    let fail = true;
    const { user } = openDevedores({
      'GET /api/devedores': () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: 'x' }) : jsonResponse(200, page())),
    });
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 15_000 });
    expect(screen.getAllByText('Erro ao carregar devedores').length).toBeGreaterThan(0);
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('listitem', { name: 'Ana Souza' })).toBeInTheDocument();
  });
});

describe('Configurar Vencimento', { timeout: 30_000 }, () => {
  it('saves the rule on the server and refreshes the list', async () => {
    const { user, api } = openDevedores({
      'PUT /api/cobranca/regra': ({ body }) => jsonResponse(200, config({ regra: { tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 45, dataFixa: null, ...(body as object) } })),
    });
    await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    const antes = listQueries(api).length;
    await user.click(screen.getByRole('button', { name: 'Configurar Vencimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar Vencimento' });
    expect(within(dialog).getByText('Exemplo: uma compra de hoje (11/03/2026) vence em 01/04/2026.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Prazo em dias após a compra/));
    const prazo = within(dialog).getByLabelText('Prazo (dias)');
    await user.clear(prazo);
    await user.type(prazo, '366');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe um prazo de 1 a 365 dias.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/cobranca/regra')).toHaveLength(0);

    await user.clear(prazo);
    await user.type(prazo, '45');
    expect(within(dialog).getByText('Exemplo: uma compra de hoje (11/03/2026) vence em 25/04/2026.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/cobranca/regra')[0]?.body).toEqual({ tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 45, dataFixa: null });
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(antes));
  });
});

describe('Lembrete Vencidos', { timeout: 30_000 }, () => {
  it('walks through the overdue debtors one at a time, storing each one sent', async () => {
    const vencidos = page(ITENS.slice(0, 2));
    const { user, api } = openDevedores({
      'GET /api/devedores': (request) => jsonResponse(200, request.path === '/api/devedores' ? vencidos : page()),
      [`POST /api/devedores/${ANA}/lembretes`]: () => jsonResponse(201, {} as Lembrete),
    });
    await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Lembrete Vencidos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lembrete Vencidos' });
    await waitFor(() => expect(listQueries(api)).toContain('?situacao=vencidos&ordem=mais_antigo&pageSize=50'));

    expect(await within(dialog).findByText('1 de 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(within(dialog).getByText('Formal')).toBeInTheDocument();
    const whatsapp = within(dialog).getByRole('link', { name: 'Abrir WhatsApp' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=Prezado/);
    await user.click(within(dialog).getByRole('button', { name: 'Enviado' }));
    expect(await within(dialog).findByText('2 de 2')).toBeInTheDocument();
    expect(api.calls('POST', `/api/devedores/${ANA}/lembretes`)).toHaveLength(1);

    expect(within(dialog).getByRole('heading', { name: 'Beto Lima' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abrir WhatsApp' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Pular' }));
    expect(await within(dialog).findByText('Pronto! Você passou por todos.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 lembrete registrado.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/devedores/${BETO}/lembretes`)).toHaveLength(0);
  });

  it('in the walk-through, skips a customer whose dispute is open: no message, no "Enviado", only "Pular"', async () => {
    const vencidos = page([devedor({ contestacaoAberta: true })]);
    const { user, api } = openDevedores({ 'GET /api/devedores': () => jsonResponse(200, vencidos) });
    await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Lembrete Vencidos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lembrete Vencidos' });
    expect(await within(dialog).findByRole('note')).toHaveTextContent('Cobrança pausada: o cliente contestou um lançamento.');
    expect(within(dialog).queryByText('Mensagem')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abrir WhatsApp' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Enviado' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Pular' }));
    expect(await within(dialog).findByText('Pronto! Você passou por todos.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/devedores/${ANA}/lembretes`)).toHaveLength(0);
  });

  it('says "Nenhum devedor vencido" when nobody is overdue', async () => {
    const { user } = openDevedores({ 'GET /api/devedores': () => jsonResponse(200, page([ITENS[2]!], { dividasVencidas: 0 })) });
    await screen.findByRole('listitem', { name: 'Caio Reis' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Lembrete Vencidos' }));
    expect(await screen.findByText('Nenhum devedor vencido')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Detalhes', { timeout: 30_000 }, () => {
  it('shows the customer, the account and the debt, and saves notes and an agreed due date', async () => {
    const { user, api } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`PUT /api/devedores/${ANA}/cobranca`]: ({ body }) => jsonResponse(200, detalhe({ ...(body as object) })),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    expect(await within(dialog).findByText('ana@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('−R$ 150,00')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 850,00')).toBeInTheDocument();
    expect(within(dialog).getByText('@ana48213')).toBeInTheDocument();
    expect(await within(dialog).findByText('Nenhum lançamento ainda')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Gerenciar dívida' }));
    await user.type(within(dialog).getByLabelText('Observações'), 'Paga dia 20');
    await user.type(within(dialog).getByLabelText('Data de vencimento combinada'), '20032026');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));
    expect(await screen.findByText('Informações atualizadas')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/devedores/${ANA}/cobranca`)[0]?.body).toEqual({ observacoes: 'Paga dia 20', dataVencimento: '2026-03-20' });
  });

  it('splits the debt into instalments: equal amounts proposed, a sum that is not the debt refused before sending, the schedule saved', async () => {
    const salvo = {
      id: '00000000-0000-4000-8000-0000000000aa',
      estado: 'ativo',
      modo: 'manual',
      total: 15_000,
      aberto: 15_000,
      criadoEm: '2026-03-11T13:00:00.000Z',
      encerradoEm: null,
      parcelas: [
        { numero: 1, vencimento: '2026-04-11', valor: 5_000, pago: 0, aberto: 5_000, status: 'aberta' },
        { numero: 2, vencimento: '2026-05-11', valor: 5_000, pago: 0, aberto: 5_000, status: 'aberta' },
        { numero: 3, vencimento: '2026-06-11', valor: 5_000, pago: 0, aberto: 5_000, status: 'aberta' },
      ],
    };
    let feito = false;
    const { user, api } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`GET /api/devedores/${ANA}/parcelamento`]: () => jsonResponse(200, { ativo: feito ? salvo : null, historico: [], saldoPendente: 15_000, hoje: '2026-03-11' }),
      [`PUT /api/devedores/${ANA}/parcelamento`]: () => {
        feito = true;
        return jsonResponse(200, { ativo: salvo, historico: [], saldoPendente: 15_000, hoje: '2026-03-11' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    const secao = within(dialog).getByRole('region', { name: 'Parcelamento' });
    await user.click(await within(secao).findByRole('button', { name: 'Parcelar dívida' }));
    expect(within(secao).getByLabelText('Valor da parcela 1')).toHaveValue('50,00');
    expect(within(secao).getByLabelText('Vencimento da parcela 1')).toHaveValue('11/04/2026');
    expect(within(secao).getByLabelText('Vencimento da parcela 3')).toHaveValue('11/06/2026');

    // 4 times: R$ 37,50 each; back to 3.
    await user.selectOptions(within(secao).getByLabelText('Número de parcelas'), '4');
    expect(within(secao).getAllByLabelText(/^Valor da parcela/).map((i) => (i as HTMLInputElement).value)).toEqual(['37,50', '37,50', '37,50', '37,50']);
    await user.selectOptions(within(secao).getByLabelText('Número de parcelas'), '3');

    const terceira = within(secao).getByLabelText('Valor da parcela 3');
    await user.clear(terceira);
    await user.type(terceira, '49,99');
    expect(within(secao).getByText('Soma das parcelas: R$ 149,99 · Dívida: R$ 150,00')).toBeInTheDocument();
    await user.click(within(secao).getByRole('button', { name: 'Salvar parcelamento' }));
    expect(await within(secao).findByText('As parcelas devem somar exatamente a dívida.')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/devedores/${ANA}/parcelamento`)).toHaveLength(0);

    await user.clear(terceira);
    await user.type(terceira, '50');
    await user.click(within(secao).getByRole('button', { name: 'Salvar parcelamento' }));
    expect(await screen.findByText('Parcelamento salvo')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/devedores/${ANA}/parcelamento`)[0]?.body).toEqual({
      modo: 'manual',
      parcelas: [
        { vencimento: '2026-04-11', valor: 5_000 },
        { vencimento: '2026-05-11', valor: 5_000 },
        { vencimento: '2026-06-11', valor: 5_000 },
      ],
    });
    expect(await within(secao).findByText('R$ 150,00 em 3 parcelas · falta R$ 150,00')).toBeInTheDocument();
    expect(within(secao).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Parcela 1 de 3 · vence em 11/04/2026R$ 50,00 · Em aberto',
      'Parcela 2 de 3 · vence em 11/05/2026R$ 50,00 · Em aberto',
      'Parcela 3 de 3 · vence em 11/06/2026R$ 50,00 · Em aberto',
    ]);
  });

  it('lists the automatic notices sent to the customer: what each told, where it went and how it went', async () => {
    const mensagem = (id: string, extra: object) => ({
      id,
      canal: 'email',
      destino: 'ana@example.com',
      tipo: 'venda',
      valor: -4_500,
      saldo: -15_000,
      tentativas: 1,
      enviadaEm: null,
      erro: null,
      createdAt: '2026-03-10T13:00:00.000Z',
      ...extra,
    });
    const { user } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`GET /api/clientes/${ANA}/mensagens`]: () =>
        jsonResponse(200, {
          items: [
            mensagem('00000000-0000-4000-8000-000000000003', { tipo: 'pagamento', valor: 2_000, status: 'pendente', tentativas: 2, erro: '451 Mailbox temporarily unavailable' }),
            mensagem('00000000-0000-4000-8000-000000000002', { status: 'falhou', erro: 'interrompido' }),
            mensagem('00000000-0000-4000-8000-000000000001', { status: 'enviada', enviadaEm: '2026-03-10T13:01:00.000Z' }),
          ],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    const secao = await within(dialog).findByRole('region', { name: 'Avisos automáticos' });
    const itens = within(secao).getAllByRole('listitem');
    expect(itens[0]).toHaveTextContent('Pagamento de R$ 20,00');
    expect(itens[0]).toHaveTextContent('Na fila');
    expect(itens[0]).toHaveTextContent('2 tentativas: 451 Mailbox temporarily unavailable');
    expect(itens[1]).toHaveTextContent('Não enviado');
    expect(itens[1]).toHaveTextContent('o envio foi interrompido e não foi repetido, para não chegar duas vezes');
    expect(itens[2]).toHaveTextContent('Compra fiado de R$ 45,00');
    expect(itens[2]).toHaveTextContent('Enviado');
    expect(itens[2]).toHaveTextContent('E-mail para ana@example.com');
  });

  it('shows how the customer pays and the suggested limit with its reasons, and offers to try again when it cannot load', async () => {
    let falha = true;
    const { user } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`GET /api/clientes/${ANA}/como-paga`]: () =>
        falha
          ? jsonResponse(503, { code: 'INDISPONIVEL', message: 'Serviço indisponível' })
          : jsonResponse(200, {
              desde: '2025-03-10',
              emDia: 1,
              comAtraso: 2,
              emAtraso: 1,
              mediaDiasAtraso: 21,
              maiorAtraso: 40,
              promessas: 3,
              promessasQuebradas: 2,
              maiorCompra: 18_000,
              maiorDivida: 30_000,
              mesesEmDia: null,
              sugestao: { tipo: 'reduzir', limite: 15_000 },
            }),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    expect(within(dialog).getByRole('heading', { name: 'Como paga' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Erro ao carregar como o cliente paga')).toBeInTheDocument();
    falha = false;
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    const resumo = await within(dialog).findByTestId('como-paga');
    expect(resumo).toHaveTextContent('Últimos 12 meses, desde 10/03/2025');
    expect(resumo).toHaveTextContent('Compras pagas em dia:1');
    expect(resumo).toHaveTextContent('Atraso médio:21 dias');
    expect(resumo).toHaveTextContent('Promessas quebradas:2 de 3');
    expect(resumo).toHaveTextContent(/Limite sugerido: R\$\s150,00 \(reduzir\)/);
    expect(resumo).toHaveTextContent(
      /3 de 4 compras pagas com atraso ou vencidas; atraso médio de 21 dias; maior atraso de 40 dias; 2 promessas de pagamento quebradas; maior compra fiado R\$\s180,00\./,
    );
  });

  it('pauses the collection of a customer who disputed an entry, and resolves the dispute from Detalhes', async () => {
    const CONTESTACAO = '44444444-4444-4444-8444-444444444444';
    const aberta = {
      id: CONTESTACAO,
      lancamentoId: CONTESTACAO,
      reconhece: false,
      motivo: 'Era R$ 40,00',
      em: '2026-03-10T13:00:00.000Z',
      aberta: true,
      resolucao: null,
      resposta: null,
      resolvidaEm: null,
      entrada: { tipo: 'compra', valor: 4_500, data: '2026-03-01T13:00:00.000Z', numeroVenda: 'V-0007', vendaId: CONTESTACAO, cancelada: false, descricao: null },
    };
    const { user, api } = openDevedores({
      'GET /api/devedores': () => jsonResponse(200, page([devedor({ contestacaoAberta: true })])),
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe({ contestacaoAberta: true })),
      [`GET /api/clientes/${ANA}/extrato`]: () =>
        jsonResponse(200, {
          items: [{ id: CONTESTACAO, tipo: 'venda', valor: -4_500, metodo: null, descricao: null, vendaId: CONTESTACAO, numeroVenda: 'V-0007', data: '2026-03-01T13:00:00.000Z', saldo: -15_000, por: null, conferencia: 'contestada' }],
          total: 1,
          page: 1,
          pageSize: 20,
          cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000, telefone: '11987654321' },
        }),
      [`GET /api/clientes/${ANA}/como-paga`]: () => jsonResponse(503, { code: 'INDISPONIVEL', message: 'Serviço indisponível' }),
      [`GET /api/clientes/${ANA}/contestacoes`]: () => jsonResponse(200, { items: [aberta] }),
      [`POST /api/contestacoes/${CONTESTACAO}/resolver`]: () => jsonResponse(200, { ...aberta, aberta: false, resolucao: 'corrigida', resposta: 'Corrigido.', resolvidaEm: '2026-03-11T13:00:00.000Z' }),
    });
    const ana = await screen.findByRole('listitem', { name: 'Ana Souza' }, { timeout: 15_000 });
    expect(within(ana).getByText('Contestação aberta')).toBeInTheDocument();
    // No collection message and no "Marcar como enviado" while it is open.
    expect(within(ana).getByRole('button', { name: /WhatsApp/ })).toBeDisabled();
    expect(within(ana).getByText('Cobrança pausada: o cliente contestou um lançamento. Resolva em Detalhes.')).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: 'Marcar o lembrete para Ana Souza como enviado' })).not.toBeInTheDocument();

    await user.click(within(ana).getByRole('button', { name: 'Detalhes de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    expect(await within(dialog).findByRole('note')).toHaveTextContent('Cobrança pausada: o cliente não reconhece um lançamento.');
    const secao = await within(dialog).findByRole('region', { name: 'Contestações' });
    expect(secao).toHaveTextContent('Compra V-0007 de 01/03/2026');
    expect(secao).toHaveTextContent('“Era R$ 40,00”');
    // The statement marks the disputed entry.
    expect(await within(dialog).findByText('Contestado pelo cliente — aguardando você')).toBeInTheDocument();
    await user.click(within(secao).getByRole('button', { name: 'Resolver a contestação: Compra V-0007 de 01/03/2026' }));

    const resolver = await screen.findByRole('dialog', { name: 'Resolver contestação' });
    expect(within(resolver).getByRole('radio', { name: /Cancelar a compra/ })).toBeInTheDocument();
    await user.click(within(resolver).getByRole('radio', { name: /Corrigir o valor/ }));
    // Nothing is sent without the answer and the right amount.
    await user.click(within(resolver).getByRole('button', { name: 'Resolver' }));
    expect(await within(resolver).findByText('Escreva a resposta que o cliente vai ler.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/contestacoes/${CONTESTACAO}/resolver`)).toHaveLength(0);
    await user.type(within(resolver).getByLabelText('Valor correto da compra'), '40,00');
    expect(within(resolver).getByText(/Será lançado um crédito de R\$\s5,00 para o cliente\./)).toBeInTheDocument();
    await user.type(within(resolver).getByLabelText(/Resposta ao cliente/), 'Corrigido.');
    await user.click(within(resolver).getByRole('button', { name: 'Resolver' }));
    expect(await screen.findByText('Contestação resolvida')).toBeInTheDocument();
    expect(api.calls('POST', `/api/contestacoes/${CONTESTACAO}/resolver`)[0]!.body).toEqual({ acao: 'corrigida', resposta: 'Corrigido.', valorCorreto: 4_000 });
  });

  it('sends nothing while the agreed date is invalid or before the oldest purchase, and says "Informações atualizadas" only once the server saved', async () => {
    const answer = deferred<Response>();
    const { user, api } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe({ dataVencimentoPropria: '2026-02-10', vencimentoProprio: true, compraMaisAntiga: '2026-01-10' })),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`PUT /api/devedores/${ANA}/cobranca`]: () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    const data = within(dialog).getByLabelText('Data de vencimento combinada');
    expect(data).toHaveValue('10/02/2026');
    expect(data).toHaveAccessibleDescription(/Não pode ser antes da compra mais antiga em aberto, de 10\/01\/2026\./);

    // 31/02 is no date: said at once under the field, and "Salvar informações" sends nothing (not the old 10/02 either).
    await user.clear(data);
    await user.type(data, '31022026');
    expect(await within(dialog).findByText('Informe uma data válida.')).toBeInTheDocument();
    expect(data).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));
    // Half a date is no date either.
    await user.clear(data);
    await user.type(data, '2002');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));
    expect(await within(dialog).findByText('Informe uma data válida.')).toBeInTheDocument();

    // Before the purchase of 10/01: the debt would be late before it existed.
    await user.clear(data);
    await user.type(data, '09012026');
    expect(await within(dialog).findByText('A data combinada não pode ser antes da compra mais antiga em aberto.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));
    expect(api.calls('PUT', `/api/devedores/${ANA}/cobranca`)).toHaveLength(0);
    expect(screen.queryByText('Informações atualizadas')).not.toBeInTheDocument();

    await user.clear(data);
    await user.type(data, '10012026');
    await waitFor(() => expect(within(dialog).queryByText(/não pode ser antes/)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));
    await waitFor(() => expect(api.calls('PUT', `/api/devedores/${ANA}/cobranca`)).toHaveLength(1));
    expect(api.calls('PUT', `/api/devedores/${ANA}/cobranca`)[0]?.body).toEqual({ observacoes: null, dataVencimento: '2026-01-10' });
    // Not a word of success while the server has not answered.
    expect(screen.queryByText('Informações atualizadas')).not.toBeInTheDocument();
    answer.resolve(jsonResponse(200, detalhe({ dataVencimentoPropria: '2026-01-10', vencimentoProprio: true })));
    expect(await screen.findByText('Informações atualizadas')).toBeInTheDocument();
  });

  it('shows the server refusing a date before the oldest purchase on the field, with no success toast', async () => {
    const { user } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      // A purchase made a moment ago elsewhere: the server's rows know it, this page did not yet.
      [`PUT /api/devedores/${ANA}/cobranca`]: () =>
        jsonResponse(400, { code: 'VALIDATION', message: 'x', issues: [{ path: 'dataVencimento', message: 'vencimentoAntesDaCompra' }] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    await user.type(within(dialog).getByLabelText('Data de vencimento combinada'), '20022026');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));
    expect(await within(dialog).findByText('A data combinada não pode ser antes da compra mais antiga em aberto.')).toBeInTheDocument();
    expect(screen.queryByText('Informações atualizadas')).not.toBeInTheDocument();
    expect(screen.queryByText('Erro ao atualizar')).not.toBeInTheDocument();
  });

  it('shows a broken promise as what happened, with no error until the owner types a date', async () => {
    const { user, api } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe({ promessa: { data: '2026-03-05', quebrada: true } })),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`PUT /api/devedores/${ANA}/promessa`]: ({ body }) => jsonResponse(200, detalhe({ promessa: { data: (body as { data: string }).data, quebrada: false } })),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    expect(within(dialog).getByRole('note')).toHaveTextContent('A promessa de pagar até 05/03/2026 não foi cumprida.');
    const promessa = within(dialog).getByLabelText('Data prometida');
    expect(promessa).toHaveValue('');
    expect(promessa).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(/não pode ser antes|Informe uma data|A promessa deve ser/)).not.toBeInTheDocument();

    // What the owner types is judged: yesterday is refused, a day ahead is recorded.
    await user.type(promessa, '10032026');
    expect(await within(dialog).findByText('A promessa deve ser de hoje até um ano à frente.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar promessa' }));
    expect(api.calls('PUT', `/api/devedores/${ANA}/promessa`)).toHaveLength(0);
    await user.clear(promessa);
    await user.type(promessa, '15032026');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar promessa' }));
    expect(await screen.findByText('Promessa registrada')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/devedores/${ANA}/promessa`)[0]?.body).toEqual({ data: '2026-03-15' });
  });

  it('while "Gerenciar dívida" saves, its fields and buttons wait and the dialog cannot be closed; a refused date is then said in it', async () => {
    const answer = deferred<Response>();
    const { user } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
      [`PUT /api/devedores/${ANA}/cobranca`]: () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    await user.type(within(dialog).getByLabelText('Observações'), 'Paga dia 20');
    await user.type(within(dialog).getByLabelText('Data de vencimento combinada'), '20032026');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar informações' }));

    expect(await within(dialog).findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Observações')).toBeDisabled();
    expect(within(dialog).getByLabelText('Data de vencimento combinada')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Adicionar Saldo' })).toBeDisabled();
    for (const fechar of within(dialog).getAllByRole('button', { name: 'Fechar' })) expect(fechar).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Detalhes de Ana Souza' })).toBeInTheDocument();

    answer.resolve(jsonResponse(400, { code: 'VALIDATION', message: 'x', issues: [{ path: 'dataVencimento', message: 'date' }] }));
    expect(await within(dialog).findByText('Informe uma data válida.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Salvar informações' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Observações')).toHaveValue('Paga dia 20');
    for (const fechar of within(dialog).getAllByRole('button', { name: 'Fechar' })) expect(fechar).toBeEnabled();
  });

  it('"Gerenciar dívida" with notes typed and not saved: closing the dialog or going back to the details asks "Descartar alterações?" first', async () => {
    const { user, api } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    // Nothing typed yet: back to the details at once.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar aos detalhes' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Observações'), 'Paga dia 20');
    // The footer's "Fechar" (the X says the same to a screen reader).
    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[0]!);
    let pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Observações')).toHaveValue('Paga dia 20');

    await user.click(within(dialog).getByRole('button', { name: 'Voltar aos detalhes' }));
    pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Descartar' }));
    expect(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Observações')).not.toBeInTheDocument();

    // Nothing unsaved is left: the dialog closes at once.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detalhes de Ana Souza' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('PUT', `/api/devedores/${ANA}/cobranca`)).toHaveLength(0);
  });

  it('opens the ledger dialogs from manage-debt mode: payment and "Adicionar Saldo"', async () => {
    const { user } = openDevedores({
      [`GET /api/devedores/${ANA}`]: () => jsonResponse(200, detalhe()),
      [`GET /api/clientes/${ANA}/extrato`]: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, cliente: { clienteId: ANA, nome: 'Ana Souza', saldoAtual: -15_000, saldoPendente: 15_000 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Detalhes de Ana Souza' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes de Ana Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Gerenciar dívida' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar Saldo' }));
    const ajuste = await screen.findByRole('dialog', { name: 'Ajuste de saldo' });
    await user.type(within(ajuste).getByLabelText('Valor do ajuste'), '20');
    expect(within(ajuste).getByTestId('confirmacao')).toHaveTextContent('Débito de R$ 20,00: saldo atual −R$ 150,00 → novo saldo −R$ 170,00');
  });
});

describe('Configurações → Mensagens', { timeout: 30_000 }, () => {
  it('connects the WhatsApp Business number: the template text to submit, the webhook to paste, "Testar conexão", and the secrets never shown back', async () => {
    const whatsapp = {
      phoneNumberId: null,
      accessTokenDica: null,
      appSecretDefinido: false,
      modelos: { lancamento: 'caderneta_lancamento', convite: 'caderneta_convite', lembrete: 'caderneta_lembrete' },
      ativo: false,
      webhookUrl: 'http://localhost/api/webhooks/whatsapp/u1',
      verifyToken: 'verifica-123456789012345678',
    };
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'GET /api/cobranca': () => jsonResponse(200, config()),
      'GET /api/configuracoes/whatsapp': () => jsonResponse(200, whatsapp),
      'POST /api/configuracoes/whatsapp/testar': () => jsonResponse(200, { ok: true, numero: '+55 11 4000-3210', nome: 'Mercadinho da Maria' }),
      'PUT /api/configuracoes/whatsapp': ({ body }) =>
        jsonResponse(200, { ...whatsapp, phoneNumberId: (body as { phoneNumberId: string }).phoneNumberId, accessTokenDica: 'EAAG…0001', appSecretDefinido: true, ativo: true }),
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Mensagens' }, { timeout: 15_000 }));
    const card = (await screen.findByRole('heading', { name: 'WhatsApp Business' })).closest('[data-slot="card"]') as HTMLElement;
    expect((within(card).getByLabelText('Texto para enviar à Meta: Modelo do aviso de lançamento') as HTMLTextAreaElement).value).toContain('Olá, {{1}}! A loja {{2}} registrou {{3}} na sua conta em {{4}}.');
    expect((within(card).getByLabelText('Texto para enviar à Meta: Modelo do pedido de autorização') as HTMLTextAreaElement).value).toContain('Responda SIM para receber os avisos ou PARAR para não receber.');
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toContain('{{7}} o credor e o CPF/CNPJ da loja');
    expect(within(card).getByLabelText('URL de retorno (webhook)')).toHaveValue('http://localhost/api/webhooks/whatsapp/u1');
    expect(within(card).getByLabelText('Token de verificação')).toHaveValue('verifica-123456789012345678');

    await user.type(within(card).getByLabelText('ID do número de telefone'), '109876543210');
    await user.type(within(card).getByLabelText('Token de acesso'), 'EAAG-teste-0001');
    await user.type(within(card).getByLabelText('Chave secreta do app'), 'segredo0123456789');
    await user.click(within(card).getByRole('button', { name: 'Testar conexão' }));
    expect(await within(card).findByText('Conectado: +55 11 4000-3210 (Mercadinho da Maria)')).toBeInTheDocument();
    expect(api.calls('POST', '/api/configuracoes/whatsapp/testar')[0]!.body).toEqual({ phoneNumberId: '109876543210', accessToken: 'EAAG-teste-0001' });

    await user.click(within(card).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do WhatsApp salvas!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/whatsapp')[0]!.body).toEqual({
      phoneNumberId: '109876543210',
      accessToken: 'EAAG-teste-0001',
      appSecret: 'segredo0123456789',
      modelos: { lancamento: 'caderneta_lancamento', convite: 'caderneta_convite', lembrete: 'caderneta_lembrete' },
      ativo: true,
    });
    expect(within(card).getByLabelText('Token de acesso')).toHaveValue('');
    expect(within(card).getByText('Guardado: EAAG…0001. Deixe em branco para manter.')).toBeInTheDocument();
    expect(within(card).getByText('Guardada. Deixe em branco para manter.')).toBeInTheDocument();
  });

  it('turns the régua on with its window and daily cap, refusing a window that ends before it starts', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'GET /api/cobranca': () => jsonResponse(200, config({ lembreteAntecipado: true })),
      'GET /api/configuracoes/whatsapp': () => jsonResponse(503, { code: 'INDISPONIVEL', message: 'x', issues: [] }),
      'PUT /api/cobranca/regua': ({ body }) => jsonResponse(200, config({ lembreteAntecipado: true, regua: body as CobrancaConfig['regua'] })),
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Mensagens' }, { timeout: 15_000 }));
    const card = (await screen.findByRole('heading', { name: 'Régua automática' })).closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByText(/Etapas: 3 dias antes do vencimento, no dia do vencimento/)).toBeInTheDocument();
    expect(within(card).getByText(/para sozinha quando o cliente paga/)).toBeInTheDocument();

    await user.click(within(card).getByRole('switch', { name: 'Enviar lembretes automaticamente' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Sáb' }));
    await user.selectOptions(within(card).getByLabelText('A partir de'), '18:00');
    await user.selectOptions(within(card).getByLabelText('Até'), '09:00');
    await user.click(within(card).getByRole('button', { name: 'Salvar régua' }));
    expect(await within(card).findByText('O fim deve ser depois do início.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/cobranca/regua')).toHaveLength(0);

    await user.selectOptions(within(card).getByLabelText('A partir de'), '09:00');
    await user.selectOptions(within(card).getByLabelText('Até'), '18:00');
    await user.clear(within(card).getByLabelText('Limite por dia'));
    await user.type(within(card).getByLabelText('Limite por dia'), '1.500');
    await user.click(within(card).getByRole('button', { name: 'Salvar régua' }));
    expect(await screen.findByText('Régua automática ligada! Os lembretes de hoje já estão na fila.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/cobranca/regua')[0]!.body).toEqual({ ativa: true, dias: [1, 2, 3, 4, 5], inicio: 9, fim: 18, limiteDiario: 1_500 });
  });

  it('previews each message on a sample debtor, flags unknown fields, restores the default and saves', async () => {
    const api = mockApi({
      ...signedIn(),
      // The tab the page opens on (Loja) loads its own settings.
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'GET /api/cobranca': () => jsonResponse(200, config()),
      'PUT /api/cobranca/mensagens': ({ body }) => jsonResponse(200, config({ lembreteAntecipado: true, diasAntecedencia: 5, mensagens: { ...MENSAGENS_PADRAO['pt-BR'], ...(body as { mensagens: object }).mensagens } })),
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Mensagens' }, { timeout: 15_000 }));
    const gentil = await screen.findByLabelText('Tom gentil');
    expect(screen.getByTestId('previa-gentil')).toHaveTextContent(/^Olá, Maria da Silva! Tudo bem\? Aqui é da loja Mercadinho da Maria\. A sua conta de R\$ 150,00 venceu em 08\/03\/2026/);
    expect(screen.getByTestId('previa-formal')).toHaveTextContent('Credor: Mercadinho da Maria — CNPJ 12.345.678/0001-90');

    await user.clear(gentil);
    await user.type(gentil, 'Oi {{nome}, {{saldoo} pendente');
    expect(screen.getByText('Campo desconhecido: {saldoo}')).toBeInTheDocument();
    expect(screen.getByTestId('previa-gentil')).toHaveTextContent('Oi Maria da Silva, {saldoo} pendente');
    await user.click(screen.getByRole('button', { name: 'Salvar mensagens' }));
    expect(await screen.findByText('A mensagem tem um campo desconhecido entre chaves.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/cobranca/mensagens')).toHaveLength(0);

    const restaurar = within(gentil.closest('[data-slot="card"]') as HTMLElement).getByRole('button', { name: 'Restaurar padrão' });
    await user.click(restaurar);
    expect(gentil).toHaveValue(MENSAGENS_PADRAO['pt-BR'].gentil);
    await user.clear(gentil);
    await user.type(gentil, 'Oi {{nome}, sua conta de {{saldo} venceu.');
    await user.click(screen.getByLabelText(/Lembrete antes do vencimento/));
    const dias = screen.getByLabelText('Dias antes do vencimento');
    await user.clear(dias);
    await user.type(dias, '5');
    await user.click(screen.getByRole('button', { name: 'Salvar mensagens' }));
    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/cobranca/mensagens')[0]?.body).toMatchObject({
      mensagens: { gentil: 'Oi {nome}, sua conta de {saldo} venceu.', padrao: MENSAGENS_PADRAO['pt-BR'].padrao },
      lembreteAntecipado: true,
      diasAntecedencia: 5,
    });
  });
  it("previews {pix} with the shop's own code, or says it is left out while the shop has no PIX key", async () => {
    let pixExemplo: string | null = null;
    mockApi({
      ...signedIn(),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'GET /api/cobranca': () => jsonResponse(200, config({ pixExemplo })),
    });
    const { user, unmount } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Mensagens' }, { timeout: 15_000 }));
    const gentil = await screen.findByLabelText('Tom gentil');
    expect(screen.getByText(/A loja ainda não tem chave PIX/)).toBeInTheDocument();
    await user.clear(gentil);
    await user.type(gentil, 'Oi {{nome}!\nPIX copia e cola:\n{{pix}');
    expect(screen.queryByText(/Campo desconhecido/)).not.toBeInTheDocument();
    expect(screen.getByTestId('previa-gentil').textContent).toBe('Oi Maria da Silva!');
    unmount();

    pixExemplo = CODIGO_PIX;
    const again = renderApp('/configuracoes');
    await again.user.click(await screen.findByRole('tab', { name: 'Mensagens' }, { timeout: 15_000 }));
    const gentil2 = await screen.findByLabelText('Tom gentil');
    expect(screen.queryByText(/A loja ainda não tem chave PIX/)).not.toBeInTheDocument();
    await again.user.clear(gentil2);
    await again.user.type(gentil2, 'Oi {{nome}!\nPIX copia e cola:\n{{pix}');
    expect(screen.getByTestId('previa-gentil').textContent).toBe(`Oi Maria da Silva!\nPIX copia e cola:\n${CODIGO_PIX}`);
  });
});

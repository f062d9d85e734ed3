import type { MercadopagoConfig, PortalCliente } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONFIGURACOES, jsonResponse, mockApi, renderApp, signedIn } from '@/test/utils';

const ID = '22222222-2222-4222-8222-222222222222';

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** What purchase V1 holds: 2 un of rice and 0,286 kg of cheese at R$ 35,00/kg (R$ 10,01), R$ 100,01 in all. */
const ITENS_V1: PortalCliente['pendentes'][number]['itens'] = [
  { nome: 'Arroz 5kg', avulso: false, unidade: 'un', quantidade: 2, precoUnitario: 4_500, desconto: 0, subtotal: 9_000 },
  { nome: 'Mussarela', avulso: false, unidade: 'kg', quantidade: 286, precoUnitario: 3_500, desconto: 0, subtotal: 1_001 },
];

/** An entry of the page as a test writes it: its ledger id and the customer's answer default to a fresh one and none. */
type Entrada<T> = Omit<T, 'lancamentoId' | 'conferencia'> & Partial<Pick<T & { lancamentoId: string; conferencia: unknown }, 'lancamentoId' | 'conferencia'>>;
type Pagina = Omit<PortalCliente, 'pendentes' | 'pagamentos' | 'saldosAnteriores'> & {
  pendentes: Entrada<PortalCliente['pendentes'][number]>[];
  pagamentos: Entrada<PortalCliente['pagamentos'][number]>[];
  saldosAnteriores: Entrada<PortalCliente['saldosAnteriores'][number]>[];
};
let entradas = 0;
const comConferencia = <T extends object>(e: T) => ({ lancamentoId: `00000000-0000-4000-8000-${String(++entradas).padStart(12, '0')}`, conferencia: null, ...e });

function cliente(overrides: Partial<Pagina> = {}): PortalCliente {
  const pagina = paginaBase(overrides);
  return {
    ...pagina,
    pendentes: pagina.pendentes.map(comConferencia),
    pagamentos: pagina.pagamentos.map(comConferencia),
    saldosAnteriores: pagina.saldosAnteriores.map(comConferencia),
  } as PortalCliente;
}

function paginaBase(overrides: Partial<Pagina>): Pagina {
  return {
    primeiroNome: 'Joana',
    loja: { nome: 'Mercadinho Bom Preço', whatsappUrl: 'https://wa.me/5511999990000' },
    moeda: 'BRL',
    fusoHorario: 'America/Sao_Paulo',
    saldoAtual: -10_001,
    saldoPendente: 10_001,
    vencimento: { data: '2025-04-01', vencido: false, diasEmAtraso: 0 },
    parcelas: null,
    parcelaDevida: null,
    compras: 3,
    pendentes: [{ numeroVenda: 'V1', data: '2025-03-10T15:00:00.000Z', valorTotal: 10_001, valorPago: 0, desconto: 0, itens: ITENS_V1 }],
    pendentesTotal: 1,
    comoPaga: {
      desde: '2024-03-10',
      emDia: 4,
      comAtraso: 1,
      emAtraso: 0,
      mediaDiasAtraso: 12,
      maiorAtraso: 12,
      promessas: 2,
      promessasQuebradas: 1,
      maiorCompra: 18_000,
      maiorDivida: 20_000,
      mesesEmDia: 5,
    },
    saldosAnteriores: [],
    pagamentoEmAndamento: null,
    pagamentos: [],
    pagamentoOnline: { disponivel: true, taxaCartaoPercentual: 5, parcelasMaxCartao: 12 },
    pix: null,
    contestacoes: [],
    avisos: null,
    ...overrides,
  };
}

const exemplos = (codigos: string[] = []) => ({ 'GET /api/portal/exemplos': () => jsonResponse(200, { codigos }) });

describe('the customer page', () => {
  it('asks for the code, and says "Cliente não encontrado" for a wrong one', async () => {
    mockApi({ ...exemplos(), 'GET /api/portal/ninguem12345': () => jsonResponse(404, { code: 'CLIENTE_NAO_ENCONTRADO', message: 'x' }) });
    const { user, router } = renderApp('/cliente');
    await user.click(await screen.findByRole('button', { name: 'Acessar' }));
    expect(screen.getByText('Informe o código de acesso.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código de Acesso'), 'ninguem 1');
    await user.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(screen.getByText('O código tem só letras e números.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Código de Acesso'));
    await user.type(screen.getByLabelText('Código de Acesso'), 'NINGUEM12345');
    await user.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findByText('Cliente não encontrado')).toBeInTheDocument();
    expect(screen.getByText('Verifique se o login está correto.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente'));
    // The code tried stays in the field, to correct rather than retype.
    expect(await screen.findByLabelText('Código de Acesso')).toHaveValue('ninguem12345');
    expect(screen.queryByRole('button', { name: /Testar com/ })).not.toBeInTheDocument();
  });

  it('offers the sample codes when the server has them (a demo installation)', async () => {
    mockApi({ ...exemplos(['maria12345', 'jose54321']), 'GET /api/portal/maria12345': () => jsonResponse(200, cliente()) });
    const { user } = renderApp('/cliente');
    await user.click(await screen.findByRole('button', { name: 'Testar com maria12345' }));
    expect(await screen.findByRole('heading', { name: 'Olá, Joana' })).toBeInTheDocument();
    expect(await screen.findByText('Cliente encontrado!')).toBeInTheDocument();
  });

  it('says nothing of a due date when nothing is owed', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ saldoAtual: 500, saldoPendente: 0, vencimento: null, pendentes: [], pendentesTotal: 0 })) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { name: 'Olá, Joana' })).toBeInTheDocument();
    expect(screen.queryByText(/Venc/)).not.toBeInTheDocument();
  });

  it('says a payment is in progress and links to it, before another is started', async () => {
    const emAndamento = { id: ID, metodo: 'pix' as const, valorTotal: 3385, criadoEm: '2025-03-12T13:32:00.000Z', expiraEm: null };
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pagamentoEmAndamento: emAndamento })) });
    renderApp('/cliente/joana48213');
    const aviso = await screen.findByRole('note');
    expect(aviso).toHaveTextContent(
      'Você tem um pagamento por PIX de R$ 33,85 em andamento, iniciado em 12/03/2025. Se já pagou, aguarde a confirmação. Se não, um novo pagamento poderá ser iniciado quando esse for recusado ou expirar (em até 24 horas).',
    );
    expect(within(aviso).getByRole('link', { name: 'Ver pagamento em andamento' })).toHaveAttribute('href', `/cliente/joana48213/pagamento-pendente?pagamento=${ID}`);
    // The server refuses a second payment meanwhile: the page does not offer one.
    expect(screen.queryByRole('button', { name: 'Pagar Saldo Pendente' })).not.toBeInTheDocument();
  });

  it('says a PIX of the page is waiting to be paid until its time, not for a day', async () => {
    const emAndamento = { id: ID, metodo: 'pix' as const, valorTotal: 3385, criadoEm: '2025-03-12T13:32:00.000Z', expiraEm: '2025-03-12T14:02:00.000Z' };
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pagamentoEmAndamento: emAndamento })) });
    renderApp('/cliente/joana48213');
    const aviso = await screen.findByRole('note');
    // 14:02 UTC is 11:02 in São Paulo, the shop's zone.
    expect(aviso).toHaveTextContent('Você tem um PIX de R$ 33,85 gerado e ainda não pago. Pague-o pelo código até 11:02; depois disso, um novo PIX poderá ser gerado.');
    expect(within(aviso).getByRole('link', { name: 'Ver pagamento em andamento' })).toHaveAttribute('href', `/cliente/joana48213/pagamento-pendente?pagamento=${ID}`);
  });

  it('when the server refuses a payment because another is in progress, says so and shows that payment on the page', async () => {
    const emAndamento = { id: ID, metodo: 'pix' as const, valorTotal: 10_001, criadoEm: '2025-03-12T13:32:00.000Z', expiraEm: null };
    let pagina = cliente();
    const api = mockApi({
      'GET /api/portal/joana48213': () => jsonResponse(200, pagina),
      'POST /api/portal/joana48213/pagamentos': () => {
        // Started meanwhile in another tab, and pending at Mercado Pago.
        pagina = cliente({ pagamentoEmAndamento: emAndamento });
        return jsonResponse(409, {
          code: 'PAGAMENTO_ONLINE_EM_ANDAMENTO',
          message: 'x',
          details: { pagamentoId: ID, metodo: 'pix', valorTotal: 10_001, criadoEm: emAndamento.criadoEm },
        });
      },
    });
    const { user } = renderApp('/cliente/joana48213');
    await user.click(await screen.findByRole('button', { name: 'Pagar Saldo Pendente' }));
    await user.click(screen.getByRole('button', { name: 'Gerar PIX de R$ 100,01' }));
    expect(await screen.findByText('Erro no pagamento')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Você já tem um pagamento online em andamento. Se já pagou, aguarde a confirmação. Se não, um novo pagamento poderá ser iniciado quando esse for recusado ou expirar (em até 24 horas).',
      ),
    ).toBeInTheDocument();
    const aviso = await screen.findByRole('note');
    expect(within(aviso).getByRole('link', { name: 'Ver pagamento em andamento' })).toHaveAttribute('href', `/cliente/joana48213/pagamento-pendente?pagamento=${ID}`);
    expect(screen.queryByRole('button', { name: 'Pagar Saldo Pendente' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/portal/joana48213/pagamentos')).toHaveLength(1);
  });

  it('lists what the shop brought from its paper notebook, beside the purchases', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pendentes: [], pendentesTotal: 0, saldosAnteriores: [{ data: '2026-01-10T15:00:00.000Z', valor: 12_550 }] })) });
    renderApp('/cliente/joana48213');
    const lista = await screen.findByRole('list', { name: 'Saldos anteriores' });
    const saldo = within(lista).getByRole('listitem');
    expect(saldo).toHaveTextContent(/^Saldo anterior \(caderneta\), anotado em 10\/01\/2026R\$\s125,50/);
    // The customer may confirm or dispute it, like a purchase.
    expect(within(saldo).getByRole('button', { name: 'Reconheço: Saldo anterior de 10/01/2026' })).toBeInTheDocument();
    expect(within(saldo).getByRole('button', { name: 'Não reconheço: Saldo anterior de 10/01/2026' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma compra pendente. Tudo em dia!')).not.toBeInTheDocument();
  });

  it('shows how the customer paid over the last 12 months, the facts the shop sees, and nothing when there is no history', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente()) });
    renderApp('/cliente/joana48213');
    const card = (await screen.findByRole('heading', { name: 'Como você paga' })).closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByText('Nos últimos 12 meses, desde 10/03/2024:')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      '4 compras pagas em dia',
      '1 compra paga com atraso',
      'Nenhuma compra vencida sem pagar',
      'Atraso médio: 12 dias',
      'Maior atraso: 12 dias',
      'Promessas de pagamento não cumpridas: 1 de 2',
      'Maior compra fiado: R$ 180,00',
    ]);
    expect(within(card).queryByText(/limite/i)).not.toBeInTheDocument();
  });

  it('"Parar avisos" stops the automatic notices the customer agreed to, and then says when and who turns them back on', async () => {
    let pagina = cliente({ avisos: { ativos: true, canal: 'email', paradosEm: null, lembretes: true } });
    const parados = { ativos: false, canal: null, paradosEm: '2025-03-12T15:00:00.000Z', lembretes: false };
    const api = mockApi({
      'GET /api/portal/joana48213': () => jsonResponse(200, pagina),
      'POST /api/portal/joana48213/avisos/parar': () => {
        pagina = { ...pagina, avisos: parados };
        return jsonResponse(200, parados);
      },
    });
    const { user } = renderApp('/cliente/joana48213');
    const secao = await screen.findByRole('region', { name: 'Avisos da loja' });
    expect(secao).toHaveTextContent('Você autorizou a loja a avisar, por e-mail, cada compra, pagamento e ajuste da sua conta, com o saldo.');
    // The shop's régua is on: she is told reminders of the due date come too, and when.
    expect(secao).toHaveTextContent('A loja também envia lembretes do vencimento da sua conta: alguns dias antes, no dia e, se ficar em aberto, depois');
    await user.click(within(secao).getByRole('button', { name: 'Parar avisos' }));
    expect(await screen.findByText('Pronto: você não vai mais receber avisos automáticos desta loja.')).toBeInTheDocument();
    expect(await within(secao).findByText('Você parou os avisos automáticos em 12/03/2025. Para voltar a recebê-los, fale com a loja.')).toBeInTheDocument();
    expect(within(secao).queryByRole('button', { name: 'Parar avisos' })).not.toBeInTheDocument();
    expect(within(secao).queryByText(/também envia lembretes/)).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/portal/joana48213/avisos/parar')).toHaveLength(1);
  });

  it('says nothing of notices to a customer who never agreed to them', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente()) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { name: 'Olá, Joana' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Avisos da loja' })).not.toBeInTheDocument();
  });

  it('says when there is no history of how the customer pays', async () => {
    const semHistorico = { ...cliente().comoPaga, emDia: 0, comAtraso: 0, emAtraso: 0, mediaDiasAtraso: null, maiorAtraso: 0, promessas: 0, promessasQuebradas: 0, maiorCompra: null };
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ comoPaga: semHistorico })) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByText('Nenhuma compra fiado vencida ou paga nos últimos 12 meses.')).toBeInTheDocument();
  });

  it('says when it lists only the newest of the pending purchases', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pendentesTotal: 55 })) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByText('Mostrando as 1 compras pendentes mais recentes de 55. O saldo pendente inclui todas.')).toBeInTheDocument();
  });

  it('the customer recognises a purchase, disputes a payment with its reason, and the page says it waits for the shop', async () => {
    const COMPRA = '00000000-0000-4000-8000-00000000c0a1';
    const PAGO = '00000000-0000-4000-8000-00000000c0a2';
    const conferencia = (lancamentoId: string, reconhece: boolean, extra: object = {}) => ({
      id: '00000000-0000-4000-8000-00000000c0f1',
      lancamentoId,
      reconhece,
      motivo: reconhece ? null : 'Paguei R$ 50,00, não R$ 30,00',
      em: '2025-03-12T15:00:00.000Z',
      aberta: !reconhece,
      resolucao: null,
      resposta: null,
      resolvidaEm: null,
      ...extra,
    });
    const pagamento = { lancamentoId: PAGO, data: '2025-03-11T15:00:00.000Z', valor: 3_000, metodo: 'dinheiro' as const, estornado: false };
    let pagina = cliente({ pendentes: [{ ...cliente().pendentes[0]!, lancamentoId: COMPRA }], pagamentos: [pagamento] });
    const api = mockApi({
      'GET /api/portal/joana48213': () => jsonResponse(200, pagina),
      'POST /api/portal/joana48213/conferencias': (request) => {
        const body = request.body as { lancamentoId: string; reconhece: boolean };
        if (body.lancamentoId === COMPRA) {
          pagina = { ...pagina, pendentes: [{ ...pagina.pendentes[0]!, conferencia: conferencia(COMPRA, true) }] };
          return jsonResponse(200, conferencia(COMPRA, true));
        }
        pagina = { ...pagina, pagamentos: [{ ...pagamento, conferencia: conferencia(PAGO, false) }] };
        return jsonResponse(200, conferencia(PAGO, false));
      },
    });
    const { user } = renderApp('/cliente/joana48213');
    await user.click(await screen.findByRole('button', { name: 'Reconheço: Compra de 10/03/2025' }));
    expect(await screen.findByText('Obrigado! Você confirmou este lançamento.')).toBeInTheDocument();
    expect(await screen.findByText('Você reconheceu em 12/03/2025')).toBeInTheDocument();
    expect(api.calls('POST', '/api/portal/joana48213/conferencias')[0]!.body).toEqual({ lancamentoId: COMPRA, reconhece: true });

    // "Não reconheço" asks what is wrong, and sends nothing without it.
    await user.click(screen.getByRole('button', { name: 'Não reconheço: Pagamento de 11/03/2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Não reconheço este lançamento' });
    expect(dialog).toHaveTextContent('As cobranças ficam pausadas até a loja responder.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar contestação' }));
    expect(await within(dialog).findByText('Conte o que está errado.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/portal/joana48213/conferencias')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText(/O que está errado\?/), '  Paguei R$ 50,00, não R$ 30,00 ');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar contestação' }));
    expect(await screen.findByText('Contestação enviada')).toBeInTheDocument();
    expect(api.calls('POST', '/api/portal/joana48213/conferencias')[1]!.body).toEqual({ lancamentoId: PAGO, reconhece: false, motivo: 'Paguei R$ 50,00, não R$ 30,00' });
    expect(await screen.findByText('Você contestou em 12/03/2025. A loja vai responder aqui.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Não reconheço: Pagamento de 11/03/2025' })).not.toBeInTheDocument();
  });

  it('lists the entries the customer disputed, waiting or with the shop\'s answer', async () => {
    const contestacao = (id: string, extra: object) => ({
      id,
      lancamentoId: id,
      reconhece: false,
      motivo: 'Não fiz essa compra',
      em: '2025-03-12T15:00:00.000Z',
      aberta: true,
      resolucao: null,
      resposta: null,
      resolvidaEm: null,
      entrada: { tipo: 'compra', valor: 4_500, data: '2025-03-10T15:00:00.000Z', numeroVenda: 'V7', vendaId: id, cancelada: false, descricao: null },
      ...extra,
    });
    mockApi({
      'GET /api/portal/joana48213': () =>
        jsonResponse(
          200,
          cliente({
            contestacoes: [
              contestacao('00000000-0000-4000-8000-00000000c0b1', {}),
              contestacao('00000000-0000-4000-8000-00000000c0b2', { aberta: false, resolucao: 'cancelada', resposta: 'Foi lançada em você por engano, desculpe.', resolvidaEm: '2025-03-13T15:00:00.000Z' }),
            ] as PortalCliente['contestacoes'],
          }),
        ),
    });
    renderApp('/cliente/joana48213');
    const card = (await screen.findByRole('heading', { name: 'Lançamentos contestados' })).closest('[data-slot="card"]') as HTMLElement;
    const [aberta, resolvida] = within(card).getAllByRole('listitem');
    expect(aberta).toHaveTextContent('Compra de 10/03/2025R$ 45,00Você contestou em 12/03/2025: “Não fiz essa compra”Aguardando a resposta da loja.');
    expect(resolvida).toHaveTextContent('A loja cancelou a compra em 13/03/2025:Foi lançada em você por engano, desculpe.');
  });

  it('marks an online payment Mercado Pago gave back, struck through', async () => {
    const pagamentos = [
      { data: '2025-03-12T15:00:00.000Z', valor: 10_001, metodo: 'online' as const, estornado: true },
      { data: '2025-03-11T15:00:00.000Z', valor: 500, metodo: 'pix' as const, estornado: false },
    ];
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pagamentos })) });
    renderApp('/cliente/joana48213');
    const lista = (await screen.findByRole('heading', { name: 'Pagamentos recebidos' })).closest('[data-slot="card"]') as HTMLElement;
    const [online, pix] = within(lista).getAllByRole('listitem');
    expect(online).toHaveTextContent('estornado — devolvido, não conta como pago');
    expect(within(online!).getByText('R$ 100,01')).toHaveClass('line-through');
    expect(pix).not.toHaveTextContent('estornado');
  });

  it('shows balance and purchases, then the fee for card before paying', async () => {
    const api = mockApi({
      'GET /api/portal/joana48213': () => jsonResponse(200, cliente()),
      'POST /api/portal/joana48213/pagamentos': () => jsonResponse(502, { code: 'MP_INDISPONIVEL', message: 'x' }),
    });
    const { user } = renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { name: 'Olá, Joana' })).toBeInTheDocument();
    expect(screen.getByText('2 un × R$ 45,00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5511999990000');
    await user.click(screen.getByRole('button', { name: 'Pagar Saldo Pendente' }));
    expect(screen.getByRole('button', { name: 'Gerar PIX de R$ 100,01' })).toBeInTheDocument();
    // The content was swapped: the focus starts at the new screen's title, not on the page's body.
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /Cartão/ }));
    expect(screen.getByText('Taxa do cartão (5%)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar R$ 105,01' }));
    expect(api.calls('POST', '/api/portal/joana48213/pagamentos')[0]!.body).toEqual({ metodo: 'cartao' });
    expect(await screen.findByText('Erro no pagamento')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível conectar com o Mercado Pago.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('button', { name: 'Pagar Saldo Pendente' })).toHaveFocus();
  });

  it('pays by PIX in the page: the QR Code and the code to copy, until when, and the confirmation once the server says it is paid', async () => {
    const QR = 'data:image/png;base64,iVBORw0KGgo=';
    const pix = { copiaCola: '00020126580014br.gov.bcb.pix0136pix@mercadopago.fake5204000053039865406100.015802BR6304ABCD', qrCode: QR, expiraEm: '2025-03-12T14:02:00.000Z', expirado: false };
    const pendente = { id: ID, metodo: 'pix', status: 'pendente', valorBase: 10_001, taxa: 0, valorTotal: 10_001, pix };
    let pago = false;
    const api = mockApi({
      'GET /api/portal/joana48213': () => jsonResponse(200, cliente()),
      'POST /api/portal/joana48213/pagamentos': () => jsonResponse(201, pendente),
      [`POST /api/portal/joana48213/pagamentos/${ID}/verificar`]: () =>
        jsonResponse(200, pago ? { ...pendente, status: 'aprovado', pix: undefined } : pendente),
    });
    const { user, router } = renderApp('/cliente/joana48213');
    await user.click(await screen.findByRole('button', { name: 'Pagar Saldo Pendente' }));
    expect(screen.getByText('O PIX é gerado pelo Mercado Pago e confirmado aqui mesmo, assim que você pagar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gerar PIX de R$ 100,01' }));
    expect(api.calls('POST', '/api/portal/joana48213/pagamentos')[0]!.body).toEqual({ metodo: 'pix', naPagina: true });

    // Never off to Mercado Pago: the code is on this site's payment page, shown from the answer.
    expect(await screen.findByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cliente/joana48213/pagamento-pendente');
    expect(router.state.location.search).toBe(`?pagamento=${ID}`);
    expect(screen.getByRole('heading', { level: 2, name: 'PIX de R$ 100,01' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR Code PIX de R$ 100,01' })).toHaveAttribute('src', QR);
    expect(screen.getByLabelText('Código PIX')).toHaveValue(pix.copiaCola);
    expect(screen.getByText(/^Válido até \d\d:\d\d\.$/)).toBeInTheDocument();

    pago = true;
    await user.click(screen.getByRole('button', { name: 'Verificar Status' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento Confirmado' })).toBeInTheDocument();
    expect(screen.getByText('Recebemos seu pagamento de R$ 100,01. Obrigado!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código PIX')).not.toBeInTheDocument();
  });

  it('says a PIX of the page expired, without its code, and offers another one', async () => {
    mockApi({
      'GET /api/portal/joana48213': () => jsonResponse(200, cliente()),
      [`POST /api/portal/joana48213/pagamentos/${ID}/verificar`]: () =>
        jsonResponse(200, { id: ID, metodo: 'pix', status: 'pendente', valorBase: 10_001, taxa: 0, valorTotal: 10_001, pix: { copiaCola: '', qrCode: '', expiraEm: '2025-03-12T14:02:00.000Z', expirado: true } }),
    });
    renderApp(`/cliente/joana48213/pagamento-pendente?pagamento=${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'PIX expirado' })).toBeInTheDocument();
    expect(screen.getByText('Este PIX passou do prazo. Se você já pagou, a confirmação aparece aqui; se não, gere outro.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código PIX')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gerar outro PIX' })).toHaveAttribute('href', '/cliente/joana48213?pagar=1');
    expect(screen.getByRole('button', { name: 'Verificar Status' })).toBeInTheDocument();
  });

  it('pays R$ 10.000.000,00 of a bigger balance at once, and says what is left', async () => {
    const saldoPendente = 2_000_000_100;
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ saldoAtual: -saldoPendente, saldoPendente })) });
    const { user } = renderApp('/cliente/joana48213');
    await user.click(await screen.findByRole('button', { name: 'Pagar Saldo Pendente' }));
    expect(screen.getByText('R$ 20.000.001,00')).toBeInTheDocument();
    expect(screen.getByText('Um pagamento online paga até R$ 10.000.000,00. Depois dele ficam R$ 10.000.001,00 para um próximo pagamento.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gerar PIX de R$ 10.000.000,00' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Cartão/ }));
    expect(screen.getByRole('button', { name: 'Pagar R$ 10.500.000,00' })).toBeInTheDocument();
  });

  it('says what the customer owes as they think of it: "Você deve", when it is due, and what was bought', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente()) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { level: 2, name: /^Você deve R\$\s100,01$/ })).toBeInTheDocument();
    expect(screen.getByText('Vence em 01/04/2025.')).toBeInTheDocument();
    const compras = (screen.getByRole('heading', { name: 'Compras que faltam pagar' }).closest('[data-slot="card"]') as HTMLElement);
    expect(within(compras).getByText('Compra de 10/03/2025')).toBeInTheDocument();
    // Each item with its quantity in its unit and its price per unit: by the kg, "0,286 kg × R$ 35,00/kg".
    const [arroz, queijo] = within(within(compras).getByRole('list', { name: 'Itens da compra V1' })).getAllByRole('listitem');
    expect(arroz).toHaveTextContent(/^Arroz 5kg2 un × R\$\s45,00R\$\s90,00$/);
    expect(queijo).toHaveTextContent(/^Mussarela0,286 kg × R\$\s35,00\/kgR\$\s10,01$/);
    // No signed balance beside a second figure.
    expect(screen.queryByText(/Saldo Atual/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/[−-]\s?R\$/);
  });

  it('says since when a debt is late, what part of a purchase was paid, a credit as a credit, and nothing owed as such', async () => {
    // Coffee and two loose lines ("Avulso"): one with a description, one without.
    const parcial = {
      numeroVenda: 'V2',
      data: '2025-03-01T15:00:00.000Z',
      valorTotal: 5_000,
      valorPago: 2_000,
      desconto: 0,
      itens: [
        { nome: 'Café 500g', avulso: false, unidade: 'un' as const, quantidade: 1, precoUnitario: 3_250, desconto: 0, subtotal: 3_250 },
        { nome: 'pão e leite', avulso: true, unidade: 'un' as const, quantidade: 1, precoUnitario: 1_250, desconto: 0, subtotal: 1_250 },
        { nome: '', avulso: true, unidade: 'un' as const, quantidade: 1, precoUnitario: 500, desconto: 0, subtotal: 500 },
      ],
    };
    let pagina = cliente({ vencimento: { data: '2025-03-20', vencido: true, diasEmAtraso: 12 }, pendentes: [parcial], saldoAtual: -3_000, saldoPendente: 3_000 });
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, pagina) });
    const first = renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { level: 2, name: /^Você deve R\$\s30,00$/ })).toBeInTheDocument();
    expect(screen.getByText('Venceu em 20/03/2025: 12 dias de atraso.')).toBeInTheDocument();
    expect(screen.getByText('Total R$ 50,00, já pago R$ 20,00')).toBeInTheDocument();
    // A loose line is its description and value, no "quantity × price".
    const itens = within(screen.getByRole('list', { name: 'Itens da compra V2' })).getAllByRole('listitem');
    expect(itens.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Café 500g1 un × R\$\s32,50R\$\s32,50$/),
      expect.stringMatching(/^Avulso — pão e leiteR\$\s12,50$/),
      expect.stringMatching(/^AvulsoR\$\s5,00$/),
    ]);
    first.unmount();

    pagina = cliente({ saldoAtual: 1_200, saldoPendente: 0, vencimento: null, pendentes: [], pendentesTotal: 0, pagamentoOnline: { disponivel: false, taxaCartaoPercentual: 5, parcelasMaxCartao: 12 } });
    const second = renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { level: 2, name: /^Você tem R\$\s12,00 de crédito na loja$/ })).toBeInTheDocument();
    expect(screen.getByText('O crédito é descontado das suas próximas compras fiado.')).toBeInTheDocument();
    expect(screen.queryByText(/Você deve|Vence/)).not.toBeInTheDocument();
    second.unmount();

    pagina = cliente({ saldoAtual: 0, saldoPendente: 0, vencimento: null, pendentes: [], pendentesTotal: 0 });
    renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { level: 2, name: 'Você não deve nada na loja.' })).toBeInTheDocument();
    expect(screen.getByText('Nenhuma compra pendente. Tudo em dia!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar Saldo Pendente' })).not.toBeInTheDocument();
  });

  it('shows a purchase\'s discounts, a line\'s under it and the purchase\'s after its lines, with no minus sign', async () => {
    // Cheese R$ 10,47 with R$ 1,05 off; bread R$ 1,50; "Avulso" R$ 5,00; R$ 1,59 off the purchase: R$ 14,33.
    const compra = {
      numeroVenda: 'V3',
      data: '2025-03-10T15:00:00.000Z',
      valorTotal: 1_433,
      valorPago: 0,
      desconto: 159,
      itens: [
        { nome: 'Queijo Minas', avulso: false, unidade: 'kg' as const, quantidade: 350, precoUnitario: 2_990, desconto: 105, subtotal: 942 },
        { nome: 'Pão Francês', avulso: false, unidade: 'un' as const, quantidade: 2, precoUnitario: 75, desconto: 0, subtotal: 150 },
        { nome: '', avulso: true, unidade: 'un' as const, quantidade: 1, precoUnitario: 500, desconto: 0, subtotal: 500 },
      ],
    };
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pendentes: [compra], saldoAtual: -1_433, saldoPendente: 1_433 })) });
    renderApp('/cliente/joana48213');
    const itens = within(await screen.findByRole('list', { name: 'Itens da compra V3' })).getAllByRole('listitem');
    expect(itens.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Queijo Minas0,350 kg × R\$\s29,90\/kgDesconto de R\$\s1,05R\$\s9,42$/),
      expect.stringMatching(/^Pão Francês2 un × R\$\s0,75R\$\s1,50$/),
      expect.stringMatching(/^AvulsoR\$\s5,00$/),
    ]);
    expect(screen.getByText('Desconto na compra').nextElementSibling).toHaveTextContent('R$ 1,59');
    expect(document.body.textContent).not.toMatch(/[−-]\s?R\$/);
  });

  it('in a shop that keeps its books in dollars, every amount on the page is in dollars and no payment in reais is offered (ADR 028)', async () => {
    // The server offers neither PIX nor Mercado Pago to such a shop.
    const pagamentos = [{ data: '2025-03-11T15:00:00.000Z', valor: 500, metodo: 'dinheiro' as const, estornado: false }];
    mockApi({
      'GET /api/portal/joana48213': () =>
        jsonResponse(200, cliente({ moeda: 'USD', pagamentos, pix: null, pagamentoOnline: { disponivel: false, taxaCartaoPercentual: 5, parcelasMaxCartao: 12 } })),
    });
    renderApp('/cliente/joana48213');
    expect(await screen.findByRole('heading', { level: 2, name: 'Você deve $100.01' })).toBeInTheDocument();
    expect(screen.getAllByText('$100.01').length).toBeGreaterThan(0);
    expect(screen.getByText('$5.00')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('R$');
    expect(screen.queryByRole('button', { name: 'Pagar Saldo Pendente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar código PIX' })).not.toBeInTheDocument();
  });

  it("dates purchases by the shop's calendar: 23:30 in Manaus is still the 9th there", async () => {
    const pendente = { numeroVenda: 'V1', data: '2025-03-10T03:30:00.000Z', valorTotal: 10_001, valorPago: 0, desconto: 0, itens: ITENS_V1 };
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ fusoHorario: 'America/Manaus', pendentes: [pendente] })) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByText(/09\/03\/2025/)).toBeInTheDocument();
    expect(screen.queryByText(/10\/03\/2025/)).not.toBeInTheDocument();
  });

  it('shows the PIX copia e cola code with its copy button', async () => {
    mockApi({ 'GET /api/portal/joana48213': () => jsonResponse(200, cliente({ pagamentoOnline: { disponivel: false, taxaCartaoPercentual: 5, parcelasMaxCartao: 12 }, pix: { codigo: '000201PIX', qrCode: 'data:image/svg+xml;base64,AA==' } })) });
    renderApp('/cliente/joana48213');
    expect(await screen.findByRole('button', { name: 'Copiar código PIX' })).toBeInTheDocument();
    expect(screen.getByLabelText('Código PIX')).toHaveValue('000201PIX');
    expect(screen.queryByRole('button', { name: 'Pagar Saldo Pendente' })).not.toBeInTheDocument();
  });

  it('the pending page checks the status again on "Verificar Status", and confirms only what the server approved', async () => {
    let status = 'pendente';
    const api = mockApi({
      [`POST /api/portal/joana48213/pagamentos/${ID}/verificar`]: () => jsonResponse(200, { id: ID, metodo: 'pix', status, valorBase: 4590, taxa: 0, valorTotal: 4590 }),
    });
    const { user } = renderApp(`/cliente/joana48213/pagamento-pendente?pagamento=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Pagamento pendente' })).toBeInTheDocument();
    status = 'aprovado';
    await user.click(screen.getByRole('button', { name: 'Verificar Status' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento Confirmado' })).toBeInTheDocument();
    expect(screen.getByText('Recebemos seu pagamento de R$ 45,90. Obrigado!')).toBeInTheDocument();
    expect(api.calls('POST', `/api/portal/joana48213/pagamentos/${ID}/verificar`)).toHaveLength(2);
  });

  it.each(['pagamento-sucesso', 'pagamento-erro', 'pagamento-pendente'])(
    '/cliente/…/%s without its payment says where to check the payment, not "page not found"',
    async (pagina) => {
      const api = mockApi({});
      renderApp(`/cliente/joana48213/${pagina}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Confira seu pagamento' })).toBeInTheDocument();
      expect(screen.getByText(/Se você pagou, o pagamento aparece na sua conta assim que a loja receber a confirmação/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Voltar para minha conta' })).toHaveAttribute('href', '/cliente/joana48213');
      expect(screen.queryByText(/Página não encontrada/)).not.toBeInTheDocument();
      // Nothing to ask the server about, and no result claimed.
      expect(api.requests).toHaveLength(0);
      expect(screen.queryByText(/Pagamento Confirmado|Pagamento não concluído/)).not.toBeInTheDocument();
    },
  );

  it('a page of another name under a customer is still "page not found"', async () => {
    mockApi({});
    renderApp(`/cliente/joana48213/outra-coisa?pagamento=${ID}`);
    expect(await screen.findByRole('heading', { name: 'Ops! Página não encontrada.' })).toBeInTheDocument();
  });

  it('a card payment confirmed says what was charged with the fee beside what was credited', async () => {
    mockApi({
      [`POST /api/portal/joana48213/pagamentos/${ID}/verificar`]: () => jsonResponse(200, { id: ID, metodo: 'cartao', status: 'aprovado', valorBase: 59225, taxa: 2961, valorTotal: 62186 }),
    });
    renderApp(`/cliente/joana48213/pagamento-sucesso?pagamento=${ID}`);
    expect(await screen.findByText('Recebemos seu pagamento de R$ 592,25 (R$ 621,86 cobrados no cartão, com a taxa). Obrigado!')).toBeInTheDocument();
  });
});

describe('the Mercado Pago settings tab', () => {
  const config: MercadopagoConfig = { accessTokenDica: null, publicKey: null, webhookSecretDefinido: false, ambiente: 'sandbox', ativo: false, webhookUrl: 'http://localhost/api/webhooks/mercadopago/u1' };

  it('tests the connection (token needed, invalid, ok) and saves without ever showing the token', async () => {
    let teste = 0;
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'GET /api/configuracoes/mercadopago': () => jsonResponse(200, config),
      'POST /api/configuracoes/mercadopago/testar': () =>
        ++teste === 1 ? jsonResponse(422, { code: 'MP_TOKEN_INVALIDO', message: 'x' }) : jsonResponse(200, { ok: true, conta: 'LOJA123' }),
      'PUT /api/configuracoes/mercadopago': () => jsonResponse(200, { ...config, accessTokenDica: 'APP_USR-…5678', ativo: true }),
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Mercado Pago' }));
    await user.click(await screen.findByRole('button', { name: 'Testar Conexão' }));
    expect(await screen.findByText('Token necessário')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Access Token'), 'APP_USR-errado-1234');
    await user.click(screen.getByRole('button', { name: 'Testar Conexão' }));
    expect(await screen.findByText('Erro na integração')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Access Token'));
    await user.type(screen.getByLabelText('Access Token'), 'APP_USR-certo-5678');
    await user.click(screen.getByRole('button', { name: 'Testar Conexão' }));
    expect(await screen.findByText('Conexão OK: conta LOJA123')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ativo/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/mercadopago')[0]!.body).toMatchObject({ accessToken: 'APP_USR-certo-5678', ativo: true, ambiente: 'sandbox' });
    expect(screen.getByLabelText('Access Token')).toHaveValue('');
    expect(screen.getByText('Guardado: APP_USR-…5678. Deixe em branco para manter.')).toBeInTheDocument();
  });

  it('refuses a token with characters outside ASCII (an emoji, an invisible mark) on test and on save, saying why under the field', async () => {
    const ascii = 'Credenciais do Mercado Pago têm só letras sem acento, números e sinais (como APP_USR-…). Copie de novo do painel, sem emojis nem marcas invisíveis.';
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'GET /api/configuracoes/mercadopago': () => jsonResponse(200, config),
      // A server that refuses what this client let through says why the same way.
      'POST /api/configuracoes/mercadopago/testar': () =>
        jsonResponse(400, { code: 'VALIDATION', message: 'Dados inválidos', issues: [{ path: 'accessToken', message: 'credencialNaoAscii' }] }),
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Mercado Pago' }));
    await user.type(screen.getByLabelText('Access Token'), 'APP_USR-🙂-1234');
    await user.click(screen.getByRole('button', { name: 'Testar Conexão' }));
    // Under the field (its description) and in the test's status line.
    expect(await screen.findAllByText(ascii)).toHaveLength(2);
    const campo = screen.getByLabelText('Access Token');
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveAccessibleDescription(ascii);
    expect(api.calls('POST', '/api/configuracoes/mercadopago/testar')).toHaveLength(0);
    await user.clear(campo);
    await user.type(campo, 'abc\u202edef');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo).toHaveAccessibleDescription(ascii));
    expect(api.calls('PUT', '/api/configuracoes/mercadopago')).toHaveLength(0);
    await user.clear(campo);
    await user.type(campo, 'APP_USR-certo-5678');
    await user.click(screen.getByRole('button', { name: 'Testar Conexão' }));
    await waitFor(() => expect(api.calls('POST', '/api/configuracoes/mercadopago/testar')).toHaveLength(1));
    await waitFor(() => expect(campo).toHaveAccessibleDescription(ascii));
  });

  it('refuses an invalid PIX key before saving', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
    });
    const { user } = renderApp('/configuracoes?aba=loja');
    await user.type(await screen.findByLabelText('Chave PIX'), '123.456.789-00');
    await user.click(screen.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(await screen.findByText(/Chave PIX inválida/)).toBeInTheDocument();
    expect(screen.getAllByText('Campo obrigatório.')).toHaveLength(2);
    expect(api.calls('PUT', '/api/configuracoes/pix')).toHaveLength(0);
  });

  it('asks which type a key is when it reads as a CPF and as a mobile number, and saves the type chosen', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: null, tipo: null, nomeRecebedor: null, cidade: null }),
      'PUT /api/configuracoes/pix': () => jsonResponse(200, { chave: '+5511987654374', tipo: 'telefone', nomeRecebedor: 'Mercadinho', cidade: 'Recife' }),
    });
    const { user } = renderApp('/configuracoes?aba=loja');
    await user.type(await screen.findByLabelText('Chave PIX'), '1198765437');
    // Ten digits read as nothing yet: no question.
    expect(screen.queryByRole('group', { name: 'Que tipo de chave é esta?' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Chave PIX'), '4');
    const pergunta = await screen.findByRole('group', { name: 'Que tipo de chave é esta?' });
    expect(within(pergunta).getByText('Estes números valem como CPF ou celular. Escolha o tipo com que a chave está cadastrada no seu banco.')).toBeInTheDocument();
    expect(within(pergunta).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['cpf', 'telefone']);
    expect(within(pergunta).getByRole('radio', { name: /CPF/ })).not.toBeChecked();
    await user.type(screen.getByLabelText('Nome do recebedor'), 'Mercadinho');
    await user.type(screen.getByLabelText('Cidade'), 'Recife');

    // Not chosen: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(await within(pergunta).findByText('Escolha o tipo da chave: estes números valem como mais de um tipo.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/pix')).toHaveLength(0);

    await user.click(within(pergunta).getByRole('radio', { name: /Celular/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/pix')[0]!.body).toEqual({ chave: '11987654374', tipo: 'telefone', nomeRecebedor: 'Mercadinho', cidade: 'Recife' });
    // Saved as a phone (+55…): it reads as one type now, so the question is gone.
    expect(screen.getByLabelText('Chave PIX')).toHaveValue('+5511987654374');
    expect(screen.queryByRole('group', { name: 'Que tipo de chave é esta?' })).not.toBeInTheDocument();
  });

  it('shows the type saved for such a key, and sends it again', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
      'GET /api/configuracoes/pix': () => jsonResponse(200, { chave: '11987654374', tipo: 'cpf', nomeRecebedor: 'Mercadinho', cidade: 'Recife' }),
      'PUT /api/configuracoes/pix': () => jsonResponse(200, { chave: '11987654374', tipo: 'cpf', nomeRecebedor: 'Mercado', cidade: 'Recife' }),
    });
    const { user } = renderApp('/configuracoes?aba=loja');
    const pergunta = await screen.findByRole('group', { name: 'Que tipo de chave é esta?' });
    expect(within(pergunta).getByRole('radio', { name: /CPF/ })).toBeChecked();
    await user.clear(screen.getByLabelText('Nome do recebedor'));
    await user.type(screen.getByLabelText('Nome do recebedor'), 'Mercado');
    await user.click(screen.getByRole('button', { name: 'Salvar chave PIX' }));
    expect(await screen.findByText('Configuração salva!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/pix')[0]!.body).toMatchObject({ chave: '11987654374', tipo: 'cpf' });
  });
});

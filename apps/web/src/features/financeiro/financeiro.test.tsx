import { NOTAS_MERCADO_PAGO, type Cliente, type ClientesPage, type Extrato, type LancamentoResultado, type Recibo } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, signedIn } from '@/test/utils';
import { changeLanguage } from '@/lib/i18n';

/** A version 4 UUID: the forms' idempotency keys. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ID = '11111111-1111-4111-8111-111111111111';
const PAGAMENTO = '99999999-9999-4999-8999-999999999999';

function cliente(overrides: Partial<Cliente> = {}): Cliente {
  return {
    id: ID,
    nome: 'José da Silva',
    telefone: '11987654321',
    email: null,
    endereco: null,
    limiteCredito: 100000,
    login: 'jose48213',
    ativo: true,
    saldoAtual: -12550,
    saldoPendente: 12550,
    dataVencimento: null,
    observacoes: null,
    avisos: null,
    createdAt: '2025-03-05T15:00:00.000Z',
    ...overrides,
  };
}

const page = (items: Cliente[]): ClientesPage => ({ items, total: items.length, page: 1, pageSize: 20, resumo: { total: 1, ativos: 0, comPendencias: 1 } });

function resultado(saldoAtual: number, tipo: LancamentoResultado['resultado']): LancamentoResultado {
  return {
    lancamento: { id: PAGAMENTO, tipo: 'pagamento', valor: 5000, metodo: 'pix', descricao: null, vendaId: null, numeroVenda: null, data: '2025-03-10T15:30:00.000Z' },
    cliente: { clienteId: ID, nome: 'José da Silva', saldoAtual, saldoPendente: Math.max(0, -saldoAtual) },
    resultado: tipo,
    vendasQuitadas: [],
  };
}

async function openAction(action: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([cliente()])), ...handlers });
  const app = renderApp('/clientes');
  // The first render also loads the route's code: give it time.
  await app.user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }, { timeout: 5000 }));
  await app.user.click(await screen.findByRole('menuitem', { name: action }));
  return { ...app, api };
}

describe('registering a payment from the customer row', () => {
  it('refuses a value that is not money: "Valor inválido" / "Digite um valor válido para o pagamento."', async () => {
    const { user, api } = await openAction('Registrar pagamento');
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    expect(within(dialog).getByText('Deve R$ 125,50')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Valor do pagamento'), 'abc');
    expect(within(dialog).getByText('Valor inválido')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    // The toast's title, next to the message under the field.
    await waitFor(() => expect(screen.getAllByText('Valor inválido')).toHaveLength(2));
    expect(within(dialog).getByText('Digite um valor válido para o pagamento.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)).toHaveLength(0);
  });

  it('sends the typed amount, method, note and an idempotency key; shows what remains and links to the receipt', async () => {
    const { user, api, router } = await openAction('Registrar pagamento', {
      [`POST /api/clientes/${ID}/pagamentos`]: () => jsonResponse(201, resultado(-7550, { tipo: 'restante', valor: 7550 })),
      [`GET /api/pagamentos/${PAGAMENTO}/recibo`]: () => jsonResponse(404, { code: 'NOT_FOUND', message: 'x' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.type(within(dialog).getByLabelText('Valor do pagamento'), '50,00');
    await user.selectOptions(within(dialog).getByLabelText('Forma de pagamento'), 'PIX');
    await user.type(within(dialog).getByLabelText('Observação'), 'Metade');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));

    expect(await screen.findByText('Pagamento registrado!')).toBeInTheDocument();
    expect(screen.getByText('Saldo devedor restante: R$ 75,50')).toBeInTheDocument();
    const body = api.calls('POST', `/api/clientes/${ID}/pagamentos`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ valor: 5000, metodo: 'pix', observacao: 'Metade' });
    expect(body.chave).toMatch(UUID);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar pagamento' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ver recibo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/recibos/${PAGAMENTO}`));
  });

  it('says "Débito totalmente quitado!" after "Quitar tudo"', async () => {
    const { user, api } = await openAction('Registrar pagamento', {
      [`POST /api/clientes/${ID}/pagamentos`]: () => jsonResponse(201, resultado(0, { tipo: 'quitado' })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar tudo (R$ 125,50)' }));
    expect(within(dialog).getByLabelText('Valor do pagamento')).toHaveValue('125,50');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    expect(await screen.findByText('Débito totalmente quitado!')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)[0]?.body).toMatchObject({ valor: 12550, metodo: 'dinheiro' });
  });

  it('a payment filled only by "Quitar tudo" asks "Descartar alterações?" before Escape closes it', async () => {
    const { user, api } = await openAction('Registrar pagamento');
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar tudo (R$ 125,50)' }));
    await user.keyboard('{Escape}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: 'Registrar pagamento' })).getByLabelText('Valor do pagamento')).toHaveValue('125,50');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar pagamento' })).not.toBeInTheDocument());
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)).toHaveLength(0);
  });

  it('while the payment is being sent, nothing can change it or close the dialog; the answer then shows', async () => {
    const answer = deferred<Response>();
    const { user, api } = await openAction('Registrar pagamento', {
      [`POST /api/clientes/${ID}/pagamentos`]: () => answer.promise,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.type(within(dialog).getByLabelText('Valor do pagamento'), '50,00');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));

    expect(await within(dialog).findByRole('button', { name: 'Registrando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Quitar tudo (R$ 125,50)' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Valor do pagamento')).toBeDisabled();
    expect(within(dialog).getByLabelText('Forma de pagamento')).toBeDisabled();
    expect(within(dialog).getByLabelText('Observação')).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('[data-slot="dialog-overlay"]')!);
    expect(screen.getByRole('dialog', { name: 'Registrar pagamento' })).toBeInTheDocument();

    answer.resolve(jsonResponse(201, resultado(-7550, { tipo: 'restante', valor: 7550 })));
    expect(await screen.findByText('Saldo devedor restante: R$ 75,50')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)).toHaveLength(1);
  });

  it('gives the controls back after a failed send, with what was typed', async () => {
    const answer = deferred<Response>();
    const { user } = await openAction('Registrar pagamento', {
      [`POST /api/clientes/${ID}/pagamentos`]: () => answer.promise,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.type(within(dialog).getByLabelText('Valor do pagamento'), '50,00');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    expect(await within(dialog).findByRole('button', { name: 'Registrando...' })).toBeDisabled();
    answer.resolve(jsonResponse(500, { code: 'INTERNAL', message: 'x' }));

    expect(await within(dialog).findByRole('button', { name: 'Registrar Pagamento' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Quitar tudo (R$ 125,50)' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Valor do pagamento')).toHaveValue('50,00');
    expect(within(dialog).getByLabelText('Valor do pagamento')).toBeEnabled();
  });

  it('reads the amount by the interface language as it is typed, with a confirmation line of amount and resulting balance', async () => {
    const { user, api } = await openAction('Registrar pagamento', {
      [`POST /api/clientes/${ID}/pagamentos`]: () => jsonResponse(201, resultado(-11500, { tipo: 'restante', valor: 11500 })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    const input = within(dialog).getByLabelText('Valor do pagamento');
    await user.type(input, '10,500');
    expect(within(dialog).getByText('Valor inválido')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('confirmacao')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '10,5');
    expect(within(dialog).getByText('= R$ 10,50')).toBeInTheDocument();
    expect(within(dialog).getByTestId('confirmacao')).toHaveTextContent('Pagamento de R$ 10,50 — saldo depois: −R$ 115,00');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    expect(await screen.findByText('Pagamento registrado!')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)[0]?.body).toMatchObject({ valor: 1050 });
  });

  it.each(["' OR '1'='1", '<script>alert(1)</script>', '1e3', '0x10', '0,001'])('never sends %j as money', async (text) => {
    const { user, api } = await openAction('Registrar pagamento');
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.type(within(dialog).getByLabelText('Valor do pagamento'), text.replace(/[{[]/g, '$&$&'));
    expect(within(dialog).getByText('Valor inválido')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    expect((await screen.findAllByText('Digite um valor válido para o pagamento.')).length).toBeGreaterThan(0);
    expect(api.calls('POST', `/api/clientes/${ID}/pagamentos`)).toHaveLength(0);
  });

  it('shows the spec message when the payment fails', async () => {
    const { user } = await openAction('Registrar pagamento', {
      [`POST /api/clientes/${ID}/pagamentos`]: () => jsonResponse(500, { code: 'INTERNAL', message: 'x' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    await user.type(within(dialog).getByLabelText('Valor do pagamento'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Pagamento' }));
    expect(await screen.findByText('Erro ao registrar pagamento')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível processar o pagamento. Tente novamente.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Registrar pagamento' })).toBeInTheDocument();
  });
});

describe('adjustment', () => {
  it('requires a reason, previews the new balance and posts a debit', async () => {
    const { user, api } = await openAction('Ajuste de saldo', {
      [`POST /api/clientes/${ID}/ajustes`]: () => jsonResponse(201, resultado(-20550, { tipo: 'restante', valor: 20550 })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ajuste de saldo' });
    await user.type(within(dialog).getByLabelText('Valor do ajuste'), '80');
    expect(within(dialog).getByText('Débito de R$ 80,00: saldo atual −R$ 125,50 → novo saldo −R$ 205,50')).toBeInTheDocument();
    expect(within(dialog).getByText('= R$ 80,00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Ajuste' }));
    expect(await within(dialog).findByText('Informe o motivo do ajuste.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/ajustes`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo'), 'Saldo do caderno antigo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Ajuste' }));
    expect(await screen.findByText('Ajuste registrado')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/ajustes`)[0]?.body).toEqual({ tipo: 'debito', valor: 8000, motivo: 'Saldo do caderno antigo', chave: expect.stringMatching(UUID) });
  });

  it('sends the same key again when the seller retries after an error, so the debit is posted once', async () => {
    let tentativas = 0;
    const { user, api } = await openAction('Ajuste de saldo', {
      [`POST /api/clientes/${ID}/ajustes`]: () =>
        ++tentativas === 1 ? jsonResponse(500, { code: 'INTERNAL', message: 'x' }) : jsonResponse(201, resultado(-20550, { tipo: 'restante', valor: 20550 })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ajuste de saldo' });
    await user.type(within(dialog).getByLabelText('Valor do ajuste'), '80');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Saldo do caderno antigo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Ajuste' }));
    expect(await screen.findByText('Erro ao registrar ajuste')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Ajuste' }));
    expect(await screen.findByText('Ajuste registrado')).toBeInTheDocument();
    const [primeira, segunda] = api.calls('POST', `/api/clientes/${ID}/ajustes`).map((c) => (c.body as { chave: string }).chave);
    expect(primeira).toMatch(UUID);
    expect(segunda).toBe(primeira);
  });
});

describe('adjustment while it is being sent', () => {
  it('keeps the type, the amount, the reason and every way out off until the answer', async () => {
    const answer = deferred<Response>();
    const { user } = await openAction('Ajuste de saldo', {
      [`POST /api/clientes/${ID}/ajustes`]: () => answer.promise,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ajuste de saldo' });
    await user.type(within(dialog).getByLabelText('Valor do ajuste'), '80');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Saldo do caderno antigo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Ajuste' }));

    expect(await within(dialog).findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(dialog).getByLabelText('Valor do ajuste')).toBeDisabled();
    expect(within(dialog).getByLabelText('Motivo')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Ajuste de saldo' })).toBeInTheDocument();

    answer.resolve(jsonResponse(201, resultado(-20550, { tipo: 'restante', valor: 20550 })));
    expect(await screen.findByText('Ajuste registrado')).toBeInTheDocument();
  });
});

describe('statement (extrato)', () => {
  it('lists each entry with date, description, amount and running balance, with a receipt link for payments', async () => {
    const extrato: Extrato = {
      cliente: { clienteId: ID, nome: 'José da Silva', telefone: '11987654321', saldoAtual: -12550, saldoPendente: 12550 },
      items: [
        { id: PAGAMENTO, tipo: 'pagamento', valor: 5000, metodo: 'pix', descricao: 'Metade', vendaId: null, numeroVenda: null, data: '2025-03-11T13:00:00.000Z', saldo: -12550, por: null, conferencia: null },
        { id: 'e2', tipo: 'ajuste', valor: -7550, metodo: null, descricao: 'Caderno antigo', vendaId: null, numeroVenda: null, data: '2025-03-10T13:00:00.000Z', saldo: -17550, por: null, conferencia: null },
        { id: 'e1', tipo: 'venda', valor: -10000, metodo: null, descricao: null, vendaId: 'v1', numeroVenda: 'V1741600000000', data: '2025-03-09T13:00:00.000Z', saldo: -10000, por: null, conferencia: null },
      ],
      total: 3,
      page: 1,
      pageSize: 20,
    };
    await openAction('Extrato', { [`GET /api/clientes/${ID}/extrato`]: () => jsonResponse(200, extrato) });
    const dialog = await screen.findByRole('dialog', { name: 'Extrato de José da Silva' });
    const table = await within(dialog).findByRole('table', { name: 'Lançamentos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['11/03/2025, 10:00', 'Pagamento — PIX — Metade', '+R$ 50,00', '−R$ 125,50'],
      ['10/03/2025, 10:00', 'Ajuste — Caderno antigo', '−R$ 75,50', '−R$ 175,50'],
      ['09/03/2025, 10:00', 'Venda fiado V1741600000000', '−R$ 100,00', '−R$ 100,00'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Recibo do pagamento de 11/03/2025, 10:00' })).toHaveAttribute('href', `/recibos/${PAGAMENTO}`);
    expect(within(dialog).getByText('Deve R$ 125,50')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Imprimir ou compartilhar' })).toHaveAttribute('href', `/extratos/${ID}`);
    // Everything about the customer, with who did it: the customer's history.
    expect(within(dialog).getByRole('link', { name: 'Histórico do cliente' })).toHaveAttribute('href', `/historico?clienteId=${ID}`);
  });

  it('prints and shares the statement as a page of its own, as the receipt does: the balance, the entries, WhatsApp text and a copy', async () => {
    const extrato: Extrato = {
      cliente: { clienteId: ID, nome: 'José da Silva', telefone: '11987654321', saldoAtual: -12550, saldoPendente: 12550 },
      items: [
        { id: PAGAMENTO, tipo: 'pagamento', valor: 5000, metodo: 'pix', descricao: 'Metade', vendaId: null, numeroVenda: null, data: '2025-03-11T13:00:00.000Z', saldo: -12550, por: 'Ana Souza', conferencia: null },
        { id: 'e1', tipo: 'venda', valor: -17550, metodo: null, descricao: null, vendaId: 'v1', numeroVenda: 'V1741600000000', data: '2025-03-09T13:00:00.000Z', saldo: -17550, por: null, conferencia: null },
      ],
      total: 2,
      page: 1,
      pageSize: 100,
    };
    const api = mockApi({ ...signedIn(), [`GET /api/clientes/${ID}/extrato`]: () => jsonResponse(200, extrato) });
    // happy-dom has no print dialog.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const { user } = renderApp(`/extratos/${ID}`);
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const article = await screen.findByRole('article', { name: 'Extrato de José da Silva' });
    expect(api.calls('GET', `/api/clientes/${ID}/extrato`)[0]?.query.get('pageSize')).toBe('100');
    expect(within(article).getByText('Mercadinho da Maria')).toBeInTheDocument();
    expect(within(article).getByText('Deve R$ 125,50')).toBeInTheDocument();
    const linhas = within(within(article).getByRole('list', { name: 'Lançamentos' })).getAllByRole('listitem');
    expect(linhas.map((l) => l.textContent)).toEqual([
      'Pagamento — PIX — Metadepor Ana Souza+R$ 50,0011/03/2025, 10:00saldo −R$ 125,50',
      'Venda fiado V1741600000000−R$ 175,5009/03/2025, 10:00saldo −R$ 175,50',
    ]);

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    const whatsapp = new URL(screen.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href')!);
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/5511987654321');
    const texto = whatsapp.searchParams.get('text')!;
    expect(texto).toMatch(/^\*Mercadinho da Maria\*\nExtrato de José da Silva — \d\d\/\d\d\/\d{4}, \d\d:\d\d\n\*Deve R\$ 125,50\*\n\nLançamentos:\n/);
    expect(texto.endsWith('11/03/2025, 10:00 · Pagamento — PIX — Metade · +R$ 50,00 · por Ana Souza\n09/03/2025, 10:00 · Venda fiado V1741600000000 · −R$ 175,50')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Copiar texto' }));
    expect(writeText).toHaveBeenCalledWith(texto);
    expect(await screen.findByText('Texto do extrato copiado!')).toBeInTheDocument();
  });

  it('says who posted each entry ("por Ana"), in the dialog and on the printable page; the app\'s own entries name nobody', async () => {
    const extrato: Extrato = {
      cliente: { clienteId: ID, nome: 'José da Silva', telefone: '11987654321', saldoAtual: -5000, saldoPendente: 5000 },
      items: [
        { id: PAGAMENTO, tipo: 'pagamento', valor: 5000, metodo: 'pix', descricao: null, vendaId: null, numeroVenda: null, data: '2025-03-11T13:00:00.000Z', saldo: -5000, por: 'Ana Souza', conferencia: null },
        { id: 'e1', tipo: 'venda', valor: -10000, metodo: null, descricao: null, vendaId: 'v1', numeroVenda: 'V1741600000000', data: '2025-03-09T13:00:00.000Z', saldo: -10000, por: null, conferencia: null },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    await openAction('Extrato', { [`GET /api/clientes/${ID}/extrato`]: () => jsonResponse(200, extrato) });
    const table = await within(await screen.findByRole('dialog', { name: 'Extrato de José da Silva' })).findByRole('table', { name: 'Lançamentos' });
    const [pagamento, venda] = within(table).getAllByRole('row').slice(1);
    expect(within(pagamento!).getAllByRole('cell')[1]).toHaveTextContent('Pagamento — PIXpor Ana Souza');
    expect(within(pagamento!).getByText('por Ana Souza')).toBeInTheDocument();
    expect(within(venda!).queryByText(/^por /)).not.toBeInTheDocument();
  });

  it('names who posted an entry on the printable statement', async () => {
    const extrato: Extrato = {
      cliente: { clienteId: ID, nome: 'José da Silva', telefone: '11987654321', saldoAtual: -5000, saldoPendente: 5000 },
      items: [{ id: PAGAMENTO, tipo: 'pagamento', valor: 5000, metodo: 'pix', descricao: null, vendaId: null, numeroVenda: null, data: '2025-03-11T13:00:00.000Z', saldo: -5000, por: 'Ana Souza', conferencia: null }],
      total: 1,
      page: 1,
      pageSize: 100,
    };
    mockApi({ ...signedIn(), [`GET /api/clientes/${ID}/extrato`]: () => jsonResponse(200, extrato) });
    renderApp(`/extratos/${ID}`);
    const article = await screen.findByRole('article', { name: 'Extrato de José da Silva' });
    const [linha] = within(within(article).getByRole('list', { name: 'Lançamentos' })).getAllByRole('listitem');
    expect(linha).toHaveTextContent('Pagamento — PIXpor Ana Souza+R$ 50,00');
  });

  it("names an online payment's reversal (no sale to name) and translates Mercado Pago's notes", async () => {
    const extrato: Extrato = {
      cliente: { clienteId: ID, nome: 'José da Silva', telefone: '11987654321', saldoAtual: -5000, saldoPendente: 5000 },
      items: [
        { id: 'e2', tipo: 'estorno', valor: -5000, metodo: 'online', descricao: NOTAS_MERCADO_PAGO.reembolso, vendaId: null, numeroVenda: null, data: '2025-03-11T13:00:00.000Z', saldo: -5000, por: null, conferencia: null },
        { id: PAGAMENTO, tipo: 'pagamento', valor: 5000, metodo: 'online', descricao: NOTAS_MERCADO_PAGO.cartao, vendaId: null, numeroVenda: null, data: '2025-03-10T13:00:00.000Z', saldo: 0, por: null, conferencia: null },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    await openAction('Extrato', { [`GET /api/clientes/${ID}/extrato`]: () => jsonResponse(200, extrato) });
    const table = await within(await screen.findByRole('dialog', { name: 'Extrato de José da Silva' })).findByRole('table', { name: 'Lançamentos' });
    const descricoes = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(descricoes).toEqual(['Estorno de pagamento online — Mercado Pago — reembolso', 'Pagamento — Pagamento online — Mercado Pago — Cartão']);
    await changeLanguage('en-US');
    await waitFor(() => expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Mercado Pago — Card'));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Online payment reversed — Mercado Pago — refund');
  });
});

describe('receipt page', () => {
  const RECIBO: Recibo = {
    id: PAGAMENTO,
    numero: '99999999',
    data: '2025-03-10T15:30:00.000Z',
    valor: 4000,
    metodo: 'pix',
    observacao: 'Metade',
    saldoApos: -6000,
    estornadoEm: null,
    recebidoPor: null,
    cliente: { id: ID, nome: 'Joana Prado', telefone: '11912345678' },
    loja: { nome: 'Mercadinho da Maria', telefone: '1133334444', endereco: 'Rua A, 1' },
    texto: 'x',
    whatsappUrl: 'x',
  };

  it('says an online payment Mercado Pago gave back settles nothing, on the page and in the WhatsApp text', async () => {
    const recibo: Recibo = { ...RECIBO, metodo: 'online', saldoApos: 0, observacao: null, estornadoEm: '2025-03-12T13:00:00.000Z' };
    mockApi({ ...signedIn(), [`GET /api/pagamentos/${PAGAMENTO}/recibo`]: () => jsonResponse(200, recibo) });
    renderApp(`/recibos/${PAGAMENTO}`);
    const article = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    expect(within(article).getByRole('note')).toHaveTextContent('Pagamento estornado em 12/03/2025, 10:00: este valor foi devolvido e não quita a dívida.');
    expect(within(article).queryByText('Débito totalmente quitado!')).not.toBeInTheDocument();
    const href = screen.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain('PAGAMENTO ESTORNADO em 12/03/2025');
  });

  it('says who received the payment ("Recebido por"), on the page and in the WhatsApp text', async () => {
    mockApi({ ...signedIn(), [`GET /api/pagamentos/${PAGAMENTO}/recibo`]: () => jsonResponse(200, { ...RECIBO, recebidoPor: 'Ana Souza' } satisfies Recibo) });
    renderApp(`/recibos/${PAGAMENTO}`);
    const article = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    const termo = within(article).getByText('Recebido por');
    expect(termo.tagName).toBe('DT');
    expect(termo.nextElementSibling).toHaveTextContent('Ana Souza');
    const href = screen.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain('Recebido por: Ana Souza');
  });

  it('names nobody on a receipt whose receiver is unknown (online, or before the shop had people)', async () => {
    mockApi({ ...signedIn(), [`GET /api/pagamentos/${PAGAMENTO}/recibo`]: () => jsonResponse(200, RECIBO) });
    renderApp(`/recibos/${PAGAMENTO}`);
    const article = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    expect(within(article).queryByText('Recebido por')).not.toBeInTheDocument();
  });

  it('prints the receipt without the app layout and shares it on WhatsApp', async () => {
    const recibo = RECIBO;
    mockApi({ ...signedIn(), [`GET /api/pagamentos/${PAGAMENTO}/recibo`]: () => jsonResponse(200, recibo) });
    renderApp(`/recibos/${PAGAMENTO}`);
    const article = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    expect(within(article).getByText('Mercadinho da Maria')).toBeInTheDocument();
    expect(within(article).getByText('Recibo nº 99999999')).toBeInTheDocument();
    expect(within(article).getByText('Joana Prado')).toBeInTheDocument();
    expect(within(article).getByText('R$ 40,00')).toBeInTheDocument();
    expect(within(article).getByText('PIX')).toBeInTheDocument();
    expect(within(article).getByText('Saldo devedor restante: R$ 60,00')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const whatsapp = screen.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    const href = whatsapp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/5511912345678?text=')).toBe(true);
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain('Valor pago: *R$ 40,00*');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });
});

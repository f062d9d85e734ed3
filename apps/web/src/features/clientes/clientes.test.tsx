import type { Cliente, ClientesPage } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { deferred, jsonResponse, mockApi, missingReferences, renderApp, SELLER, signedIn, staff } from '@/test/utils';

function cliente(overrides: Partial<Cliente> = {}): Cliente {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    nome: 'José da Silva',
    telefone: '11987654321',
    email: null,
    endereco: 'Rua das Flores, 10',
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

function page(items: Cliente[], resumo = { total: items.length, ativos: 0, comPendencias: 0 }, total = items.length): ClientesPage {
  return { items, total, page: 1, pageSize: 20, resumo };
}

const listUrls = (api: ReturnType<typeof mockApi>) =>
  api.spy.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/clientes'));

describe('/clientes', () => {
  it('shows the loading text, then the cards and each row with every element of the spec', async () => {
    const answer = deferred<Response>();
    mockApi({ ...signedIn(), 'GET /api/clientes': () => answer.promise });
    renderApp('/clientes');
    expect(await screen.findByText('Carregando clientes...')).toBeInTheDocument();

    answer.resolve(
      jsonResponse(
        200,
        page(
          [
            cliente(),
            cliente({
              id: '22222222-2222-4222-8222-222222222222',
              nome: 'Ana Souza',
              telefone: '2133334444',
              login: null,
              endereco: null,
              saldoAtual: 500,
              saldoPendente: 0,
            }),
          ],
          { total: 7, ativos: 4, comPendencias: 3 },
        ),
      ),
    );

    expect(await screen.findByText('2 clientes encontrados')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total de Clientes' })).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Clientes Ativos' })).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Com Pendências' })).getByText('3')).toBeInTheDocument();

    const jose = screen.getByRole('listitem', { name: 'José da Silva' });
    // Each row's name is a heading right under the page's h1 (no level skipped).
    expect(within(jose).getByRole('heading', { level: 2, name: 'José da Silva' })).toBeInTheDocument();
    expect(within(jose).getByText('@jose48213')).toBeInTheDocument();
    expect(within(jose).getByText('Devedor')).toBeInTheDocument();
    expect(within(jose).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(jose).getByText('Rua das Flores, 10')).toBeInTheDocument();
    expect(within(jose).getByText('Cadastrado em 05/03/2025')).toBeInTheDocument();
    expect(within(jose).getByText('R$ 125,50')).toHaveClass('text-destructive');
    expect(within(jose).getByRole('button', { name: 'Editar José da Silva' })).toBeInTheDocument();
    expect(within(jose).getByRole('button', { name: 'Deletar José da Silva' })).toBeInTheDocument();

    const ana = screen.getByRole('listitem', { name: 'Ana Souza' });
    expect(within(ana).getByText('sem-login')).toBeInTheDocument();
    expect(within(ana).getByText('Ativo')).toBeInTheDocument();
    expect(within(ana).getByText('(21) 3333-4444')).toBeInTheDocument();
    expect(within(ana).getByText('R$ 0,00')).not.toHaveClass('text-destructive');
    // A positive balance is credit in the shop.
    expect(within(ana).getByText('Crédito R$ 5,00')).toBeInTheDocument();
    expect(within(jose).queryByText(/Crédito/)).not.toBeInTheDocument();
  });

  it('shows money in the seller\'s currency', async () => {
    mockApi({
      'GET /api/me': () => jsonResponse(200, { ...SELLER, perfil: { ...SELLER.perfil, moeda: 'USD' } }),
      'GET /api/clientes': () => jsonResponse(200, page([cliente()])),
    });
    renderApp('/clientes');
    const row = await screen.findByRole('listitem', { name: 'José da Silva' });
    expect(within(row).getByText('$125.50')).toBeInTheDocument();
  });

  it('offers "Adicionar Primeiro Cliente" when there are no customers', async () => {
    mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([])) });
    const { user } = renderApp('/clientes');
    expect(await screen.findByRole('heading', { name: 'Nenhum cliente cadastrado' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar Primeiro Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    expect(within(dialog).getByLabelText(/^Limite de Crédito/)).toHaveValue('1000,00');
  });

  it('searches on the server by what was typed, and filters inactive customers', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([cliente()])) });
    const { user, router } = renderApp('/clientes');
    await screen.findByRole('listitem', { name: 'José da Silva' });

    await user.type(screen.getByRole('searchbox', { name: 'Buscar clientes' }), 'josé');
    await waitFor(() => expect(listUrls(api)).toContain('/api/clientes?busca=jos%C3%A9&pageSize=20'));
    expect(router.state.location.search).toBe('?busca=jos%C3%A9');

    await user.click(screen.getByRole('radio', { name: 'Inativos' }));
    await waitFor(() => expect(listUrls(api)).toContain('/api/clientes?busca=jos%C3%A9&status=inativos&pageSize=20'));
  });

  it('says "0 clientes encontrados" (plural, as Portuguese counts zero) for a search that finds nobody', async () => {
    mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([], { total: 3, ativos: 3, comPendencias: 0 })) });
    renderApp('/clientes?busca=zzz');
    expect(await screen.findByText('0 clientes encontrados')).toBeInTheDocument();
  });

  it('pages through the server\'s pages', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, { ...page([cliente()]), total: 45, resumo: { total: 45, ativos: 45, comPendencias: 0 } }),
    });
    const { user, router } = renderApp('/clientes');
    const nav = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByText('Página 1 de 3')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(listUrls(api)).toContain('/api/clientes?page=2&pageSize=20'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('toasts "Erro ao carregar clientes" when the list cannot load', async () => {
    mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(400, { code: 'VALIDATION', message: 'x' }) });
    renderApp('/clientes');
    expect(await screen.findAllByText('Erro ao carregar clientes')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('customer form', () => {
  async function openNew() {
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([])),
      'GET /api/clientes/semelhantes': () => jsonResponse(200, { items: [] }),
      'POST /api/clientes': (request) =>
        jsonResponse(201, cliente({ ...(request.body as object), login: 'maria12345', saldoAtual: 0, saldoPendente: 0 })),
    });
    const app = renderApp('/clientes');
    await app.user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    return { ...app, api, dialog };
  }

  it('requires name and phone: "Campos obrigatórios" and nothing sent', async () => {
    const { user, dialog, api } = await openNew();
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();
    expect(screen.getByText('Nome e telefone são obrigatórios.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Campo obrigatório.')).toHaveLength(2);
    expect(api.calls('POST', '/api/clientes')).toHaveLength(0);
  });

  it('describes each field only by texts on the page: its hint, then its message once there is one', async () => {
    const { user, dialog } = await openNew();
    expect(missingReferences(dialog)).toEqual([]);
    for (const label of [/^Nome/, /^Telefone/, 'E-mail', 'Endereço']) {
      expect(within(dialog).getByLabelText(label)).not.toHaveAttribute('aria-describedby');
    }
    expect(within(dialog).getByLabelText('Limite de Crédito')).toHaveAccessibleDescription('Quanto o cliente pode dever no fiado. Com 0, não vende fiado.');

    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Nome/)).toHaveAccessibleDescription('Campo obrigatório.'));
    expect(within(dialog).getByLabelText(/^Telefone/)).toHaveAccessibleDescription('Campo obrigatório.');
    expect(within(dialog).getByLabelText('E-mail')).not.toHaveAttribute('aria-describedby');
    expect(missingReferences(dialog)).toEqual([]);
  });

  it('refuses a phone that is not Brazilian and a bad e-mail, under the fields', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Maria');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '12345');
    await user.type(within(dialog).getByLabelText('E-mail'), 'maria@');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await within(dialog).findByText('Informe um telefone brasileiro com DDD, como (11) 98765-4321.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/clientes')).toHaveLength(0);
  });

  it('sends digits and centavos, steps the limit by R$ 100, and confirms with the new login', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome/), '  Maria Lúcia ');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '+55 (11) 91234-5678');
    const limite = within(dialog).getByLabelText(/^Limite de Crédito/);
    await user.clear(limite);
    await user.type(limite, '1.500,50');
    await user.click(within(dialog).getByRole('button', { name: 'Aumentar o limite em R$ 100,00' }));
    expect(limite).toHaveValue('1600,50');

    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Cliente cadastrado com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Login de acesso: @maria12345')).toBeInTheDocument();
    expect(api.calls('POST', '/api/clientes')[0]?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      nome: 'Maria Lúcia',
      telefone: '11912345678',
      email: null,
      endereco: null,
      limiteCredito: 160050,
      avisos: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    // Focus is back where the seller was, not at the top of the page.
    expect(screen.getByRole('button', { name: 'Novo Cliente' })).toHaveFocus();
  });

  it('keeps every field, the limit steppers and every way out off while the customer is being saved', async () => {
    const answer = deferred<Response>();
    mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([])), 'GET /api/clientes/semelhantes': () => jsonResponse(200, { items: [] }), 'POST /api/clientes': () => answer.promise });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Maria Lúcia');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '11912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));

    expect(await within(dialog).findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    for (const input of within(dialog).getAllByRole('textbox')) expect(input).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Aumentar o limite em R$ 100,00' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeInTheDocument();

    answer.resolve(jsonResponse(201, cliente({ nome: 'Maria Lúcia', login: 'maria12345', saldoAtual: 0, saldoPendente: 0 })));
    expect(await screen.findByText('Cliente cadastrado com sucesso!')).toBeInTheDocument();
  });

  it('sends a retry after a lost answer with the same id, so the server creates one customer; the next "Novo Cliente" is another', async () => {
    let tentativas = 0;
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([])),
      'GET /api/clientes/semelhantes': () => jsonResponse(200, { items: [] }),
      'POST /api/clientes': (request) => {
        // The first answer never arrives (the server may have saved it).
        if (++tentativas === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(201, cliente({ ...(request.body as object), login: 'maria12345' }));
      },
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Maria Lúcia');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '11912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    await waitFor(() => expect(api.calls('POST', '/api/clientes')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Cliente cadastrado com sucesso!')).toBeInTheDocument();
    const [first, retry] = api.calls('POST', '/api/clientes').map((r) => (r.body as { id: string }).id);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'João Lima');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '11987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    await waitFor(() => expect(api.calls('POST', '/api/clientes')).toHaveLength(3));
    expect((api.calls('POST', '/api/clientes')[2]?.body as { id: string }).id).not.toBe(first);
  });

  describe('a customer who may already exist', () => {
    const MARIA = cliente({ id: '33333333-3333-4333-8333-333333333333', nome: 'Maria José da Silva', telefone: '11987654321', login: 'maria48213', saldoAtual: -4430, saldoPendente: 4430 });
    async function typeMaria() {
      const api = mockApi({
        ...signedIn(),
        'GET /api/clientes': () => jsonResponse(200, page([MARIA])),
        'GET /api/clientes/semelhantes': () => jsonResponse(200, { items: [{ ...MARIA, motivos: ['telefone', 'nome'] }] }),
        'POST /api/clientes': (request) => jsonResponse(201, cliente({ ...(request.body as object), login: 'maria70512', saldoAtual: 0, saldoPendente: 0 })),
      });
      const app = renderApp('/clientes');
      await app.user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
      const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
      await app.user.type(within(dialog).getByLabelText(/^Nome/), 'maria jose silva');
      await app.user.type(within(dialog).getByLabelText(/^Telefone/), '(11) 98765-4321');
      await app.user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
      const aviso = await within(dialog).findByRole('alert', { name: 'Já existe um cliente parecido' });
      return { ...app, api, dialog, aviso };
    }

    it('warns with the existing customer found by the server, and registers nothing until the seller decides', async () => {
      const { api, aviso } = await typeMaria();
      expect(api.calls('GET', '/api/clientes/semelhantes')[0]?.query.toString()).toBe('nome=maria+jose+silva&telefone=11987654321');
      expect(aviso).toHaveTextContent('outro cadastro ganha outro login, e o fiado pode ir para a pessoa errada');
      expect(within(aviso).getByText('Maria José da Silva')).toBeInTheDocument();
      expect(within(aviso).getByText('(11) 98765-4321 · @maria48213')).toBeInTheDocument();
      expect(within(aviso).getByText('Mesmo telefone · Nome quase igual · Deve R$ 44,30')).toBeInTheDocument();
      expect(api.calls('POST', '/api/clientes')).toHaveLength(0);
      expect(screen.queryByText('Cliente cadastrado com sucesso!')).not.toBeInTheDocument();
    });

    it('"Criar mesmo assim" registers the new customer once', async () => {
      const { user, api, aviso } = await typeMaria();
      await user.click(within(aviso).getByRole('button', { name: 'Criar mesmo assim' }));
      expect(await screen.findByText('Cliente cadastrado com sucesso!')).toBeInTheDocument();
      expect(api.calls('POST', '/api/clientes')).toHaveLength(1);
      expect(api.calls('POST', '/api/clientes')[0]?.body).toMatchObject({ nome: 'maria jose silva', telefone: '11987654321' });
    });

    it('asks again when the name or phone changes, and "Abrir cliente" shows the existing customer instead', async () => {
      // Chromium's scrollIntoView answers a promise now: the warning's scroll must not take it for a cleanup.
      const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
      Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => Promise.resolve(), configurable: true, writable: true });
      onTestFinished(() => {
        if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
        else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
      });
      const { user, api, dialog, aviso, router } = await typeMaria();
      // Another phone typed: the warning was about someone else, so it goes, and the next save asks the server again.
      const telefone = within(dialog).getByLabelText(/^Telefone/);
      await user.clear(telefone);
      await user.type(telefone, '(11) 98765-4320');
      expect(within(dialog).queryByRole('alert', { name: 'Já existe um cliente parecido' })).not.toBeInTheDocument();
      await user.clear(telefone);
      await user.type(telefone, '(11) 98765-4321');
      await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
      const again = await within(dialog).findByRole('alert', { name: 'Já existe um cliente parecido' });
      expect(api.calls('GET', '/api/clientes/semelhantes')).toHaveLength(2);
      expect(aviso).not.toBeInTheDocument();

      await user.click(within(again).getByRole('button', { name: 'Abrir o cliente Maria José da Silva' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
      expect(screen.getByLabelText('Buscar clientes')).toHaveValue('Maria José da Silva');
      await waitFor(() => expect(router.state.location.search).toContain('busca=Maria'));
      expect(await screen.findByRole('listitem', { name: 'Maria José da Silva' })).toBeInTheDocument();
      expect(api.calls('POST', '/api/clientes')).toHaveLength(0);
    });
  });

  it('gives the focus back to "Novo Cliente" when the dialog is closed with Escape', async () => {
    const { user } = await openNew();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Novo Cliente' })).toHaveFocus();
  });

  it('edits with "Salvar Alterações" and shows server issues on the fields', async () => {
    let attempt = 0;
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente({ email: 'jose@exemplo.com' })])),
      'PUT /api/clientes/11111111-1111-4111-8111-111111111111': () =>
        ++attempt === 1
          ? jsonResponse(400, { code: 'VALIDATION', message: 'Dados inválidos', issues: [{ path: 'email', message: 'email' }] })
          : jsonResponse(200, cliente()),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Editar José da Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('José da Silva');
    expect(within(dialog).getByLabelText(/^Telefone/)).toHaveValue('(11) 98765-4321');
    expect(within(dialog).getByLabelText(/^Limite de Crédito/)).toHaveValue('1000,00');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await within(dialog).findByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(await screen.findByText('Erro ao atualizar cliente')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Cliente atualizado com sucesso!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/clientes/11111111-1111-4111-8111-111111111111')[1]?.body).toMatchObject({
      nome: 'José da Silva',
      telefone: '11987654321',
      email: 'jose@exemplo.com',
      limiteCredito: 100000,
    });
  });

  it('records the consent to automatic notices with the form, says when and how it was given, and warns while there is no e-mail to send them to', async () => {
    const autorizado = { ativos: true, autorizadosEm: '2026-06-01T13:00:00.000Z', como: 'formulario' as const, paradosEm: null, paradosPor: null };
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente(), cliente({ id: '22222222-2222-4222-8222-222222222222', nome: 'Ana Souza', avisos: { ...autorizado, ativos: false, paradosEm: '2026-06-05T13:00:00.000Z', paradosPor: 'cliente' } })])),
      'PUT /api/clientes/11111111-1111-4111-8111-111111111111': () => jsonResponse(200, cliente({ email: 'jose@exemplo.com', avisos: autorizado })),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Editar José da Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    const avisos = within(dialog).getByRole('switch', { name: 'Avisos automáticos' });
    expect(avisos).not.toBeChecked();
    await user.click(avisos);
    expect(within(dialog).getByText('Informe o e-mail do cliente: é por ele que os avisos chegam.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'jose@exemplo.com');
    expect(within(dialog).queryByText('Informe o e-mail do cliente: é por ele que os avisos chegam.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Cliente atualizado com sucesso!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/clientes/11111111-1111-4111-8111-111111111111')[0]?.body).toMatchObject({ email: 'jose@exemplo.com', avisos: true });

    await user.click(await screen.findByRole('button', { name: 'Editar Ana Souza' }));
    const outra = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(outra).getByRole('switch', { name: 'Avisos automáticos' })).not.toBeChecked();
    expect(within(outra).getByText('O cliente parou os avisos em 05/06/2026.')).toBeInTheDocument();
  });

  it('"Pedir autorização pelo WhatsApp" asks the server to invite the customer, says why when it cannot, and is not offered to a customer who said PARAR', async () => {
    let vez = 0;
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () =>
        jsonResponse(200, page([cliente(), cliente({ id: '22222222-2222-4222-8222-222222222222', nome: 'Ana Souza', avisos: { ativos: false, autorizadosEm: '2026-06-01T13:00:00.000Z', como: 'resposta', paradosEm: '2026-06-05T13:00:00.000Z', paradosPor: 'cliente' } })])),
      'POST /api/clientes/11111111-1111-4111-8111-111111111111/avisos/convite': () =>
        ++vez === 1
          ? jsonResponse(201, { id: '33333333-3333-4333-8333-333333333333', canal: 'whatsapp', destino: '5511987654321', tipo: 'convite', valor: null, saldo: null, status: 'pendente', tentativas: 0, enviadaEm: null, erro: null, createdAt: '2026-06-10T13:00:00.000Z' })
          : jsonResponse(409, { code: 'CONVITE_JA_ENVIADO', message: 'Um convite já foi pedido hoje para este cliente.' }),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Editar José da Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Pedir autorização pelo WhatsApp' }));
    expect(await screen.findByText('Pedido de autorização enviado')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pedir autorização pelo WhatsApp' }));
    expect(await screen.findByText('Um convite já foi pedido hoje para este cliente.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/clientes/11111111-1111-4111-8111-111111111111/avisos/convite')).toHaveLength(2);
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'Editar Ana Souza' }));
    const outra = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(outra).queryByRole('button', { name: 'Pedir autorização pelo WhatsApp' })).not.toBeInTheDocument();
  });

  it('suggests a limit from how the customer pays, with the facts in words; "Usar sugestão" puts it in the field, saved only with the form', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente()])),
      'GET /api/clientes/11111111-1111-4111-8111-111111111111/como-paga': () =>
        jsonResponse(200, {
          desde: '2024-03-10',
          emDia: 6,
          comAtraso: 0,
          emAtraso: 0,
          mediaDiasAtraso: null,
          maiorAtraso: 0,
          promessas: 0,
          promessasQuebradas: 0,
          maiorCompra: 18_000,
          maiorDivida: 20_000,
          mesesEmDia: 8,
          sugestao: { tipo: 'aumentar', limite: 150_000 },
        }),
      'PUT /api/clientes/11111111-1111-4111-8111-111111111111': () => jsonResponse(200, cliente({ limiteCredito: 150_000 })),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Editar José da Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    const sugestao = await within(dialog).findByTestId('sugestao-limite');
    expect(sugestao).toHaveTextContent(/Limite sugerido: R\$\s1\.500,00 \(aumentar\)/);
    expect(sugestao).toHaveTextContent(/Paga em dia há 8 meses; 6 de 6 compras pagas em dia; maior compra fiado R\$\s180,00\./);
    expect(sugestao).toHaveTextContent('É só uma sugestão, a partir dos fatos acima: quem decide o limite é você.');
    expect(api.calls('PUT', '/api/clientes/11111111-1111-4111-8111-111111111111')).toHaveLength(0);

    await user.click(within(sugestao).getByRole('button', { name: 'Usar sugestão' }));
    expect(within(dialog).getByLabelText(/^Limite de Crédito/)).toHaveValue('1500,00');
    expect(api.calls('PUT', '/api/clientes/11111111-1111-4111-8111-111111111111')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Cliente atualizado com sucesso!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/clientes/11111111-1111-4111-8111-111111111111')[0]?.body).toMatchObject({ limiteCredito: 150_000 });
  });
});

describe('a session that ends with "Novo Cliente" open', () => {
  function setup(signInAs: typeof SELLER = SELLER) {
    let session: typeof SELLER | null = SELLER;
    const api = mockApi({
      ...signedIn(),
      'GET /api/me': () => (session ? jsonResponse(200, session) : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' })),
      'GET /api/clientes': () => (session ? jsonResponse(200, page([])) : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' })),
      'GET /api/clientes/semelhantes': () => (session ? jsonResponse(200, { items: [] }) : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' })),
      'POST /api/clientes': (request) =>
        session
          ? jsonResponse(201, cliente({ ...(request.body as object), login: 'rosa12345', saldoAtual: 0, saldoPendente: 0 }))
          : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' }),
      'POST /api/auth/sign-in/email': () => {
        session = signInAs;
        return jsonResponse(200, { user: { id: signInAs.user.id } });
      },
    });
    return { api, expire: () => (session = null) };
  }

  async function fillAndExpire(expire: () => void) {
    const app = renderApp('/clientes');
    await app.user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const form = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await app.user.type(within(form).getByLabelText(/^Nome/), 'Rosa Fiado');
    await app.user.type(within(form).getByLabelText(/^Telefone/), '11987654321');
    expire();
    await app.user.click(within(form).getByRole('button', { name: 'Cadastrar Cliente' }));
    const login = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    // The dialog says it: no "Sessão expirada" toast under it (long enough for one to show).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Sessão expirada. Faça login novamente.')).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/clientes');
    // It cannot be put away: nothing on the page works without a session.
    expect(within(login).queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sua sessão expirou' })).toBeInTheDocument();
    await app.user.type(within(login).getByLabelText('Senha'), 'segredo123');
    await app.user.click(within(login).getByRole('button', { name: 'Entrar' }));
    return app;
  }

  it('signs the seller in over the page: what was typed is still in the form, and saving creates the customer once', async () => {
    const { api, expire } = setup();
    const { user } = await fillAndExpire(expire);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).not.toBeInTheDocument());
    const form = screen.getByRole('dialog', { name: 'Novo Cliente' });
    expect(within(form).getByLabelText(/^Nome/)).toHaveValue('Rosa Fiado');
    expect(within(form).getByLabelText(/^Telefone/)).toHaveValue('(11) 98765-4321');
    expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toMatchObject({ email: SELLER.user.email, password: 'segredo123' });

    await user.click(within(form).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Cliente cadastrado com sucesso!')).toBeInTheDocument();
    // The refused try stopped at the check for a customer alike (which brought the sign-in dialog);
    // the customer is created once, after signing in.
    expect(api.calls('GET', '/api/clientes/semelhantes')).toHaveLength(2);
    expect(api.calls('POST', '/api/clientes')).toHaveLength(1);
  });

  /** The list loaded; then the session ends and the list loads again behind the sign-in dialog. */
  async function expireUnderList() {
    const { api, expire } = setup();
    const app = renderApp('/clientes');
    await screen.findByRole('button', { name: 'Novo Cliente' });
    expire();
    void app.queryClient.invalidateQueries();
    const login = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    await waitFor(() => expect(api.calls('GET', '/api/clientes').length).toBeGreaterThanOrEqual(2));
    return { ...app, api, login };
  }

  it('queries refused behind the sign-in dialog toast nothing ("Erro ao carregar clientes"); signed in again, they load again', async () => {
    const { user, api, login } = await expireUnderList();
    const antes = api.calls('GET', '/api/clientes').length;
    // Long enough for a toast to show (sonner is loaded with the first one).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Erro ao carregar clientes')).not.toBeInTheDocument();

    await user.type(within(login).getByLabelText('Senha'), 'segredo123');
    await user.click(within(login).getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET', '/api/clientes').length).toBeGreaterThan(antes));
    expect(screen.queryByText('Erro ao carregar clientes')).not.toBeInTheDocument();
  });

  it('"Sair" leaves instead: what this browser kept for the seller is forgotten and the sign-in page opens', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      window.localStorage.setItem('caderneta:teste-rascunho', 'Rosa Fiado');
      const { user, login, api } = await expireUnderList();
      await user.click(within(login).getByRole('button', { name: 'Sair' }));
      expect(assign).toHaveBeenCalledWith('/auth');
      expect(window.localStorage.getItem('caderneta:teste-rascunho')).toBeNull();
      expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(0);
    } finally {
      assign.mockRestore();
    }
  });

  it('a sign-in refused in that dialog still toasts why ("Erro no login"): it answers what the seller just did', async () => {
    let session = true;
    const refused = () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
    mockApi({
      ...signedIn(),
      'GET /api/me': () => (session ? jsonResponse(200, SELLER) : refused()),
      'GET /api/clientes': () => (session ? jsonResponse(200, page([])) : refused()),
      'POST /api/auth/sign-in/email': refused,
    });
    const { user, queryClient } = renderApp('/clientes');
    await screen.findByRole('button', { name: 'Novo Cliente' });
    session = false;
    void queryClient.invalidateQueries();
    const login = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    await user.type(within(login).getByLabelText('Senha'), 'segredo123');
    await user.click(within(login).getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sua sessão expirou' })).toBeInTheDocument();
  });

  it('starts the app again, on the dashboard, when somebody else signs in over the page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    try {
      const { expire } = setup({ ...SELLER, user: { ...SELLER.user, id: 'u2', nome: 'Outra Pessoa', email: 'outra@loja.com' } });
      await fillAndExpire(expire);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
      expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument();
    } finally {
      assign.mockRestore();
    }
  });
});

describe('deleting a customer', () => {
  const ID = '11111111-1111-4111-8111-111111111111';

  it('enables "Deletar Cliente" only when the typed name matches, ignoring case and spaces', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente()])),
      [`DELETE /api/clientes/${ID}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Deletar José da Silva' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deletar Cliente' });
    const confirm = within(dialog).getByRole('button', { name: 'Deletar Cliente' });
    const input = within(dialog).getByLabelText('Digite o nome do cliente para confirmar');
    expect(confirm).toBeDisabled();

    await user.type(input, 'José');
    expect(within(dialog).getByText('O nome digitado não confere com o nome do cliente')).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    await user.clear(input);
    await user.type(input, '  JOSÉ DA SILVA ');
    expect(within(dialog).queryByText('O nome digitado não confere com o nome do cliente')).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    expect(await screen.findByText('Cliente deletado')).toBeInTheDocument();
    expect(screen.getByText('José da Silva foi removido permanentemente.')).toBeInTheDocument();
    expect(api.calls('DELETE', `/api/clientes/${ID}`)).toHaveLength(1);
  });

  it('backing out of a delete with the name half typed closes at once: no "Descartar alterações?", and nothing is deleted', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([cliente()])) });
    const { user } = renderApp('/clientes');
    for (const close of ['{Escape}', 'Cancelar']) {
      await user.click(await screen.findByRole('button', { name: 'Deletar José da Silva' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Deletar Cliente' });
      const input = within(dialog).getByLabelText('Digite o nome do cliente para confirmar');
      // Opened again, what was typed before is gone.
      expect(input).toHaveValue('');
      await user.type(input, 'José da');
      if (close === 'Cancelar') await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      else await user.keyboard(close);
      await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Deletar Cliente' })).not.toBeInTheDocument());
      expect(screen.queryByRole('alertdialog', { name: 'Descartar alterações?' })).not.toBeInTheDocument();
    }
    expect(api.calls('DELETE', `/api/clientes/${ID}`)).toHaveLength(0);
  });

  it('keeps the typed name and both buttons off while the delete is being sent', async () => {
    const answer = deferred<Response>();
    mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([cliente()])), [`DELETE /api/clientes/${ID}`]: () => answer.promise });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Deletar José da Silva' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deletar Cliente' });
    await user.type(within(dialog).getByLabelText('Digite o nome do cliente para confirmar'), 'José da Silva');
    await user.click(within(dialog).getByRole('button', { name: 'Deletar Cliente' }));

    expect(await within(dialog).findByRole('button', { name: 'Deletando...' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Digite o nome do cliente para confirmar')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Deletar Cliente' })).toBeInTheDocument();

    answer.resolve(new Response(null, { status: 204 }));
    expect(await screen.findByText('Cliente deletado')).toBeInTheDocument();
  });

  it('shows the refusal under the input and offers to deactivate instead', async () => {
    const message = 'Não é possível deletar cliente que possui vendas registradas. Desative o cliente em vez de deletá-lo.';
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente()])),
      [`DELETE /api/clientes/${ID}`]: () => jsonResponse(409, { code: 'CLIENTE_TEM_VENDAS', message }),
      [`POST /api/clientes/${ID}/desativar`]: () => jsonResponse(200, cliente({ ativo: false })),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Deletar José da Silva' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deletar Cliente' });
    await user.type(within(dialog).getByLabelText('Digite o nome do cliente para confirmar'), 'José da Silva');
    await user.click(within(dialog).getByRole('button', { name: 'Deletar Cliente' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Erro ao deletar cliente')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Desativar Cliente' }));
    expect(await screen.findByText('Cliente desativado')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/desativar`)).toHaveLength(1);
  });
});

describe('a Caixa on /clientes (issue 37)', () => {
  it('offers what their role allows: payment, statement and venda rápida, but no new, edit, delete, adjustment or deactivation', async () => {
    mockApi({ ...signedIn(staff('caixa')), 'GET /api/clientes': () => jsonResponse(200, page([cliente()])) });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Venda rápida', 'Registrar pagamento', 'Extrato']);
    expect(screen.queryByRole('button', { name: 'Novo Cliente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar José da Silva', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deletar José da Silva', hidden: true })).not.toBeInTheDocument();
  });
});

describe('deactivating a customer', () => {
  const ID = '11111111-1111-4111-8111-111111111111';
  it('asks first, saying what changes and what is kept; "Cancelar" changes nothing', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, page([cliente()])) });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desativar cliente' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desativar José da Silva?' });
    expect(dialog).toHaveTextContent('não pode mais comprar fiado, e o link da página do cliente deixa de abrir');
    expect(dialog).toHaveTextContent('As vendas e o saldo ficam guardados');
    expect(within(dialog).getByText('Ainda deve R$ 125,50: a dívida continua na conta.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', `/api/clientes/${ID}/desativar`)).toHaveLength(0);
  });

  it('deactivates on "Desativar cliente", and "Desfazer" in the toast brings the customer back', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente()])),
      [`POST /api/clientes/${ID}/desativar`]: () => jsonResponse(200, cliente({ ativo: false })),
      [`POST /api/clientes/${ID}/reativar`]: () => jsonResponse(200, cliente()),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desativar cliente' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desativar José da Silva?' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar cliente' }));
    expect(await screen.findByText('Cliente desativado')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/desativar`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('Cliente reativado')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/reativar`)).toHaveLength(1);
  });

  it('reactivates an inactive customer at once (nothing to lose)', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente({ ativo: false })])),
      [`POST /api/clientes/${ID}/reativar`]: () => jsonResponse(200, cliente()),
    });
    const { user } = renderApp('/clientes?status=inativos');
    await user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reativar cliente' }));
    expect(await screen.findByText('Cliente reativado')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/reativar`)).toHaveLength(1);
  });
});

describe('customer login', () => {
  it('regenerates after confirmation and shows the new login', async () => {
    const ID = '11111111-1111-4111-8111-111111111111';
    const api = mockApi({
      ...signedIn(),
      'GET /api/clientes': () => jsonResponse(200, page([cliente()])),
      [`POST /api/clientes/${ID}/regenerar-login`]: () => jsonResponse(200, cliente({ login: 'jose77777' })),
    });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gerar novo login' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Gerar novo login' });
    expect(within(dialog).getByText(/O login atual @jose48213 deixará de funcionar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Gerar Novo Login' }));
    expect(await screen.findByText('O novo login de José da Silva é @jose77777.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/clientes/${ID}/regenerar-login`)).toHaveLength(1);
  });
});

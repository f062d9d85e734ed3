import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { CONFIGURACOES, deferred, jsonResponse, mockApi, renderApp, SELLER, signedIn, staff } from '@/test/utils';

function settingsApi(extra: Record<string, (request: { body: unknown }) => Response | Promise<Response>> = {}) {
  return mockApi({
    ...signedIn(),
    'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
    'GET /api/backup/automaticos': () => jsonResponse(200, { ativo: false, itens: [] }),
    ...extra,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('/configuracoes', () => {
  it('shows a person only the tabs their role allows: with backup alone, the password and their devices, and Sistema with the backup', async () => {
    const api = mockApi({
      ...signedIn(staff('gerente', { permissoes: ['vender_avista', 'backup'] })),
      'GET /api/backup/automaticos': () => jsonResponse(200, { ativo: false, itens: [] }),
    });
    const { user } = renderApp('/configuracoes');
    const tabs = await screen.findByRole('tablist', { name: 'Seções das configurações' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Perfil', 'Sistema']);
    expect(await screen.findByRole('heading', { name: 'Alterar senha' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Dispositivos conectados' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome completo')).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Sistema' }));
    expect(await screen.findByRole('heading', { name: 'Backup dos dados' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Preferências' })).not.toBeInTheDocument();
    // The shop's settings are not theirs: never asked for.
    expect(api.calls('GET', '/api/configuracoes')).toHaveLength(0);
    expect(api.unexpected).toEqual([]);
  }, 15_000);

  it('opens on Perfil with the tabs of the spec; the e-mail is read-only', async () => {
    settingsApi();
    renderApp('/configuracoes');
    const tabs = await screen.findByRole('tablist', { name: 'Seções das configurações' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Perfil', 'Loja', 'Mercado Pago', 'Mensagens', 'Notificações', 'Sistema']);
    expect(await screen.findByLabelText('Nome completo')).toHaveValue('Maria da Silva');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
  }, 15_000);

  it('Perfil: saves the name ("Perfil salvo")', async () => {
    const api = settingsApi({ 'PUT /api/configuracoes/perfil': ({ body }) => jsonResponse(200, { ...CONFIGURACOES, perfil: { ...CONFIGURACOES.perfil, ...(body as object) } }) });
    const { user } = renderApp('/configuracoes');
    const nome = await screen.findByLabelText('Nome completo');
    await user.clear(nome);
    await user.type(nome, 'Maria Souza');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('Perfil salvo')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/perfil')[0]!.body).toEqual({ nome: 'Maria Souza', avatar: null, telefone: null });
  });

  it('Perfil: the seller’s own phone, shown as the customer form shows one, refused on the field when it is none, saved as digits with the rest', async () => {
    const config = { ...CONFIGURACOES, perfil: { ...CONFIGURACOES.perfil, telefone: '11987654321' } };
    const api = settingsApi({
      'GET /api/configuracoes': () => jsonResponse(200, config),
      'PUT /api/configuracoes/perfil': ({ body }) => jsonResponse(200, { ...config, perfil: { ...config.perfil, ...(body as object) } }),
    });
    const { user } = renderApp('/configuracoes');
    const telefone = await screen.findByLabelText('Telefone');
    expect(telefone).toHaveValue('(11) 98765-4321');
    expect(telefone).toHaveAttribute('type', 'tel');
    expect(telefone).toHaveAttribute('placeholder', '(11) 98765-4321');
    expect(screen.getByText('Opcional. O seu, não o da loja: o telefone da loja fica em Loja.')).toBeInTheDocument();

    await user.clear(telefone);
    await user.type(telefone, '1234');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('Informe um telefone brasileiro com DDD, como (11) 98765-4321.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/perfil')).toHaveLength(0);

    await user.clear(telefone);
    await user.type(telefone, '+55 21 98765 4321');
    await user.tab();
    expect(telefone).toHaveValue('(21) 98765-4321');
    const nome = screen.getByLabelText('Nome completo');
    await user.clear(nome);
    await user.type(nome, 'Maria Souza');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('Perfil salvo')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/perfil')[0]!.body).toEqual({ nome: 'Maria Souza', avatar: null, telefone: '21987654321' });
    expect(telefone).toHaveValue('(21) 98765-4321');
  }, 15_000);

  it('Perfil: a phone the server refuses is said on the field; in English and Spanish the field has its own label', async () => {
    settingsApi({
      'PUT /api/configuracoes/perfil': () =>
        jsonResponse(400, { code: 'VALIDATION', message: 'Dados inválidos', issues: [{ path: 'telefone', message: 'telefoneInvalido' }] }),
    });
    const { user } = renderApp('/configuracoes');
    await user.type(await screen.findByLabelText('Telefone'), '(11) 98765-4321');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('Informe um telefone brasileiro com DDD, como (11) 98765-4321.')).toBeInTheDocument();
    expect(screen.queryByText('Perfil salvo')).not.toBeInTheDocument();
    await changeLanguage('en-US');
    expect(await screen.findByLabelText('Phone')).toHaveValue('(11) 98765-4321');
    await changeLanguage('es-ES');
    expect(await screen.findByLabelText('Teléfono')).toHaveAttribute('placeholder', '(11) 98765-4321');
  }, 15_000);

  it('Loja: refuses an invalid CPF on the field, then saves a valid one as digits ("Configurações salvas!")', async () => {
    const api = settingsApi({ 'PUT /api/configuracoes/loja': ({ body }) => jsonResponse(200, { ...CONFIGURACOES, loja: { ...CONFIGURACOES.loja, ...(body as object) } }) });
    const { user } = renderApp('/configuracoes?aba=loja');
    const documento = await screen.findByLabelText('CPF ou CNPJ');
    expect(screen.getByLabelText('Telefone da loja')).toHaveValue('(11) 3333-4444');
    await user.type(documento, '529.982.247-24');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um CPF ou CNPJ válido.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/loja')).toHaveLength(0);

    await user.clear(documento);
    await user.type(documento, '529.982.247-25');
    await user.selectOptions(screen.getByLabelText('Fuso horário'), 'America/Manaus');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/loja')[0]!.body).toEqual({
      nomeLoja: 'Mercadinho da Maria',
      telefoneLoja: '1133334444',
      enderecoLoja: null,
      documento: '52998224725',
      fusoHorario: 'America/Manaus',
      etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' },
    });
  }, 15_000);

  it('Loja: the scale label’s format (digits of the code, price or weight) is sent with the form, and the session is read again', async () => {
    const api = settingsApi({ 'PUT /api/configuracoes/loja': ({ body }) => jsonResponse(200, { ...CONFIGURACOES, loja: { ...CONFIGURACOES.loja, ...(body as object) } }) });
    const { user } = renderApp('/configuracoes?aba=loja');
    const digitos = await screen.findByLabelText('Dígitos do código do produto');
    const secao = within(screen.getByRole('group', { name: 'Etiqueta da balança' }));
    expect(digitos).toHaveDisplayValue('4 dígitos');
    expect(screen.getByLabelText('Valor na etiqueta')).toHaveDisplayValue('Preço total');
    expect(secao.getByText('2 CCCC VVVVVVV D')).toBeInTheDocument();
    expect(secao.getByText(/V: preço total em centavos/)).toBeInTheDocument();

    await user.selectOptions(digitos, '5');
    await user.selectOptions(screen.getByLabelText('Valor na etiqueta'), 'peso');
    expect(secao.getByText('2 CCCCC VVVVVV D')).toBeInTheDocument();
    expect(secao.getByText(/V: peso em gramas/)).toBeInTheDocument();
    const sessoes = api.calls('GET', '/api/me').length;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/loja')[0]!.body).toMatchObject({ etiquetaBalanca: { digitosCodigo: 5, valor: 'peso' } });
    // The counter reads the format from the session: it is fetched again.
    await waitFor(() => expect(api.calls('GET', '/api/me').length).toBeGreaterThan(sessoes));
    expect(screen.getByLabelText('Dígitos do código do produto')).toHaveDisplayValue('5 dígitos');
  }, 15_000);

  it('Loja: the shop phone is the same phone field as Perfil’s: formatted when the field is left, refused on the field when it is none, saved as digits, emptied to none', async () => {
    const api = settingsApi({ 'PUT /api/configuracoes/loja': ({ body }) => jsonResponse(200, { ...CONFIGURACOES, loja: { ...CONFIGURACOES.loja, ...(body as object) } }) });
    const { user } = renderApp('/configuracoes?aba=loja');
    const telefone = await screen.findByLabelText('Telefone da loja');
    expect(telefone).toHaveAttribute('type', 'tel');
    expect(telefone).toHaveAttribute('inputmode', 'tel');
    expect(telefone).toHaveAttribute('placeholder', '(11) 3333-4444');

    await user.clear(telefone);
    await user.type(telefone, '1234');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um telefone brasileiro com DDD, como (11) 98765-4321.')).toBeInTheDocument();
    expect(telefone).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/configuracoes/loja')).toHaveLength(0);

    await user.clear(telefone);
    await user.type(telefone, '+55 21 3456 7890');
    await user.tab();
    expect(telefone).toHaveValue('(21) 3456-7890');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/loja')[0]!.body).toMatchObject({ telefoneLoja: '2134567890' });
    expect(telefone).toHaveValue('(21) 3456-7890');

    await user.clear(telefone);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(api.calls('PUT', '/api/configuracoes/loja')).toHaveLength(2));
    expect(api.calls('PUT', '/api/configuracoes/loja')[1]!.body).toMatchObject({ telefoneLoja: null });
  }, 15_000);

  it("Loja: the time zones' cities in the reader's language", async () => {
    settingsApi();
    renderApp('/configuracoes?aba=loja');
    await screen.findByLabelText('Fuso horário');
    await changeLanguage('es-ES');
    const fuso = await screen.findByLabelText('Zona horaria');
    const texto = (id: string) => within(fuso).getAllByRole('option').find((o) => (o as HTMLOptionElement).value === id)!.textContent;
    expect(texto('America/New_York')).toMatch(/^Nueva York \(UTC−0[45]:00\)$/);
    expect(texto('Europe/Lisbon')).toMatch(/^Lisboa /);
    expect(texto('America/Manaus')).toBe('Manaus (UTC−04:00)');
    await changeLanguage('en-US');
    expect(await within(fuso).findByText(/^New York /)).toBeInTheDocument();
  });

  it('Notificações: the four switches with the spec’s defaults, saved together', async () => {
    const api = settingsApi({ 'PUT /api/configuracoes/notificacoes': ({ body }) => jsonResponse(200, { ...CONFIGURACOES, notificacoes: body }) });
    const { user } = renderApp('/configuracoes?aba=notificacoes');
    const devedores = await screen.findByRole('switch', { name: 'Clientes devedores' });
    expect(devedores).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Novas vendas' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Pagamentos recebidos' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Estoque baixo' })).toBeChecked();
    await user.click(devedores);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/configuracoes/notificacoes')[0]!.body).toEqual({ venda: true, pagamento: true, estoque_baixo: true, devedor: true });
  });

  it('Sistema: a failed save says "Erro ao salvar" — "Não foi possível salvar as configurações."', async () => {
    settingsApi({ 'PUT /api/configuracoes/sistema': () => jsonResponse(500, { code: 'INTERNAL', message: '' }) });
    const { user } = renderApp('/configuracoes?aba=sistema');
    await user.selectOptions(await screen.findByLabelText('Moeda'), 'USD');
    await user.click(screen.getByRole('switch', { name: 'Backup automático' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível salvar as configurações.')).toBeInTheDocument();
  });

  it('Sistema: while the save is on its way, the choices and the button wait ("Salvando...")', async () => {
    const answer = deferred<Response>();
    settingsApi({ 'PUT /api/configuracoes/sistema': () => answer.promise });
    const { user } = renderApp('/configuracoes?aba=sistema');
    await user.selectOptions(await screen.findByLabelText('Moeda'), 'USD');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const salvando = await screen.findByRole('button', { name: 'Salvando...' });
    expect(salvando).toBeDisabled();
    const form = within(salvando.closest('form')!);
    expect(form.getByLabelText('Moeda')).toBeDisabled();
    expect(form.getByLabelText('Idioma')).toBeDisabled();
    expect(form.getByRole('switch', { name: 'Backup automático' })).toBeDisabled();

    answer.resolve(jsonResponse(200, { ...CONFIGURACOES, sistema: { ...CONFIGURACOES.sistema, moeda: 'USD' } }));
    expect(await screen.findByText('Configurações salvas!')).toBeInTheDocument();
    expect(screen.getByLabelText('Moeda')).toBeEnabled();
  });

  it('while the settings load, a tab says "Carregando configurações..." once and shows its cards together when they arrive', async () => {
    const answer = deferred<Response>();
    settingsApi({ 'GET /api/configuracoes': () => answer.promise });
    renderApp('/configuracoes');
    const loading = await screen.findAllByText('Carregando configurações...');
    expect(loading.filter((element) => !element.closest('[hidden]'))).toHaveLength(1);
    // The password card needs no settings, but waits with the rest so nothing moves when they come.
    expect(screen.queryByRole('heading', { name: 'Alterar senha' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dados pessoais' })).not.toBeInTheDocument();

    answer.resolve(jsonResponse(200, CONFIGURACOES));
    expect(await screen.findByLabelText('Nome completo')).toHaveValue('Maria da Silva');
    expect(screen.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    expect(screen.queryByText('Carregando configurações...')).not.toBeInTheDocument();
  });

  it('says "Erro ao carregar" and offers "Tentar novamente" when the settings cannot be loaded', async () => {
    let fail = true;
    mockApi({ ...signedIn(), 'GET /api/configuracoes': () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: '' }) : jsonResponse(200, CONFIGURACOES)) });
    const { user } = renderApp('/configuracoes');
    expect(await screen.findByText('Erro ao carregar', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Nome completo')).toHaveValue('Maria da Silva');
  }, 15_000);
});

describe('a settings form with changes not saved', { timeout: 30_000 }, () => {
  const CLIENTES = { 'GET /api/clientes': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { total: 0, ativos: 0, comPendencias: 0 } }) };

  async function typeName() {
    const app = renderApp('/clientes');
    await screen.findByRole('button', { name: 'Novo Cliente' });
    await app.router.navigate('/configuracoes');
    const nome = await screen.findByLabelText('Nome completo');
    await app.user.clear(nome);
    await app.user.type(nome, 'Maria Souza');
    return { ...app, nome };
  }

  const menuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name });

  it('asks "Descartar alterações?" before the menu, the back button or another tab of the page throws it away', async () => {
    settingsApi(CLIENTES);
    const { user, router, nome } = await typeName();

    // The menu: "Continuar editando" stays on the page with what was typed.
    await user.click(menuLink('Clientes'));
    let pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/configuracoes');
    expect(nome).toHaveValue('Maria Souza');

    // Another tab of the page (it would unmount the form).
    await user.click(screen.getByRole('tab', { name: 'Loja' }));
    pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
    expect(nome).toHaveValue('Maria Souza');

    // The back button: "Descartar" goes.
    await router.navigate(-1);
    pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    expect(router.state.location.pathname).toBe('/configuracoes');
    await user.click(within(pergunta).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes'));
    expect(await screen.findByRole('button', { name: 'Novo Cliente' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('leaves at once when nothing was changed, or once the change is saved', async () => {
    settingsApi({ ...CLIENTES, 'PUT /api/configuracoes/perfil': ({ body }) => jsonResponse(200, { ...CONFIGURACOES, perfil: { ...CONFIGURACOES.perfil, ...(body as object) } }) });
    const { user, router } = renderApp('/configuracoes');
    await screen.findByLabelText('Nome completo');
    await user.click(screen.getByRole('tab', { name: 'Sistema' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Sistema' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Perfil' }));
    const nome = await screen.findByLabelText('Nome completo');
    await user.clear(nome);
    await user.type(nome, 'Maria Souza');
    await user.click(screen.getAllByRole('button', { name: 'Salvar' })[0]!);
    expect(await screen.findByText('Perfil salvo')).toBeInTheDocument();
    await user.click(menuLink('Clientes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientes'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("closing or reloading the browser tab gets the browser's own question while a change is not saved", async () => {
    settingsApi();
    const { user } = renderApp('/configuracoes');
    const nome = await screen.findByLabelText('Nome completo');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(nome, ' Souza');
    await waitFor(() => expect(unload()).toBe(true));
    await user.clear(nome);
    await user.type(nome, 'Maria da Silva');
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('"Sair" in the phone\'s menu asks too; "Continuar editando" keeps the change', async () => {
    const api = settingsApi({ 'POST /api/me/sair': () => jsonResponse(200, { ok: true }) });
    const { user } = renderApp('/configuracoes');
    const nome = await screen.findByLabelText('Nome completo');
    await user.type(nome, ' Souza');
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: 'Sair' }));
    const pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nome).toHaveValue('Maria da Silva Souza');
    expect(api.calls('POST', '/api/me/sair')).toHaveLength(0);
  });

  // Last here: once the app leaves on purpose, this page load asks the browser nothing any more.
  it('"Sair" asks "Descartar alterações?" first; "Descartar" signs out without the browser\'s "leave site?" question', async () => {
    const api = settingsApi({ 'POST /api/me/sair': () => jsonResponse(200, { ok: true }) });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { user, router } = renderApp('/configuracoes');
    const nome = await screen.findByLabelText('Nome completo');
    await user.type(nome, ' Souza');

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    let pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(nome).toHaveValue('Maria da Silva Souza');
    expect(router.state.location.pathname).toBe('/configuracoes');
    expect(api.calls('POST', '/api/me/sair')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sair' }));
    pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.calls('POST', '/api/me/sair')).toHaveLength(1);
    // The page goes with the change still in it: the browser must not ask again.
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('change password', () => {
  it('explains each rule of spec §5 before calling the server', async () => {
    const api = settingsApi();
    const { user } = renderApp('/configuracoes');
    const submit = await screen.findByRole('button', { name: 'Alterar senha' });
    await user.click(submit);
    expect(await screen.findByText('Campos obrigatórios')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Senha atual'), 'segredo123');
    await user.type(screen.getByLabelText('Nova senha'), 'nova12');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova13');
    await user.click(submit);
    expect(await screen.findByText('Senhas não conferem')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/change-password')).toHaveLength(0);
  }, 15_000);

  it('"Senha atual incorreta" from the server, then "Senha alterada"', async () => {
    let wrong = true;
    const api = settingsApi({
      'POST /api/auth/change-password': () =>
        wrong ? jsonResponse(400, { code: 'SENHA_ATUAL_INCORRETA', message: 'Invalid password' }) : jsonResponse(200, { user: { id: 'u1' } }),
    });
    const { user } = renderApp('/configuracoes');
    await user.type(await screen.findByLabelText('Senha atual'), 'errada123');
    await user.type(screen.getByLabelText('Nova senha'), 'novaSenha456');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novaSenha456');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Erro ao alterar senha')).toBeInTheDocument();
    expect(screen.getAllByText('Senha atual incorreta').length).toBeGreaterThan(0);

    wrong = false;
    await user.clear(screen.getByLabelText('Senha atual'));
    await user.type(screen.getByLabelText('Senha atual'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha alterada')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/change-password').at(-1)!.body).toEqual({ currentPassword: 'segredo123', newPassword: 'novaSenha456' });
    expect(screen.getByLabelText('Senha atual')).toHaveValue('');
  }, 20_000);

  it('"Esqueci minha senha" opens the reset dialog with the seller’s e-mail', async () => {
    settingsApi();
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar senha' });
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue(SELLER.user.email);
  });
});

describe('backup (Sistema)', () => {
  it('"Exportar Dados" downloads the file and says "Backup exportado"', async () => {
    const createObjectURL = vi.fn(() => 'blob:backup');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    settingsApi({
      'GET /api/backup/exportar': () =>
        new Response('{"formato":"caderneta-backup"}', {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="caderneta-backup-2025-03-10.json"', 'x-backup-bytes': '31' },
        }),
    });
    const { user } = renderApp('/configuracoes?aba=sistema');
    await user.click(await screen.findByRole('button', { name: 'Exportar Dados' }));
    expect(await screen.findByText('Backup exportado')).toBeInTheDocument();
    expect(screen.getByText(/caderneta-backup-2025-03-10\.json/)).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('"Importar Dados" refuses a file that is not a backup before sending it, saying nothing changed', async () => {
    const api = settingsApi();
    const { user } = renderApp('/configuracoes?aba=sistema');
    await screen.findByRole('button', { name: 'Importar Dados' });
    await user.upload(screen.getByLabelText('Arquivo de backup'), new File(['nome;telefone\nAna;11'], 'clientes.json', { type: 'application/json' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivo recusado' });
    expect(within(dialog).getByText('Este arquivo não é um backup do Caderneta.')).toBeInTheDocument();
    expect(within(dialog).getByText('Nada foi alterado.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.startsWith('/api/backup/validar') || r.path.startsWith('/api/backup/restaurar'))).toEqual([]);
  });

  it('lists the automatic backups with a download each', async () => {
    settingsApi({
      'GET /api/backup/automaticos': () => jsonResponse(200, { ativo: true, itens: [{ dia: '2025-03-10', tamanho: 2_500_000, criadoEm: '2025-03-10T04:00:00.000Z' }] }),
    });
    renderApp('/configuracoes?aba=sistema');
    const list = await screen.findByRole('list', { name: 'Backups guardados' });
    expect(within(list).getByText('10/03/2025')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Baixar backup de 10/03/2025' })).toHaveAttribute('href', '/api/backup/automaticos/2025-03-10');
  });
});

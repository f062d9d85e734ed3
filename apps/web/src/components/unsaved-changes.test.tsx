import type { Cliente, ClientesPage } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedIn } from '@/test/utils';

const vazia: ClientesPage = { items: [], total: 0, page: 1, pageSize: 20, resumo: { total: 0, ativos: 0, comPendencias: 0 } };

function salvo(body: object): Cliente {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    nome: 'Rosa Fiado',
    telefone: '11987654321',
    email: null,
    endereco: null,
    limiteCredito: 0,
    login: 'rosa12345',
    ativo: true,
    saldoAtual: 0,
    saldoPendente: 0,
    dataVencimento: null,
    observacoes: null,
    avisos: null,
    createdAt: '2026-03-05T15:00:00.000Z',
    ...body,
  };
}

async function novoCliente() {
  const api = mockApi({
    ...signedIn(),
    'GET /api/clientes': () => jsonResponse(200, vazia),
    'GET /api/clientes/semelhantes': () => jsonResponse(200, { items: [] }),
    'POST /api/clientes': (request) => jsonResponse(201, salvo(request.body as object)),
  });
  const app = renderApp('/clientes');
  await app.user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
  const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
  return { ...app, api, dialog };
}

/** The ways a seller closes a dialog by accident or on purpose, besides saving. */
const WAYS: [string, (user: UserEvent, dialog: HTMLElement) => Promise<void>][] = [
  ['a tap outside', (user) => user.click(document.querySelector<HTMLElement>('[data-slot="dialog-overlay"]')!)],
  ['Escape', (user) => user.keyboard('{Escape}')],
  ['the X', (user, dialog) => user.click(within(dialog).getByRole('button', { name: 'Fechar' }))],
  ['Cancelar', (user, dialog) => user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))],
];

describe('a form dialog with something typed in it (Novo Cliente)', { timeout: 30_000 }, () => {
  it.each(WAYS)('asks "Descartar alterações?" on %s; "Continuar editando" keeps what was typed, "Descartar" closes', async (_, close) => {
    const { user, dialog, api } = await novoCliente();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Rosa Fiado');

    await close(user, dialog);
    const pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    expect(within(pergunta).getByText('O que você digitou ainda não foi salvo e será perdido.')).toBeInTheDocument();
    // The safe answer is the one under the finger (and what Enter picks).
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Continuar editando' })).toHaveFocus());
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Rosa Fiado');

    await close(user, dialog);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/clientes')).toHaveLength(0);

    // Opened again, it starts empty and closes at once.
    await user.click(screen.getByRole('button', { name: 'Novo Cliente' }));
    const denovo = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    expect(within(denovo).getByLabelText(/^Nome/)).toHaveValue('');
    await close(user, denovo);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
  });

  it('Escape on the question keeps editing', async () => {
    const { user, dialog } = await novoCliente();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Rosa');
    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Novo Cliente' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Rosa');
  });

  it.each(WAYS)('closes an untouched dialog on %s at once', async (_, close) => {
    const { user, dialog } = await novoCliente();
    await close(user, dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes at once when what was typed was erased again', async () => {
    const { user, dialog } = await novoCliente();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Ro');
    await user.clear(within(dialog).getByLabelText(/^Nome/));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes without asking after a successful save', async () => {
    const { user, dialog, api } = await novoCliente();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Rosa Fiado');
    await user.type(within(dialog).getByLabelText(/^Telefone/), '11987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await screen.findByText('Cliente cadastrado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/clientes')).toHaveLength(1);
  });
});

describe('leaving the page with a dialog not saved', { timeout: 30_000 }, () => {
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('going to another page (the back button, a link) asks first; so does closing the browser tab', async () => {
    const { user, dialog, router } = await novoCliente();
    expect(unload()).toBe(false);
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Rosa Fiado');
    await waitFor(() => expect(unload()).toBe(true));

    void router.navigate('/produtos');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    await user.click(within(pergunta).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/clientes');
    expect(within(screen.getByRole('dialog', { name: 'Novo Cliente' })).getByLabelText(/^Nome/)).toHaveValue('Rosa Fiado');

    // Closed without saving: nothing is left to lose, and the page goes at once.
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Cliente' })).not.toBeInTheDocument());
    await waitFor(() => expect(unload()).toBe(false));
  });
});

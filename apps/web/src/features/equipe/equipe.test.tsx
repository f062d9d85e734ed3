import type { AuditoriaItem, Pessoa } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, signedIn, staff } from '@/test/utils';

let ids = 0;
function pessoa(overrides: Partial<Pessoa>): Pessoa {
  ids += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    nome: 'Pessoa',
    email: null,
    usuario: null,
    papel: 'caixa',
    permissoes: ['vender_avista', 'vender_fiado', 'registrar_pagamento'],
    descontoMaximo: 0,
    situacao: 'ativa',
    conviteExpiraEm: null,
    criadoEm: '2026-03-01T12:00:00.000Z',
    voce: false,
    ...overrides,
  };
}

const MARIA = pessoa({ nome: 'Maria da Silva', email: 'maria@mercadinho.com.br', papel: 'dono', permissoes: [], descontoMaximo: 100, voce: true });
const OUTRO_DONO = pessoa({ nome: 'Carlos Dono', email: 'carlos@mercadinho.com.br', papel: 'dono', descontoMaximo: 100 });
const ANA = pessoa({
  nome: 'Ana Souza',
  email: 'ana@exemplo.com',
  papel: 'gerente',
  permissoes: ['vender_avista', 'vender_fiado', 'dar_desconto', 'registrar_pagamento'],
  descontoMaximo: 20,
  situacao: 'convidada',
  conviteExpiraEm: '2026-03-17T15:00:00.000Z',
});
const JOAO = pessoa({ nome: 'João Pereira', usuario: 'joao.padaria' });
const BIA = pessoa({ nome: 'Bia Lima', email: 'bia@exemplo.com', situacao: 'convite_expirado', conviteExpiraEm: '2026-02-01T15:00:00.000Z' });
const PEDRO = pessoa({ nome: 'Pedro Alves', email: 'pedro@exemplo.com', situacao: 'inativa' });

const LINK = 'https://caderneta.app/convite/abcdefghijklmnopqrstuvwxyz0123456789';

function equipe(pessoas: Pessoa[], extra: Parameters<typeof mockApi>[0] = {}, me = signedIn()) {
  return mockApi({ ...me, 'GET /api/equipe': () => jsonResponse(200, { pessoas }), ...extra });
}

const linha = (nome: string) => screen.getByRole('listitem', { name: nome });

async function abrirMenu(user: ReturnType<typeof renderApp>['user'], nome: string) {
  await user.click(within(linha(nome)).getByRole('button', { name: `Ações para ${nome}` }));
  return screen.findByRole('menu');
}

describe('/equipe', { timeout: 30_000 }, () => {
  it('lists the people: role, how they sign in, where their access stands, and a menu for each but oneself', async () => {
    const answer = deferred<Response>();
    mockApi({ ...signedIn(), 'GET /api/equipe': () => answer.promise });
    const { user } = renderApp('/equipe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipe' })).toBeInTheDocument();
    expect(screen.getByText('Carregando equipe...')).toBeInTheDocument();
    answer.resolve(jsonResponse(200, { pessoas: [MARIA, ANA, JOAO, BIA, PEDRO] }));

    const lista = await screen.findByRole('list', { name: 'Pessoas da loja' });
    expect(within(lista).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Maria da Silva', 'Ana Souza', 'João Pereira', 'Bia Lima', 'Pedro Alves']);

    const maria = linha('Maria da Silva');
    expect(within(maria).getByText('Dono')).toBeInTheDocument();
    expect(within(maria).getByText('Você')).toBeInTheDocument();
    expect(within(maria).getByText('Todas as permissões')).toBeInTheDocument();
    // Nobody changes their own access: no menu on one's own row.
    expect(within(maria).queryByRole('button', { name: /Ações/ })).not.toBeInTheDocument();

    const ana = linha('Ana Souza');
    expect(within(ana).getByText('Gerente')).toBeInTheDocument();
    expect(within(ana).getByText('Convite enviado · vence em 17/03/2026')).toBeInTheDocument();
    expect(within(ana).getByText('ana@exemplo.com')).toBeInTheDocument();
    expect(within(ana).getByText('4 de 15 permissões · desconto até 20%')).toBeInTheDocument();

    const joao = linha('João Pereira');
    expect(within(joao).getByText('Caixa')).toBeInTheDocument();
    expect(within(joao).getByText('Usuário: joao.padaria')).toBeInTheDocument();
    expect(within(linha('Bia Lima')).getByText('Convite vencido')).toBeInTheDocument();
    expect(within(linha('Pedro Alves')).getByText('Inativa')).toBeInTheDocument();

    // Each situation has its own actions.
    const menuAna = await abrirMenu(user, 'Ana Souza');
    expect(within(menuAna).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Editar acesso', 'Reenviar convite', 'Desativar']);
    await user.keyboard('{Escape}');
    const menuJoao = await abrirMenu(user, 'João Pereira');
    expect(within(menuJoao).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Editar acesso', 'Redefinir senha', 'Encerrar sessões', 'Desativar']);
    await user.keyboard('{Escape}');
    const menuPedro = await abrirMenu(user, 'Pedro Alves');
    expect(within(menuPedro).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Editar acesso', 'Reativar']);
  });

  it('says how to bring people in when the owner is alone', async () => {
    equipe([MARIA]);
    renderApp('/equipe');
    expect(await screen.findByRole('heading', { name: 'Só você na equipe por enquanto' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Maria da Silva' })).toBeInTheDocument();
  });

  it('says why the list did not load, and tries again', async () => {
    let falhou = false;
    mockApi({
      ...signedIn(),
      'GET /api/equipe': () => {
        if (falhou) return jsonResponse(200, { pessoas: [MARIA, JOAO] });
        falhou = true;
        return jsonResponse(403, { code: 'SEM_PERMISSAO', message: 'x', details: { permissao: 'equipe' } });
      },
    });
    const { user } = renderApp('/equipe');
    const alerta = await screen.findByRole('alert');
    expect(within(alerta).getByText('Erro ao carregar a equipe')).toBeInTheDocument();
    expect(within(alerta).getByText('Sua função na loja não permite fazer isso. Peça a quem cuida da equipe.')).toBeInTheDocument();
    await user.click(within(alerta).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('listitem', { name: 'João Pereira' })).toBeInTheDocument();
  });

  it('"Convidar por e-mail": the role\'s permissions to start, a discount cap with "Dar desconto", the right body, then the link to copy', async () => {
    const convidada = pessoa({ nome: 'Rita Gomes', email: 'rita@exemplo.com', situacao: 'convidada', conviteExpiraEm: '2026-03-17T15:00:00.000Z' });
    const answer = deferred<Response>();
    const api = equipe([MARIA], { 'POST /api/equipe/convites': () => answer.promise });
    const { user } = renderApp('/equipe');
    await user.click(await screen.findByRole('button', { name: 'Convidar por e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar por e-mail' });
    expect(within(dialog).getByText('A pessoa recebe um link por e-mail para criar a senha dela. O link vale 7 dias.')).toBeInTheDocument();

    // A Caixa's defaults; the Gerente's once the role changes; back to the Caixa's.
    const marcadas = () =>
      within(within(dialog).getByRole('group', { name: 'O que pode fazer' }))
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => c.parentElement?.textContent);
    expect(within(dialog).getByLabelText('Função')).toHaveValue('caixa');
    expect(marcadas()).toEqual(['Vender à vista', 'Vender fiado', 'Registrar pagamento']);
    expect(within(dialog).queryByLabelText('Desconto máximo (%)')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Função'), 'Gerente');
    expect(marcadas()).toHaveLength(11);
    expect(within(dialog).getByLabelText('Desconto máximo (%)')).toHaveValue('20');
    await user.selectOptions(within(dialog).getByLabelText('Função'), 'Caixa');
    expect(marcadas()).toEqual(['Vender à vista', 'Vender fiado', 'Registrar pagamento']);

    await user.type(within(dialog).getByLabelText(/^Nome/), 'Rita Gomes');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'rita@exemplo.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dar desconto' }));
    const desconto = within(dialog).getByLabelText('Desconto máximo (%)');
    await user.clear(desconto);
    await user.type(desconto, '10');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vender fiado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));

    expect(await within(dialog).findByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await waitFor(() => expect(api.calls('POST', '/api/equipe/convites')).toHaveLength(1));
    expect(api.calls('POST', '/api/equipe/convites')[0]?.body).toEqual({
      nome: 'Rita Gomes',
      email: 'rita@exemplo.com',
      papel: 'caixa',
      permissoes: ['vender_avista', 'dar_desconto', 'registrar_pagamento'],
      descontoMaximo: 10,
    });
    answer.resolve(jsonResponse(201, { pessoa: convidada, link: LINK, emailEnviado: false }));

    // The e-mail did not leave: the link dialog says so, and the link is there to copy.
    const linkDialog = await screen.findByRole('dialog', { name: 'Convite de Rita Gomes' });
    expect(screen.getByText('Convite criado para Rita Gomes')).toBeInTheDocument();
    expect(within(linkDialog).getByText('O convite está pronto, mas o e-mail para rita@exemplo.com não foi enviado.')).toBeInTheDocument();
    expect(within(linkDialog).getByRole('alert')).toHaveTextContent('Copie o link abaixo e mande para a pessoa pelo WhatsApp ou como preferir.');
    expect(within(linkDialog).getByLabelText('Link do convite')).toHaveValue(LINK);
    expect(within(linkDialog).getByText('O link vale 7 dias e só pode ser usado uma vez.')).toBeInTheDocument();
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(within(linkDialog).getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Link copiado')).toBeInTheDocument();
  });

  it('checks the invitation before sending it, and shows the server\'s refusal on the field and in a toast', async () => {
    const api = equipe([MARIA], {
      'POST /api/equipe/convites': () => jsonResponse(409, { code: 'EMAIL_IN_USE', message: 'Este e-mail já tem uma conta na Caderneta.' }),
    });
    const { user } = renderApp('/equipe');
    await user.click(await screen.findByRole('button', { name: 'Convidar por e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar por e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findAllByText('Campo obrigatório.')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'rita@');
    expect(await within(dialog).findByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/equipe/convites')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Nome/), 'Rita Gomes');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'exemplo.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));

    expect(await screen.findByText('Erro ao enviar o convite')).toBeInTheDocument();
    expect(screen.getByText('Este e-mail já está cadastrado.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Este e-mail já tem uma conta no Caderneta ou já foi convidado. Use outro e-mail ou reenvie o convite pela lista.'),
    ).toBeInTheDocument();
    // The dialog stays as typed, ready to try again.
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Rita Gomes');
    expect(within(dialog).getByRole('button', { name: 'Enviar convite' })).toBeEnabled();
  });

  it('"Criar login sem e-mail": login, password and role; a login already taken is said on its field', async () => {
    let tentativas = 0;
    const api = equipe([MARIA], {
      'POST /api/equipe/logins': () =>
        ++tentativas === 1
          ? jsonResponse(409, { code: 'USUARIO_EM_USO', message: 'Este usuário já existe. Escolha outro.' })
          : jsonResponse(201, pessoa({ nome: 'Zé Balcão', usuario: 'ze.balcao' })),
    });
    const { user } = renderApp('/equipe');
    await user.click(await screen.findByRole('button', { name: 'Criar login sem e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar login sem e-mail' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Zé Balcão');
    await user.type(within(dialog).getByLabelText(/^Usuário/), 'Zé');
    await user.type(within(dialog).getByLabelText(/^Senha/), 'segredo123');
    await user.type(within(dialog).getByLabelText(/^Confirmar senha/), 'segredo12');
    await user.click(within(dialog).getByRole('button', { name: 'Criar login' }));
    expect(
      await within(dialog).findByText('Use de 3 a 30 letras minúsculas, números, ponto, _ ou -, começando por letra ou número. Ex.: ana.padaria'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('As senhas não conferem.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/equipe/logins')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Usuário/));
    await user.type(within(dialog).getByLabelText(/^Usuário/), 'Ze.Balcao');
    await user.type(within(dialog).getByLabelText(/^Confirmar senha/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Criar login' }));
    expect(await within(dialog).findByText('Este usuário já existe. Escolha outro.')).toBeInTheDocument();
    expect(screen.getByText('Erro ao criar o login')).toBeInTheDocument();
    expect(api.calls('POST', '/api/equipe/logins')[0]?.body).toEqual({
      nome: 'Zé Balcão',
      usuario: 'ze.balcao',
      senha: 'segredo123',
      confirmarSenha: 'segredo123',
      papel: 'caixa',
      permissoes: ['vender_avista', 'vender_fiado', 'registrar_pagamento'],
      descontoMaximo: 0,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Criar login' }));
    expect(await screen.findByText('Login criado')).toBeInTheDocument();
    expect(screen.getByText('Zé Balcão já pode entrar com o usuário ze.balcao e a senha que você definiu.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Criar login sem e-mail' })).not.toBeInTheDocument());
  });

  it('"Editar acesso" sends the role, permissions and cap; "Desativar" asks first, then signs the person out', async () => {
    const api = equipe([MARIA, JOAO], {
      [`PATCH /api/equipe/${JOAO.id}`]: (request) => jsonResponse(200, { ...JOAO, ...(request.body as object) }),
    });
    const { user } = renderApp('/equipe');
    await screen.findByRole('listitem', { name: 'João Pereira' });

    await user.click(within(await abrirMenu(user, 'João Pereira')).getByRole('menuitem', { name: 'Editar acesso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar acesso de João Pereira' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cancelar venda' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Acesso atualizado')).toBeInTheDocument();
    expect(api.calls('PATCH', `/api/equipe/${JOAO.id}`)[0]?.body).toEqual({
      papel: 'caixa',
      permissoes: ['vender_avista', 'vender_fiado', 'registrar_pagamento', 'cancelar_venda'],
      descontoMaximo: 0,
    });

    await user.click(within(await abrirMenu(user, 'João Pereira')).getByRole('menuitem', { name: 'Desativar' }));
    const confirmar = await screen.findByRole('alertdialog', { name: 'Desativar João Pereira?' });
    expect(confirmar).toHaveTextContent('João Pereira sai na hora de todos os aparelhos e não consegue mais entrar.');
    await user.click(within(confirmar).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Acesso desativado')).toBeInTheDocument();
    expect(api.calls('PATCH', `/api/equipe/${JOAO.id}`)[1]?.body).toEqual({ ativo: false });
  });

  it('a refused change is said in a toast, and the dialog stays open to try again', async () => {
    equipe([MARIA, OUTRO_DONO], {
      [`PATCH /api/equipe/${OUTRO_DONO.id}`]: () => jsonResponse(409, { code: 'ULTIMO_DONO', message: 'x' }),
    });
    const { user } = renderApp('/equipe');
    await screen.findByRole('listitem', { name: 'Carlos Dono' });
    await user.click(within(await abrirMenu(user, 'Carlos Dono')).getByRole('menuitem', { name: 'Desativar' }));
    const confirmar = await screen.findByRole('alertdialog', { name: 'Desativar Carlos Dono?' });
    await user.click(within(confirmar).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Erro ao desativar')).toBeInTheDocument();
    expect(screen.getByText('A loja precisa de pelo menos um dono ativo. Torne outra pessoa dono antes.')).toBeInTheDocument();
    expect(within(confirmar).getByRole('button', { name: 'Desativar' })).toBeEnabled();
  });

  it('"Reenviar convite" shows the new link; "Encerrar sessões" says how many ended', async () => {
    const api = equipe([MARIA, ANA, JOAO], {
      [`POST /api/equipe/${ANA.id}/convite`]: () => jsonResponse(200, { pessoa: ANA, link: LINK, emailEnviado: true }),
      [`POST /api/equipe/${JOAO.id}/encerrar-sessoes`]: () => jsonResponse(200, { encerradas: 2 }),
    });
    const { user } = renderApp('/equipe');
    await screen.findByRole('listitem', { name: 'Ana Souza' });

    await user.click(within(await abrirMenu(user, 'Ana Souza')).getByRole('menuitem', { name: 'Reenviar convite' }));
    const confirmar = await screen.findByRole('alertdialog', { name: 'Reenviar o convite de Ana Souza?' });
    await user.click(within(confirmar).getByRole('button', { name: 'Reenviar convite' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Convite de Ana Souza' });
    expect(within(linkDialog).getByText('Enviamos o convite para ana@exemplo.com. Você também pode mandar o link pelo WhatsApp.')).toBeInTheDocument();
    expect(within(linkDialog).getByLabelText('Link do convite')).toHaveValue(LINK);
    expect(screen.getByText('Convite enviado para Ana Souza')).toBeInTheDocument();
    expect(api.calls('POST', `/api/equipe/${ANA.id}/convite`)).toHaveLength(1);
    // The footer's "Fechar" (the X is the other).
    await user.click(within(linkDialog).getAllByRole('button', { name: 'Fechar' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await abrirMenu(user, 'João Pereira')).getByRole('menuitem', { name: 'Encerrar sessões' }));
    const encerrar = await screen.findByRole('alertdialog', { name: 'Encerrar as sessões de João Pereira?' });
    await user.click(within(encerrar).getByRole('button', { name: 'Encerrar sessões' }));
    expect(await screen.findByText('2 sessões encerradas')).toBeInTheDocument();
  });

  it('"Redefinir senha" of a login without e-mail', async () => {
    const api = equipe([MARIA, JOAO], { [`POST /api/equipe/${JOAO.id}/senha`]: () => new Response(null, { status: 204 }) });
    const { user } = renderApp('/equipe');
    await screen.findByRole('listitem', { name: 'João Pereira' });
    await user.click(within(await abrirMenu(user, 'João Pereira')).getByRole('menuitem', { name: 'Redefinir senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir senha de João Pereira' });
    await user.type(within(dialog).getByLabelText(/^Nova senha/), 'nova1234');
    await user.type(within(dialog).getByLabelText(/^Confirmar nova senha/), 'nova1234');
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Senha redefinida')).toBeInTheDocument();
    expect(api.calls('POST', `/api/equipe/${JOAO.id}/senha`)[0]?.body).toEqual({ senha: 'nova1234', confirmarSenha: 'nova1234' });
  });

  it('a Gerente who looks after the team: no menu on an owner\'s row, no "Dono" to give, only their own permissions to grant', async () => {
    const gerente = staff('gerente', { permissoes: ['vender_avista', 'vender_fiado', 'registrar_pagamento', 'equipe'] });
    const eu = pessoa({ nome: 'Ana Caixa', email: 'ana@mercadinho.com.br', papel: 'gerente', voce: true });
    equipe([{ ...MARIA, voce: false }, eu, JOAO], {}, signedIn(gerente));
    const { user } = renderApp('/equipe');
    const dono = await screen.findByRole('listitem', { name: 'Maria da Silva' });
    expect(within(dono).queryByRole('button', { name: /Ações/ })).not.toBeInTheDocument();
    expect(within(linha('Ana Caixa')).queryByRole('button', { name: /Ações/ })).not.toBeInTheDocument();

    await user.click(within(await abrirMenu(user, 'João Pereira')).getByRole('menuitem', { name: 'Editar acesso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar acesso de João Pereira' });
    expect(within(within(dialog).getByLabelText('Função')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Gerente', 'Caixa']);
    expect(within(dialog).getByRole('checkbox', { name: 'Vender fiado' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Cancelar venda' })).toBeDisabled();
  });

  it('a person without the team permission sees why the page is closed to them', async () => {
    const api = equipe([MARIA], {}, signedIn(staff('caixa')));
    renderApp('/equipe');
    expect(await screen.findByText('Sua função na loja não permite abrir esta página')).toBeInTheDocument();
    expect(api.calls('GET', '/api/equipe')).toHaveLength(0);
  });
});

describe('/historico: the team\'s changes', { timeout: 30_000 }, () => {
  const MARIA_AUTOR = { tipo: 'pessoa', id: 'u1', nome: 'Maria da Silva' } as const;
  const base = (id: string, overrides: Partial<AuditoriaItem>): AuditoriaItem => ({
    id,
    em: '2026-03-10T15:00:00.000Z',
    autor: MARIA_AUTOR,
    acao: 'equipe.alterada',
    registro: { tipo: 'pessoa', id: JOAO.id, nome: 'João Pereira' },
    clienteId: null,
    mudancas: [],
    detalhes: {},
    motivo: null,
    ip: null,
    ...overrides,
  });

  it('says each action in words, the role and permissions by name, and links the person to /equipe', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/auditoria': () =>
        jsonResponse(200, {
          nextCursor: null,
          items: [
            base('9', { acao: 'equipe.convidada', registro: { tipo: 'pessoa', id: ANA.id, nome: 'Ana Souza' }, detalhes: { email: 'ana@exemplo.com', papel: 'gerente' } }),
            base('8', { acao: 'equipe.login_criado', detalhes: { usuario: 'joao.padaria', papel: 'caixa' } }),
            base('7', {
              mudancas: [
                { campo: 'papel', antes: 'caixa', depois: 'gerente' },
                { campo: 'permissoes', antes: 'vender_avista, vender_fiado', depois: 'vender_avista, vender_fiado, dar_desconto' },
                { campo: 'descontoMaximo', antes: 0, depois: 15 },
              ],
            }),
            base('6', { acao: 'equipe.desativada', mudancas: [{ campo: 'ativo', antes: true, depois: false }] }),
            base('5', { acao: 'equipe.sessoes_encerradas', detalhes: { encerradas: 1 } }),
            base('4', { acao: 'equipe.senha_redefinida' }),
            base('3', { acao: 'equipe.convite_aceito', autor: { tipo: 'pessoa', id: 'u9', nome: 'Ana Souza' } }),
            base('2', { acao: 'equipe.reativada' }),
          ],
        }),
      'GET /api/auditoria/autores': () => jsonResponse(200, [MARIA_AUTOR]),
    });
    const { user } = renderApp('/historico');
    const lista = await screen.findByRole('list', { name: 'Mudanças da loja' });
    expect(within(lista).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Pessoa convidada para a equipe',
      'Login sem e-mail criado',
      'Acesso alterado',
      'Pessoa desativada',
      'Sessões encerradas',
      'Senha redefinida pelo dono',
      'Convite aceito',
      'Pessoa reativada',
    ]);
    const convite = screen.getByRole('listitem', { name: 'Pessoa convidada para a equipe' });
    expect(within(convite).getByRole('link', { name: 'Ana Souza' })).toHaveAttribute('href', '/equipe');
    expect(within(convite).getByText('Convite para ana@exemplo.com · Gerente')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Login sem e-mail criado' })).getByText('Usuário joao.padaria · Caixa')).toBeInTheDocument();
    const alterada = screen.getByRole('listitem', { name: 'Acesso alterado' });
    expect(
      within(within(alterada).getByRole('list', { name: 'O que mudou' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Função: Caixa → Gerente',
      'Permissões: Vender à vista, Vender fiado → Vender à vista, Vender fiado, Dar desconto',
      'Desconto máximo: 0% → 15%',
    ]);
    expect(within(screen.getByRole('listitem', { name: 'Sessões encerradas' })).getByText('1 sessão encerrada')).toBeInTheDocument();

    // The kind filter has the team's group.
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Equipe');
    expect(screen.getByLabelText('Tipo')).toHaveValue('equipe');
  });
});

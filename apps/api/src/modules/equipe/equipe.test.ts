import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { PERMISSOES_DO_PAPEL, type AuditoriaPage, type Equipe, type Pessoa } from '@caderneta/shared';
import { buildTestApp, createSeller, createStaff, signInAs, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { countRows, insertCliente, insertProduto, readCliente } from '../../../test/fixtures';
import { codigosAcesso, vendas } from '../../db/schema';

const clock = testClock('2026-03-10T15:00:00Z');
let t: TestApp;
let dono: SellerSession;
let outraLoja: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  dono = await createSeller(t, { nomeCompleto: 'Dona Rosa', nomeLoja: 'Mercadinho da Rosa' });
  outraLoja = await createSeller(t);
});
afterAll(() => t.close());

const equipe = async (s: SellerSession) => ((await s.request({ method: 'GET', url: '/api/equipe' })).json() as Equipe).pessoas;
const tokenDe = (link: string) => link.split('/convite/')[1]!;
const publico = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
const senha = { senha: 'caixa1234', confirmarSenha: 'caixa1234' };

describe('people of a shop: invitations by e-mail', () => {
  it('the owner invites a cashier; the e-mail carries a link where they set their password, then they sign in to the same shop', async () => {
    const convite = await dono.request({ method: 'POST', url: '/api/equipe/convites', payload: { nome: 'Ana Caixa', email: 'Ana.Caixa@Example.com', papel: 'caixa' } });
    expect(convite.statusCode, convite.body).toBe(201);
    const { pessoa, link, emailEnviado } = convite.json() as { pessoa: Pessoa; link: string; emailEnviado: boolean };
    expect(emailEnviado).toBe(true);
    expect(pessoa).toMatchObject({ nome: 'Ana Caixa', email: 'ana.caixa@example.com', papel: 'caixa', situacao: 'convidada', permissoes: PERMISSOES_DO_PAPEL.caixa.permissoes });
    expect(pessoa.conviteExpiraEm).toMatch(/^2026-03-17T15:00:00/);

    const mail = await t.mailTo('ana.caixa@example.com');
    expect(mail.subject).toBe('Convite para a equipe de Mercadinho da Rosa na Caderneta');
    expect(mail.link).toBe(link);
    expect(mail.text).toContain(link);

    const info = await publico('GET', `/api/convites/${tokenDe(link)}`);
    expect(info.json()).toEqual({ nomeLoja: 'Mercadinho da Rosa', nome: 'Ana Caixa', email: 'ana.caixa@example.com' });
    const aceito = await publico('POST', `/api/convites/${tokenDe(link)}/aceitar`, senha);
    expect(aceito.statusCode, aceito.body).toBe(201);

    const ana = await signInAs(t, 'ana.caixa@example.com', 'caixa1234');
    const me = (await ana.request({ method: 'GET', url: '/api/me' })).json();
    expect(me.user).toMatchObject({ nome: 'Ana Caixa', email: 'ana.caixa@example.com' });
    expect(me.perfil.nomeLoja).toBe('Mercadinho da Rosa');
    expect(me.pessoa).toEqual({ papel: 'caixa', permissoes: ['vender_avista', 'vender_fiado', 'registrar_pagamento'], descontoMaximo: 0 });
    // The shop's data is the owner's: the cashier sees the customers the owner made.
    const cliente = await insertCliente(t, dono.id, { nome: 'Cliente da Rosa' });
    const lista = (await ana.request({ method: 'GET', url: '/api/clientes' })).json() as { items: Array<{ id: string }> };
    expect(lista.items.map((c) => c.id)).toContain(cliente.id);

    expect((await equipe(dono)).find((p) => p.id === pessoa.id)).toMatchObject({ situacao: 'ativa', conviteExpiraEm: null });
    // The link is spent: a second use, or a look at it, is refused.
    expect((await publico('POST', `/api/convites/${tokenDe(link)}/aceitar`, senha)).json()).toMatchObject({ code: 'CONVITE_INVALIDO' });
    expect((await publico('GET', `/api/convites/${tokenDe(link)}`)).statusCode).toBe(404);
  });

  it('refuses an expired link, a cancelled one and one for a deactivated person; a new link replaces the old', async () => {
    const criar = async (email: string) =>
      (await dono.request({ method: 'POST', url: '/api/equipe/convites', payload: { nome: 'Beto', email, papel: 'gerente' } })).json() as { pessoa: Pessoa; link: string };
    const vencido = await criar('beto@example.com');
    clock.advanceDays(8);
    expect((await publico('GET', `/api/convites/${tokenDe(vencido.link)}`)).json()).toMatchObject({ code: 'CONVITE_INVALIDO' });
    expect((await publico('POST', `/api/convites/${tokenDe(vencido.link)}/aceitar`, senha)).statusCode).toBe(404);
    expect((await equipe(dono)).find((p) => p.id === vencido.pessoa.id)?.situacao).toBe('convite_expirado');

    const novo = (await dono.request({ method: 'POST', url: `/api/equipe/${vencido.pessoa.id}/convite` })).json() as { link: string };
    expect(novo.link).not.toBe(vencido.link);
    expect((await t.mailTo('beto@example.com')).link).toBe(novo.link);
    await dono.request({ method: 'PATCH', url: `/api/equipe/${vencido.pessoa.id}`, payload: { ativo: false } });
    expect((await publico('POST', `/api/convites/${tokenDe(novo.link)}/aceitar`, senha)).json()).toMatchObject({ code: 'CONVITE_INVALIDO' });
    expect((await publico('GET', '/api/convites/um-token-que-ninguem-recebeu-nunca')).statusCode).toBe(404);
  });

  it('refuses inviting an address that already has an account, or twice in one shop', async () => {
    const deOutraLoja = await dono.request({ method: 'POST', url: '/api/equipe/convites', payload: { nome: 'Outro', email: outraLoja.email, papel: 'caixa' } });
    expect(deOutraLoja.statusCode).toBe(409);
    expect(deOutraLoja.json()).toMatchObject({ code: 'EMAIL_IN_USE' });
    await dono.request({ method: 'POST', url: '/api/equipe/convites', payload: { nome: 'Caio', email: 'caio@example.com', papel: 'caixa' } });
    const deNovo = await dono.request({ method: 'POST', url: '/api/equipe/convites', payload: { nome: 'Caio', email: 'CAIO@example.com', papel: 'caixa' } });
    expect(deNovo.json()).toMatchObject({ code: 'EMAIL_IN_USE' });
  });

  it('staff use no access code', async () => {
    const [antes] = await t.db.select({ n: count() }).from(codigosAcesso);
    await createStaff(t, dono, { papel: 'caixa' });
    const [depois] = await t.db.select({ n: count() }).from(codigosAcesso);
    expect(depois).toEqual(antes);
  });
});

describe('a login for someone without e-mail', () => {
  it('signs in with the login (as typed, any case), and the owner can set a new password, which ends their sessions', async () => {
    const criado = await dono.request({
      method: 'POST',
      url: '/api/equipe/logins',
      payload: { nome: 'Zé do Balcão', usuario: ' Ze.Balcao ', senha: 'balcao123', confirmarSenha: 'balcao123', papel: 'caixa' },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const ze = criado.json() as Pessoa;
    expect(ze).toMatchObject({ usuario: 'ze.balcao', email: null, situacao: 'ativa' });
    const sessao = await signInAs(t, 'ZE.BALCAO', 'balcao123');
    expect((await sessao.request({ method: 'GET', url: '/api/me' })).json().user.nome).toBe('Zé do Balcão');

    const repetido = await dono.request({ method: 'POST', url: '/api/equipe/logins', payload: { nome: 'Outro Zé', usuario: 'ze.balcao', ...senha, papel: 'caixa' } });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json()).toMatchObject({ code: 'USUARIO_EM_USO' });
    const invalido = await dono.request({ method: 'POST', url: '/api/equipe/logins', payload: { nome: 'X', usuario: 'zé', ...senha, papel: 'caixa' } });
    expect(invalido.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'usuario', message: 'usuarioInvalido' }] });

    const nova = await dono.request({ method: 'POST', url: `/api/equipe/${ze.id}/senha`, payload: { senha: 'novasenha1', confirmarSenha: 'novasenha1' } });
    expect(nova.statusCode).toBe(204);
    expect((await sessao.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await expect(signInAs(t, 'ze.balcao', 'balcao123')).rejects.toThrow(/401/);
    await signInAs(t, 'ze.balcao', 'novasenha1');
  });
});

describe('roles, the active switch and the last owner', () => {
  it('deactivating a person signs them out at once; reactivated, they sign in again', async () => {
    const bia = await createStaff(t, dono, { papel: 'gerente', nome: 'Bia' });
    expect((await bia.request({ method: 'GET', url: '/api/clientes' })).statusCode).toBe(200);
    const off = await dono.request({ method: 'PATCH', url: `/api/equipe/${bia.pessoaId}`, payload: { ativo: false } });
    expect(off.json()).toMatchObject({ situacao: 'inativa' });
    expect((await bia.request({ method: 'GET', url: '/api/clientes' })).statusCode).toBe(401);
    // Signed in again while inactive: the session is refused all the same.
    const denovo = await signInAs(t, bia.usuario, bia.senha);
    expect((await denovo.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    await dono.request({ method: 'PATCH', url: `/api/equipe/${bia.pessoaId}`, payload: { ativo: true } });
    expect((await (await signInAs(t, bia.usuario, bia.senha)).request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('nobody changes their own access, only an owner changes an owner, and a manager grants no more than they have', async () => {
    const [eu] = (await equipe(dono)).filter((p) => p.voce);
    for (const mudanca of [{ papel: 'gerente' }, { ativo: false }, { permissoes: [] }]) {
      const proprio = await dono.request({ method: 'PATCH', url: `/api/equipe/${eu!.id}`, payload: mudanca });
      expect(proprio.statusCode, JSON.stringify(mudanca)).toBe(403);
    }
    expect((await dono.request({ method: 'PATCH', url: `/api/equipe/${eu!.id}`, payload: { nome: 'Rosa Maria' } })).json()).toMatchObject({ nome: 'Rosa Maria' });

    const gerente = await createStaff(t, dono, { papel: 'gerente', permissoes: ['equipe', 'vender_avista'], descontoMaximo: 5 });
    expect((await gerente.request({ method: 'PATCH', url: `/api/equipe/${eu!.id}`, payload: { ativo: false } })).statusCode).toBe(403);
    const login = (extra: object) =>
      gerente.request({ method: 'POST', url: '/api/equipe/logins', payload: { nome: 'Novo', usuario: `novo.${Math.random().toString(36).slice(2, 10)}`, ...senha, papel: 'caixa', ...extra } });
    expect((await login({ permissoes: ['cancelar_venda'] })).json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'cancelar_venda' } });
    expect((await login({ permissoes: ['vender_avista'], descontoMaximo: 10 })).statusCode).toBe(403);
    expect((await login({ papel: 'dono' })).statusCode).toBe(403);
    expect((await login({ permissoes: ['vender_avista'], descontoMaximo: 5 })).statusCode).toBe(201);

    // Another owner may make Rosa a manager (the shop keeps an owner); a manager has no Equipe.
    const socio = await createStaff(t, dono, { papel: 'dono', nome: 'Sócio' });
    expect((await socio.request({ method: 'PATCH', url: `/api/equipe/${eu!.id}`, payload: { papel: 'gerente' } })).json()).toMatchObject({
      papel: 'gerente',
      permissoes: PERMISSOES_DO_PAPEL.gerente.permissoes,
    });
    expect((await dono.request({ method: 'GET', url: '/api/equipe' })).json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'equipe' } });
    expect((await socio.request({ method: 'PATCH', url: `/api/equipe/${eu!.id}`, payload: { papel: 'dono' } })).json()).toMatchObject({ papel: 'dono' });
    expect((await dono.request({ method: 'GET', url: '/api/equipe' })).statusCode).toBe(200);
  });

  it('another shop cannot see nor change this shop\'s people', async () => {
    const cris = await createStaff(t, dono, { papel: 'caixa' });
    expect((await equipe(outraLoja)).map((p) => p.id)).not.toContain(cris.pessoaId);
    for (const [method, url, payload] of [
      ['PATCH', `/api/equipe/${cris.pessoaId}`, { ativo: false }],
      ['POST', `/api/equipe/${cris.pessoaId}/senha`, { senha: 'outra1234', confirmarSenha: 'outra1234' }],
      ['POST', `/api/equipe/${cris.pessoaId}/encerrar-sessoes`, undefined],
      ['POST', `/api/equipe/${cris.pessoaId}/convite`, undefined],
    ] as const) {
      const answer = await outraLoja.request({ method, url, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await cris.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});

describe('what a cashier may do at the counter', () => {
  it('sells fiado within the limit, is refused past it, a discount, another price, a cancellation and an adjustment — nothing written', async () => {
    const caixa = await createStaff(t, dono, { papel: 'caixa', nome: 'Dani Caixa' });
    const cliente = await insertCliente(t, dono.id, { limiteCredito: 10_000 });
    const produto = await insertProduto(t, dono.id, { nome: 'Café', precoVenda: 2_000, estoqueAtual: 100 });
    const venda = (itens: object[], extra: object = {}) =>
      caixa.request({ method: 'POST', url: '/api/vendas', payload: { clienteId: cliente.id, formaPagamento: 'fiado', itens, ...extra } });

    const dentro = await venda([{ produtoId: produto.id, quantidade: 3 }]);
    expect(dentro.statusCode, dentro.body).toBe(201);
    const vendaId = (dentro.json() as { id: string }).id;
    const antes = await countRows(t, vendas, dono.id);

    const acima = await venda([{ produtoId: produto.id, quantidade: 4 }], { confirmarLimiteExcedido: true });
    expect(acima.statusCode).toBe(403);
    expect(acima.json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'vender_acima_limite' } });
    const comDesconto = await venda([{ produtoId: produto.id, quantidade: 1, desconto: { tipo: 'valor', valor: 100 } }]);
    expect(comDesconto.json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'dar_desconto' } });
    const outroPreco = await venda([{ produtoId: produto.id, quantidade: 1, precoUnitario: 1_500 }]);
    expect(outroPreco.json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'alterar_preco' } });
    const cancelar = await caixa.request({ method: 'POST', url: `/api/vendas/${vendaId}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(cancelar.json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'cancelar_venda' } });
    const ajuste = await caixa.request({ method: 'POST', url: `/api/clientes/${cliente.id}/ajustes`, payload: { tipo: 'credito', valor: 6_000, motivo: 'Acerto' } });
    expect(ajuste.statusCode).toBe(403);
    expect(await countRows(t, vendas, dono.id)).toBe(antes);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-6_000);

    // A payment is the cashier's to take; the sale records who made it.
    const pagamento = await caixa.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 1_000, metodo: 'dinheiro' } });
    expect(pagamento.statusCode, pagamento.body).toBe(201);
    const historico = (await dono.request({ method: 'GET', url: `/api/auditoria?registroId=${vendaId}` })).json() as AuditoriaPage;
    expect(historico.items[0]).toMatchObject({ acao: 'venda.criada', autor: { tipo: 'pessoa', id: caixa.id, nome: 'Dani Caixa' } });
  });

  it('says who sold and who received: the sale, the sales list and its filter, the statement, the receipt', async () => {
    const caixa = await createStaff(t, dono, { papel: 'caixa', nome: 'Edu do Caixa' });
    const cliente = await insertCliente(t, dono.id, { limiteCredito: 100_000 });
    const produto = await insertProduto(t, dono.id, { precoVenda: 1_000, estoqueAtual: 100 });
    const dele = await caixa.request({ method: 'POST', url: '/api/vendas', payload: { clienteId: cliente.id, formaPagamento: 'fiado', itens: [{ produtoId: produto.id, quantidade: 2 }] } });
    expect(dele.json()).toMatchObject({ atendente: 'Edu do Caixa' });
    const daDona = await dono.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    expect(daDona.json()).toMatchObject({ atendente: 'Rosa Maria' });
    const venda = (await dono.request({ method: 'GET', url: `/api/vendas/${dele.json().id}` })).json();
    expect(venda.atendente).toBe('Edu do Caixa');

    const lista = (await dono.request({ method: 'GET', url: `/api/vendas?atendente=${caixa.id}` })).json() as { items: Array<{ id: string; atendente: string }>; total: number };
    expect(lista.items.map((v) => v.id)).toEqual([dele.json().id]);
    expect(lista.total).toBe(1);
    expect((await dono.request({ method: 'GET', url: '/api/vendas?pageSize=5' })).json().items[0]).toMatchObject({ id: daDona.json().id, atendente: 'Rosa Maria' });

    const pagamento = (await caixa.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 500, metodo: 'pix' } })).json();
    const extrato = (await dono.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato` })).json() as { items: Array<{ tipo: string; por: string | null }> };
    expect(extrato.items.map((i) => [i.tipo, i.por])).toEqual([
      ['pagamento', 'Edu do Caixa'],
      ['venda', 'Edu do Caixa'],
    ]);
    const recibo = (await dono.request({ method: 'GET', url: `/api/pagamentos/${pagamento.lancamento.id}/recibo` })).json();
    expect(recibo.recebidoPor).toBe('Edu do Caixa');
    // The owner's notifications say who sold and who received.
    const avisos = (await dono.request({ method: 'GET', url: '/api/notificacoes?pageSize=50' })).json() as { items: Array<{ tipo: string; params: Record<string, unknown> }> };
    expect(avisos.items.find((n) => n.tipo === 'venda' && n.params.vendaId === dele.json().id)?.params.por).toBe('Edu do Caixa');
    expect(avisos.items.find((n) => n.tipo === 'pagamento' && n.params.lancamentoId === pagamento.lancamento.id)?.params.por).toBe('Edu do Caixa');
    expect(recibo.texto).toContain('Recebido por: Edu do Caixa');

    // "Vendas por atendente" in the sales report: a cancelled sale leaves it.
    const porAtendente = async () =>
      ((await dono.request({ method: 'GET', url: '/api/relatorios/vendas?periodo=7' })).json() as { porAtendente: Array<{ id: string; nome: string; quantidade: number; valor: number }> })
        .porAtendente;
    const antes = await porAtendente();
    expect(antes.find((a) => a.id === caixa.id)).toEqual({ id: caixa.id, nome: 'Edu do Caixa', quantidade: 1, valor: 2_000 });
    const outra = await caixa.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 3 }] } });
    expect((await porAtendente()).find((a) => a.id === caixa.id)).toMatchObject({ quantidade: 2, valor: 5_000 });
    await dono.request({ method: 'POST', url: `/api/vendas/${outra.json().id}/cancelar`, payload: { motivo: 'Errou o item' } });
    expect((await porAtendente()).find((a) => a.id === caixa.id)).toMatchObject({ quantidade: 1, valor: 2_000 });
    // Rebuilt from the sales (as a restore does), it says the same.
    const mantido = await porAtendente();
    await t.db.execute(sql`select reconstruir_rollups(${dono.id})`);
    expect(await porAtendente()).toEqual(mantido);
  });

  it('gives a discount up to their cap, on a line or the whole sale, and no further', async () => {
    const gerente = await createStaff(t, dono, { papel: 'gerente', descontoMaximo: 10 });
    const produto = await insertProduto(t, dono.id, { precoVenda: 10_000, estoqueAtual: 100 });
    const venda = (item: object, extra: object = {}) =>
      gerente.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1, ...item }], ...extra } });
    const noTeto = await venda({ desconto: { tipo: 'percentual', valor: 10 } });
    expect(noTeto.statusCode, noTeto.body).toBe(201);
    const demais = await venda({ desconto: { tipo: 'valor', valor: 1_001 } });
    expect(demais.statusCode).toBe(403);
    expect(demais.json()).toMatchObject({ code: 'DESCONTO_ACIMA_DO_PERMITIDO', details: { produtoId: produto.id, maximo: 10 } });
    const naVenda = await venda({}, { desconto: { tipo: 'percentual', valor: 15 } });
    expect(naVenda.json()).toMatchObject({ code: 'DESCONTO_ACIMA_DO_PERMITIDO' });
    // A new price is its own permission; the discount is counted from it.
    expect((await venda({ precoUnitario: 8_000, desconto: { tipo: 'valor', valor: 800 } })).statusCode).toBe(201);
  });
});

describe('sessions', () => {
  it('a person lists their devices and ends one; the owner ends all of someone\'s', async () => {
    const edu = await createStaff(t, dono, { papel: 'caixa' });
    const outroAparelho = await signInAs(t, edu.usuario, edu.senha);
    const lista = (await edu.request({ method: 'GET', url: '/api/me/sessoes' })).json() as { sessoes: Array<{ id: string; atual: boolean }> };
    expect(lista.sessoes).toHaveLength(2);
    expect(lista.sessoes.filter((s) => s.atual)).toHaveLength(1);
    const outra = lista.sessoes.find((s) => !s.atual)!;
    expect((await edu.request({ method: 'DELETE', url: `/api/me/sessoes/${outra.id}` })).statusCode).toBe(204);
    expect((await outroAparelho.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    // Someone else's session is not theirs to end.
    const donoSessoes = (await dono.request({ method: 'GET', url: '/api/me/sessoes' })).json() as { sessoes: Array<{ id: string }> };
    expect((await edu.request({ method: 'DELETE', url: `/api/me/sessoes/${donoSessoes.sessoes[0]!.id}` })).statusCode).toBe(404);

    const fim = await dono.request({ method: 'POST', url: `/api/equipe/${edu.pessoaId}/encerrar-sessoes` });
    expect(fim.json()).toEqual({ encerradas: 1 });
    expect((await edu.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('records the team\'s changes in the history', async () => {
    const pagina = (await dono.request({ method: 'GET', url: '/api/auditoria?grupo=equipe&pageSize=100' })).json() as AuditoriaPage;
    const acoes = new Set(pagina.items.map((i) => i.acao));
    for (const acao of ['equipe.convidada', 'equipe.convite_aceito', 'equipe.login_criado', 'equipe.alterada', 'equipe.desativada', 'equipe.reativada', 'equipe.senha_redefinida', 'equipe.sessoes_encerradas']) {
      expect(acoes, acao).toContain(acao);
    }
    const aceito = pagina.items.find((i) => i.acao === 'equipe.convite_aceito')!;
    expect(aceito.autor).toMatchObject({ tipo: 'pessoa', nome: 'Ana Caixa' });
    const desativada = pagina.items.find((i) => i.acao === 'equipe.desativada' && i.registro.nome === 'Bia')!;
    expect(desativada.mudancas).toEqual([{ campo: 'ativo', antes: true, depois: false }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contestacao, Devedor, DevedorDetalhe, PortalCliente } from '@caderneta/shared';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { buildTestApp, createSeller, createStaff, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertProduto } from '../../../test/fixtures';

const clock = testClock('2026-06-10T10:00:00-03:00');

let t: TestApp;
let seller: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  seller = await createSeller(t);
});
afterAll(() => t.close());

/** A customer who bought two things on credit (R$ 30,00 and R$ 45,00) and paid R$ 20,00. */
async function clienteComConta(nome: string) {
  const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome, telefone: '(11) 98888-7777', limiteCredito: 100_000 } });
  expect(criado.statusCode, criado.body).toBe(201);
  const cliente = criado.json() as { id: string; login: string };
  for (const preco of [3_000, 4_500]) {
    const produto = await insertProduto(t, seller.id, { precoVenda: preco, estoqueAtual: 10 });
    const venda = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    expect(venda.statusCode, venda.body).toBe(201);
  }
  const pago = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 2_000, metodo: 'dinheiro' } });
  expect(pago.statusCode, pago.body).toBe(201);
  return cliente;
}

const pagina = async (login: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/portal/${login}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PortalCliente;
};
const conferir = (login: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/portal/${login}/conferencias`, payload });
const devedor = async (id: string, quem: SellerSession = seller) => (await quem.request({ method: 'GET', url: `/api/devedores/${id}` })).json() as DevedorDetalhe;
const lista = async (id: string, quem: SellerSession = seller) => {
  const response = await quem.request({ method: 'GET', url: `/api/clientes/${id}/contestacoes` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Contestacao[] }).items;
};
const resolver = (id: string, payload: object, quem: SellerSession = seller) => quem.request({ method: 'POST', url: `/api/contestacoes/${id}/resolver`, payload });

describe('the customer confirms or disputes an entry on their page', () => {
  it('"Reconheço" is kept on the entry, pauses nothing, and is answered once', async () => {
    const cliente = await clienteComConta('Carla Reconhece');
    const antes = await pagina(cliente.login);
    expect(antes.pendentes).toHaveLength(2);
    const compra = antes.pendentes[0]!;
    expect(compra.conferencia).toBeNull();

    const sim = await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: true });
    expect(sim.statusCode, sim.body).toBe(200);
    expect(sim.json()).toMatchObject({ reconhece: true, motivo: null, aberta: false, resolucao: null });
    const depois = await pagina(cliente.login);
    expect(depois.pendentes[0]!.conferencia).toMatchObject({ reconhece: true, aberta: false });
    expect(depois.contestacoes).toEqual([]);
    expect((await devedor(cliente.id)).contestacaoAberta).toBe(false);
    // The same answer again changes nothing.
    expect((await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: true })).statusCode).toBe(200);
  });

  it('a dispute needs its reason, notifies the shop, marks the entry on both sides and pauses the reminders', async () => {
    const cliente = await clienteComConta('Diego Contesta');
    const page = await pagina(cliente.login);
    const compra = page.pendentes.find((p) => p.valorTotal === 4_500)!;

    const semMotivo = await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: false });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'motivo', message: 'motivoContestacaoObrigatorio' }] });

    const nao = await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: false, motivo: '  Não comprei isso, estava viajando  ' });
    expect(nao.statusCode, nao.body).toBe(200);
    expect(nao.json()).toMatchObject({ reconhece: false, motivo: 'Não comprei isso, estava viajando', aberta: true });

    // The customer page shows it on the purchase and in the list.
    const depois = await pagina(cliente.login);
    expect(depois.pendentes.find((p) => p.valorTotal === 4_500)!.conferencia).toMatchObject({ aberta: true });
    expect(depois.contestacoes).toMatchObject([{ aberta: true, motivo: 'Não comprei isso, estava viajando', entrada: { tipo: 'compra', valor: 4_500, numeroVenda: compra.numeroVenda, cancelada: false } }]);
    // Answering again is refused with a message the customer understands.
    const deNovo = await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: true });
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json()).toMatchObject({ code: 'CONTESTACAO_ABERTA' });

    // The shop: a notification (it has no switch), the debtor marked, the reminder refused.
    const notificacoes = (await seller.request({ method: 'GET', url: '/api/notificacoes?pageSize=50' })).json() as { items: Array<{ tipo: string; params: Record<string, unknown> }> };
    expect(notificacoes.items.find((n) => n.tipo === 'contestacao' && n.params.clienteId === cliente.id)).toMatchObject({
      params: { cliente: 'Diego Contesta', entrada: 'compra', valor: 4_500, numeroVenda: compra.numeroVenda, motivo: 'Não comprei isso, estava viajando' },
    });
    expect((await devedor(cliente.id)).contestacaoAberta).toBe(true);
    const devedores = (await seller.request({ method: 'GET', url: '/api/devedores?busca=Diego' })).json() as { items: Devedor[] };
    expect(devedores.items).toMatchObject([{ id: cliente.id, contestacaoAberta: true }]);
    const lembrete = await seller.request({ method: 'POST', url: `/api/devedores/${cliente.id}/lembretes` });
    expect(lembrete.statusCode).toBe(409);
    expect(lembrete.json()).toMatchObject({ code: 'COBRANCA_PAUSADA' });
    expect(await lista(cliente.id)).toMatchObject([{ aberta: true, entrada: { tipo: 'compra', valor: 4_500 } }]);
    // The dashboard counts the customer (the first customer only recognised an entry).
    expect((await seller.request({ method: 'GET', url: '/api/dashboard' })).json()).toMatchObject({ contestacoesAbertas: 1 });
    // The statement marks the entry too.
    const extrato = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato` })).json() as { items: Array<{ id: string; conferencia: string | null }> };
    expect(extrato.items.find((i) => i.id === compra.lancamentoId)?.conferencia).toBe('contestada');
    expect(extrato.items.filter((i) => i.id !== compra.lancamentoId).map((i) => i.conferencia)).toEqual([null, null]);
  });

  it('the shop cancels the disputed sale: the balance drops, reminders resume, the customer reads the answer', async () => {
    const cliente = await clienteComConta('Elisa Cancela');
    const compra = (await pagina(cliente.login)).pendentes.find((p) => p.valorTotal === 3_000)!;
    await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: false, motivo: 'Não reconheço' });
    const [contestacao] = await lista(cliente.id);

    const curta = await resolver(contestacao!.id, { acao: 'cancelada', resposta: '' });
    expect(curta.statusCode).toBe(400);
    const feito = await resolver(contestacao!.id, { acao: 'cancelada', resposta: 'Lançada no cliente errado, desculpe.' });
    expect(feito.statusCode, feito.body).toBe(200);
    expect(feito.json()).toMatchObject({ aberta: false, resolucao: 'cancelada', resposta: 'Lançada no cliente errado, desculpe.', entrada: { cancelada: true } });

    // 75,00 − 20,00 − 30,00 = 25,00 owed.
    const depois = await devedor(cliente.id);
    expect(depois).toMatchObject({ saldoPendente: 2_500, contestacaoAberta: false });
    expect((await seller.request({ method: 'POST', url: `/api/devedores/${cliente.id}/lembretes` })).statusCode).toBe(201);
    const page = await pagina(cliente.login);
    expect(page.pendentes.map((p) => p.valorTotal)).toEqual([4_500]);
    expect(page.contestacoes).toMatchObject([{ aberta: false, resolucao: 'cancelada', resposta: 'Lançada no cliente errado, desculpe.', entrada: { cancelada: true } }]);
    // The history stays: resolved once.
    const outra = await resolver(contestacao!.id, { acao: 'respondida', resposta: 'De novo' });
    expect(outra.statusCode).toBe(409);
    expect(outra.json()).toMatchObject({ code: 'CONTESTACAO_JA_RESOLVIDA' });
    // The cancellation is in the sale's history with the answer as its reason; the resolution in the audit trail.
    const trilha = (await seller.request({ method: 'GET', url: `/api/auditoria?registroId=${cliente.id}` })).json() as { items: Array<{ acao: string; motivo: string | null }> };
    expect(trilha.items.find((i) => i.acao === 'cliente.contestacao_resolvida')).toMatchObject({ motivo: 'Lançada no cliente errado, desculpe.' });
  });

  it('the shop corrects a disputed amount with a credit of the difference, only in the customer’s favour', async () => {
    const cliente = await clienteComConta('Fábio Corrige');
    const page = await pagina(cliente.login);
    const compra = page.pendentes.find((p) => p.valorTotal === 4_500)!;
    const pagamento = page.pagamentos[0]!;
    await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: false, motivo: 'Era R$ 40,00' });
    await conferir(cliente.login, { lancamentoId: pagamento.lancamentoId, reconhece: false, motivo: 'Paguei R$ 25,00' });
    const [doPagamento, daCompra] = await lista(cliente.id);
    expect(daCompra!.entrada.tipo).toBe('compra');
    expect(doPagamento!.entrada).toMatchObject({ tipo: 'pagamento', valor: 2_000 });

    const semValor = await resolver(daCompra!.id, { acao: 'corrigida', resposta: 'Corrigido' });
    expect(semValor.statusCode).toBe(400);
    expect(semValor.json()).toMatchObject({ issues: [{ path: 'valorCorreto', message: 'valorCorretoObrigatorio' }] });
    const aMais = await resolver(daCompra!.id, { acao: 'corrigida', resposta: 'Corrigido', valorCorreto: 5_000 });
    expect(aMais.statusCode).toBe(400);
    expect(aMais.json()).toMatchObject({ issues: [{ path: 'valorCorreto', message: 'valorCorretoMenor' }] });
    expect((await resolver(daCompra!.id, { acao: 'corrigida', resposta: 'Era R$ 40,00 mesmo.', valorCorreto: 4_000 })).statusCode).toBe(200);
    expect((await resolver(doPagamento!.id, { acao: 'corrigida', resposta: 'Foram R$ 25,00.', valorCorreto: 2_500 })).statusCode).toBe(200);
    // 75,00 − 20,00 − 5,00 − 5,00 = 45,00.
    expect(await devedor(cliente.id)).toMatchObject({ saldoPendente: 4_500, contestacaoAberta: false });
    const extrato = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato` })).json() as {
      items: Array<{ id: string; tipo: string; valor: number; descricao: string | null; conferencia: string | null }>;
    };
    expect(extrato.items.find((i) => i.id === compra.lancamentoId)?.conferencia).toBe('resolvida');
    expect(extrato.items.filter((i) => i.tipo === 'ajuste').map((i) => [i.valor, i.descricao])).toEqual([
      [500, 'Correção de lançamento (contestação)'],
      [500, `Correção da compra ${compra.numeroVenda} (contestação)`],
    ]);
  });

  it('answers with a note only, refuses to cancel what is not a purchase, and checks the person’s permissions', async () => {
    const cliente = await clienteComConta('Gina Responde');
    const pagamento = (await pagina(cliente.login)).pagamentos[0]!;
    await conferir(cliente.login, { lancamentoId: pagamento.lancamentoId, reconhece: false, motivo: 'Não lembro' });
    const [contestacao] = await lista(cliente.id);
    expect((await resolver(contestacao!.id, { acao: 'cancelada', resposta: 'Cancelando' })).json()).toMatchObject({ code: 'CONTESTACAO_NAO_CANCELAVEL' });

    // A cashier (no editar_clientes) may not resolve; a manager without ajustar_saldo may not correct.
    const caixa = await createStaff(t, seller, { papel: 'caixa' });
    expect((await resolver(contestacao!.id, { acao: 'respondida', resposta: 'Oi' }, caixa)).statusCode).toBe(403);
    const gerente = await createStaff(t, seller, { papel: 'gerente', permissoes: ['editar_clientes'] });
    const semAjuste = await resolver(contestacao!.id, { acao: 'corrigida', resposta: 'Oi', valorCorreto: 3_000 }, gerente);
    expect(semAjuste.statusCode).toBe(403);
    expect(semAjuste.json()).toMatchObject({ code: 'SEM_PERMISSAO' });
    expect(await lista(cliente.id, caixa)).toMatchObject([{ aberta: true }]);

    const respondida = await resolver(contestacao!.id, { acao: 'respondida', resposta: 'Está no caderno: dia 10, R$ 20,00 em dinheiro.' }, gerente);
    expect(respondida.statusCode, respondida.body).toBe(200);
    expect((await devedor(cliente.id)).saldoPendente).toBe(5_500);
    const page = await pagina(cliente.login);
    expect(page.pagamentos[0]!.conferencia).toMatchObject({ aberta: false, resolucao: 'respondida', resposta: 'Está no caderno: dia 10, R$ 20,00 em dinheiro.' });
    // Resolved: the customer does not answer it again.
    const deNovo = await conferir(cliente.login, { lancamentoId: pagamento.lancamentoId, reconhece: false, motivo: 'Ainda não' });
    expect(deNovo.json()).toMatchObject({ code: 'CONTESTACAO_RESOLVIDA' });
  });

  it('another shop’s entry, customer or dispute is not found; cancelling the purchase from Vendas answers its dispute; a cancelled purchase is not disputed', async () => {
    const cliente = await clienteComConta('Helena Alheia');
    const outra = await createSeller(t);
    const criado = await outra.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Ivo Outro', telefone: '(11) 97777-1111' } });
    const alheio = criado.json() as { id: string; login: string };
    const compra = (await pagina(cliente.login)).pendentes[0]!;

    // Another customer's page naming this customer's entry.
    const cruzado = await conferir(alheio.login, { lancamentoId: compra.lancamentoId, reconhece: false, motivo: 'Intruso' });
    expect(cruzado.statusCode).toBe(404);
    await conferir(cliente.login, { lancamentoId: compra.lancamentoId, reconhece: false, motivo: 'Não reconheço' });
    const [contestacao] = await lista(cliente.id);
    expect((await outra.request({ method: 'GET', url: `/api/clientes/${cliente.id}/contestacoes` })).statusCode).toBe(404);
    expect((await resolver(contestacao!.id, { acao: 'respondida', resposta: 'Intruso' }, outra)).statusCode).toBe(404);
    expect(await lista(cliente.id)).toMatchObject([{ aberta: true }]);

    // Cancelling the disputed purchase from Vendas answers the dispute with the cancellation's reason.
    const doCliente = (await seller.request({ method: 'GET', url: `/api/vendas?clienteId=${cliente.id}` })).json() as { items: Array<{ id: string; valorTotal: number }> };
    const disputada = doCliente.items.find((v) => v.valorTotal === compra.valorTotal)!;
    const pelaVenda = await seller.request({ method: 'POST', url: `/api/vendas/${disputada.id}/cancelar`, payload: { motivo: 'Lançada no cliente errado' } });
    expect(pelaVenda.statusCode, pelaVenda.body).toBe(200);
    expect(await lista(cliente.id)).toMatchObject([{ id: contestacao!.id, aberta: false, resolucao: 'cancelada', resposta: 'Lançada no cliente errado', entrada: { cancelada: true } }]);
    expect((await devedor(cliente.id)).contestacaoAberta).toBe(false);

    // A purchase the shop cancelled is not answered about.
    const venda = (await seller.request({ method: 'GET', url: `/api/vendas?clienteId=${cliente.id}` })).json() as { items: Array<{ id: string; valorTotal: number }> };
    const outraCompra = (await pagina(cliente.login)).pendentes.find((p) => p.lancamentoId !== compra.lancamentoId)!;
    const cancelar = await seller.request({ method: 'POST', url: `/api/vendas/${venda.items.find((v) => v.valorTotal === outraCompra.valorTotal)!.id}/cancelar`, payload: { motivo: 'Engano' } });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    const cancelada = await conferir(cliente.login, { lancamentoId: outraCompra.lancamentoId, reconhece: false, motivo: 'Não' });
    expect(cancelada.json()).toMatchObject({ code: 'VENDA_JA_CANCELADA' });
    const malformado = await conferir(cliente.login, { lancamentoId: 'abc', reconhece: true });
    expect(malformado.statusCode).toBe(400);
  });
});

describe('with the installation’s default rate limits', () => {
  it('a customer answers about every entry their page lists in one visit', async () => {
    const limitado = await buildTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
    try {
      const dono = await createSeller(limitado);
      const criado = await dono.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Joana Muitas', telefone: '(11) 96666-5555', limiteCredito: 1_000_000 } });
      const cliente = criado.json() as { id: string; login: string };
      const produto = await insertProduto(limitado, dono.id, { precoVenda: 1_000, estoqueAtual: 200 });
      for (let i = 0; i < 50; i++) {
        const venda = await dono.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
        expect(venda.statusCode, venda.body).toBe(201);
      }
      for (let i = 0; i < 20; i++) await dono.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 100, metodo: 'dinheiro' } });
      const page = (await limitado.app.inject({ method: 'GET', url: `/api/portal/${cliente.login}` })).json() as PortalCliente;
      const entradas = [...page.pendentes, ...page.pagamentos].map((e) => e.lancamentoId);
      // 48 purchases still pending (the 20 payments of R$ 1,00 paid off the two oldest) and the 20 payments.
      expect(entradas.length).toBe(68);
      for (const lancamentoId of entradas) {
        const resposta = await limitado.app.inject({ method: 'POST', url: `/api/portal/${cliente.login}/conferencias`, payload: { lancamentoId, reconhece: true } });
        expect(resposta.statusCode, resposta.body).toBe(200);
      }
    } finally {
      await limitado.close();
    }
  }, 60_000);
});

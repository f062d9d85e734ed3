import type { Cliente, LancamentoResultado, NovaVendaInput, PagamentoInput, Produto, VendaDetalhe } from '@caderneta/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { abrirBanco, type ReciboProvisorio } from './banco';
import { buscarClientesNoAparelho, buscarProdutosNoAparelho, daApiOuDoAparelho } from './catalogo';
import { descartarDaSaida, enviarSaida, guardarNaSaida, itensDaSaida, pagarOuGuardar, tentarDeNovo, vendaEnviada, venderOuGuardar } from './saida';

const SELLER = 's1';
const ARROZ = '11111111-1111-4111-8111-111111111111';
const MARIA = '22222222-2222-4222-8222-222222222222';
let n = 0;
const chave = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const recibo = (total: number, feitaEm = '2026-11-28T10:00:00.000Z'): ReciboProvisorio => ({
  feitaEm,
  clienteNome: null,
  formaPagamento: 'vista',
  linhas: [{ descricao: 'Arroz', detalhe: '2 un × R$ 5,00', valor: total }],
  subtotal: total,
  desconto: 0,
  total,
});
const venda = (extra: Partial<NovaVendaInput> = {}): NovaVendaInput => ({
  formaPagamento: 'vista',
  clienteId: null,
  itens: [{ produtoId: ARROZ, quantidade: 2 }],
  observacoes: null,
  confirmarLimiteExcedido: false,
  chave: chave(),
  ...extra,
});
const detalhe = (input: NovaVendaInput, numero: string) => ({ id: `id-${input.chave}`, numeroVenda: numero }) as VendaDetalhe;
const semRede = () => new ApiError(0, { code: 'NETWORK', message: 'Failed to fetch' });

async function catalogo(produtos: Partial<Produto>[], clientes: Partial<Cliente>[] = []) {
  const banco = await abrirBanco(SELLER);
  for (const p of produtos) await banco.put('produtos', { ativo: true, estoqueMinimo: 0, estoqueBaixo: false, categoria: null, codigoBarras: null, margem: 0, valorTotal: 0, ...p } as Produto);
  for (const c of clientes) await banco.put('clientes', { ativo: true, telefone: '', saldoAtual: 0, saldoPendente: 0, ...c } as Cliente);
}

describe('the outbox', () => {
  it('sends in the order the sales were made, each once, with the moment it was made', async () => {
    const [a, b] = [venda(), venda()];
    await guardarNaSaida(SELLER, { input: a, recibo: recibo(1000, '2026-11-28T10:00:00.000Z') });
    await guardarNaSaida(SELLER, { input: b, recibo: recibo(500, '2026-11-28T10:05:00.000Z') });
    // The same sale kept twice (a double tap): one entry.
    await guardarNaSaida(SELLER, { input: a, recibo: recibo(1000) });
    const enviar = vi.fn(async (input: NovaVendaInput) => detalhe(input, `V${input.chave?.slice(-1)}`));

    expect(await enviarSaida(SELLER, { enviar })).toEqual({ enviadas: 2, recusadas: 0, parou: false });
    expect(enviar.mock.calls.map(([input]) => [input.chave, input.offline?.feitaEm])).toEqual([
      [a.chave, '2026-11-28T10:00:00.000Z'],
      [b.chave, '2026-11-28T10:05:00.000Z'],
    ]);
    expect(await itensDaSaida(SELLER)).toEqual([]);
    expect((await vendaEnviada(SELLER, a.chave!))?.numeroVenda).toBe(`V${a.chave?.slice(-1)}`);
    expect(await enviarSaida(SELLER, { enviar })).toEqual({ enviadas: 0, recusadas: 0, parou: false });
    expect(enviar).toHaveBeenCalledTimes(2);
  });

  it('two senders at once (two tabs, a timer and the "online" event) send each sale once', async () => {
    for (let i = 0; i < 3; i++) await guardarNaSaida(SELLER, { input: venda(), recibo: recibo(100) });
    const enviar = vi.fn(async (input: NovaVendaInput) => {
      await new Promise((r) => setTimeout(r, 5));
      return detalhe(input, 'V');
    });
    await Promise.all([enviarSaida(SELLER, { enviar }), enviarSaida(SELLER, { enviar }), enviarSaida(SELLER, { enviar })]);
    expect(new Set(enviar.mock.calls.map(([input]) => input.chave)).size).toBe(3);
    expect(enviar).toHaveBeenCalledTimes(3);
  });

  it('stops at the first sale without an answer and keeps it and the rest for the next try', async () => {
    const [a, b] = [venda(), venda()];
    await guardarNaSaida(SELLER, { input: a, recibo: recibo(100) });
    await guardarNaSaida(SELLER, { input: b, recibo: recibo(200) });
    const enviar = vi.fn(async () => {
      throw semRede();
    });
    expect(await enviarSaida(SELLER, { enviar })).toEqual({ enviadas: 0, recusadas: 0, parou: true });
    expect(enviar).toHaveBeenCalledTimes(1);
    const guardadas = await itensDaSaida(SELLER);
    expect(guardadas.map((v) => [v.chave, v.tentativas, v.recusa])).toEqual([
      [a.chave, 1, undefined],
      [b.chave, 0, undefined],
    ]);
    // A session that ended (401) waits too: after signing in again it goes.
    const expirada = vi.fn(async () => {
      throw new ApiError(401, { code: 'UNAUTHENTICATED', message: '' });
    });
    expect((await enviarSaida(SELLER, { enviar: expirada })).parou).toBe(true);
    expect(await itensDaSaida(SELLER)).toHaveLength(2);
  });

  it('keeps a sale the server refused, with its reason, and goes on with the next; the seller sends it again or lets it go', async () => {
    const [a, b] = [venda(), venda()];
    await guardarNaSaida(SELLER, { input: a, recibo: recibo(100) });
    await guardarNaSaida(SELLER, { input: b, recibo: recibo(200) });
    const enviar = vi.fn(async (input: NovaVendaInput) => {
      if (input.chave === a.chave) throw new ApiError(404, { code: 'NOT_FOUND', message: 'Cliente não encontrado' });
      return detalhe(input, 'V2');
    });
    expect(await enviarSaida(SELLER, { enviar })).toEqual({ enviadas: 1, recusadas: 1, parou: false });
    const [recusada] = await itensDaSaida(SELLER);
    expect(recusada).toMatchObject({ chave: a.chave, recusa: { code: 'NOT_FOUND', message: 'Cliente não encontrado' } });
    // Not sent again on its own.
    await enviarSaida(SELLER, { enviar });
    expect(enviar).toHaveBeenCalledTimes(2);
    // "Tentar de novo".
    await tentarDeNovo(SELLER, a.chave!);
    await enviarSaida(SELLER, { enviar });
    expect(enviar).toHaveBeenCalledTimes(3);
    // "Descartar".
    await descartarDaSaida(SELLER, a.chave!);
    expect(await itensDaSaida(SELLER)).toEqual([]);
  });

  it('a kept sale takes its stock from the device copy, and a fiado one adds to the customer\'s debt there', async () => {
    await catalogo([{ id: ARROZ, nome: 'Arroz', estoqueAtual: 5, estoqueMinimo: 3 }], [{ id: MARIA, nome: 'Maria', saldoAtual: -1000, saldoPendente: 1000 }]);
    await guardarNaSaida(SELLER, { input: venda({ formaPagamento: 'fiado', clienteId: MARIA }), recibo: recibo(1500) });
    const banco = await abrirBanco(SELLER);
    expect(await banco.get('produtos', ARROZ)).toMatchObject({ estoqueAtual: 3, estoqueBaixo: true });
    expect(await banco.get('clientes', MARIA)).toMatchObject({ saldoAtual: -2500, saldoPendente: 2500 });
  });

  it('"Finalizar Venda" goes to the server, and to the outbox only when no answer comes', async () => {
    const feita = venda();
    expect(await venderOuGuardar(SELLER, feita, () => recibo(100), { enviar: async (input) => detalhe(input, 'V9') })).toEqual({ venda: detalhe(feita, 'V9') });
    expect(await itensDaSaida(SELLER)).toEqual([]);

    const recusada = venda();
    const estoque = new ApiError(409, { code: 'ESTOQUE_INSUFICIENTE', message: '' });
    await expect(venderOuGuardar(SELLER, recusada, () => recibo(100), { enviar: async () => Promise.reject(estoque) })).rejects.toBe(estoque);
    expect(await itensDaSaida(SELLER)).toEqual([]);

    // No answer within the time: kept.
    const lenta = venda();
    const nunca = (_: NovaVendaInput, signal?: AbortSignal) => new Promise<VendaDetalhe>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    expect(await venderOuGuardar(SELLER, lenta, () => recibo(100), { enviar: nunca, prazoMs: 20 })).toEqual({ guardada: recibo(100) });
    expect((await itensDaSaida(SELLER)).map((v) => v.chave)).toEqual([lenta.chave]);
  });
});

describe('payments in the outbox', () => {
  const lancamento = (id: string) => ({ lancamento: { id }, resultado: {} }) as unknown as LancamentoResultado;

  it('a payment with no answer waits on the device, credited to the customer there, and goes after the sale made before it, once', async () => {
    await catalogo([], [{ id: MARIA, nome: 'Maria', saldoAtual: -3000, saldoPendente: 3000 }]);
    const fiado = venda({ formaPagamento: 'fiado', clienteId: MARIA });
    await guardarNaSaida(SELLER, { input: fiado, recibo: recibo(1000) });
    const pagamento = { clienteId: MARIA, clienteNome: 'Maria', valor: 2500, input: { valor: 2500, metodo: 'pix', chave: chave() } satisfies PagamentoInput & { chave: string } };
    const semResposta = vi.fn(async () => Promise.reject(semRede()));
    expect(await pagarOuGuardar(SELLER, pagamento, { enviar: semResposta })).toMatchObject({ guardado: { valor: 2500, clienteNome: 'Maria', metodo: 'pix' } });
    // The sale added R$ 10,00, the payment took R$ 25,00 off.
    expect(await (await abrirBanco(SELLER)).get('clientes', MARIA)).toMatchObject({ saldoAtual: -1500, saldoPendente: 1500 });

    const ordem: string[] = [];
    const enviar = vi.fn(async (input: NovaVendaInput) => (ordem.push(`venda ${input.chave}`), detalhe(input, 'V1')));
    const enviarPagamento = vi.fn(async (clienteId: string, input: PagamentoInput) => (ordem.push(`pagamento ${clienteId} ${input.chave}`), lancamento('L1')));
    expect(await enviarSaida(SELLER, { enviar, enviarPagamento })).toEqual({ enviadas: 2, recusadas: 0, parou: false });
    expect(ordem).toEqual([`venda ${fiado.chave}`, `pagamento ${MARIA} ${pagamento.input.chave}`]);
    expect(enviarPagamento.mock.calls[0]?.[1]).toMatchObject({ valor: 2500, metodo: 'pix', offline: { feitaEm: expect.any(String) } });
    expect((await vendaEnviada(SELLER, pagamento.input.chave))?.id).toBe('L1');
    await enviarSaida(SELLER, { enviar, enviarPagamento });
    expect(enviarPagamento).toHaveBeenCalledTimes(1);
  });

  it('a payment the server answers is not kept; one it refuses comes back to the form', async () => {
    const pagamento = { clienteId: MARIA, clienteNome: 'Maria', valor: 100, input: { valor: 100, chave: chave() } };
    expect(await pagarOuGuardar(SELLER, pagamento, { enviar: async () => lancamento('L2') })).toEqual({ lancamento: lancamento('L2') });
    const recusa = new ApiError(404, { code: 'NOT_FOUND', message: '' });
    await expect(pagarOuGuardar(SELLER, { ...pagamento, input: { ...pagamento.input, chave: chave() } }, { enviar: async () => Promise.reject(recusa) })).rejects.toBe(recusa);
    expect(await itensDaSaida(SELLER)).toEqual([]);
  });
});

describe('the device copy of the catalogue', () => {
  it('finds customers by name without minding accents or case, or by phone digits, active ones only', async () => {
    await catalogo(
      [],
      [
        { id: '1', nome: 'José Antônio', telefone: '11987654321' },
        { id: '2', nome: 'Joana', telefone: '21900000000' },
        { id: '3', nome: 'Josefa', telefone: '31911111111', ativo: false },
      ],
    );
    expect((await buscarClientesNoAparelho(SELLER, 'jose ANTONIO', 10)).items.map((c) => c.id)).toEqual(['1']);
    expect((await buscarClientesNoAparelho(SELLER, '(21) 90000', 10)).items.map((c) => c.id)).toEqual(['2']);
    expect((await buscarClientesNoAparelho(SELLER, 'jo', 10)).items.map((c) => c.nome)).toEqual(['Joana', 'José Antônio']);
  });

  it('finds products by name or category, or by the whole barcode', async () => {
    await catalogo([
      { id: 'a', nome: 'Pão francês', categoria: 'Padaria', codigoBarras: '7891000100103' },
      { id: 'b', nome: 'Feijão', categoria: 'Grãos', codigoBarras: '7891000100110' },
    ]);
    expect((await buscarProdutosNoAparelho(SELLER, 'pao')).items.map((p) => p.id)).toEqual(['a']);
    expect((await buscarProdutosNoAparelho(SELLER, 'graos')).items.map((p) => p.id)).toEqual(['b']);
    expect((await buscarProdutosNoAparelho(SELLER, '7891000100110')).items.map((p) => p.id)).toEqual(['b']);
    expect((await buscarProdutosNoAparelho(SELLER, '789100')).items).toEqual([]);
  });

  it('answers from the device only when the API does not answer; an error the server sent stands', async () => {
    const doAparelho = async () => 'aparelho';
    expect(await daApiOuDoAparelho(async () => 'api', doAparelho)).toBe('api');
    expect(await daApiOuDoAparelho(() => Promise.reject(semRede()), doAparelho)).toBe('aparelho');
    const proibido = new ApiError(401, { code: 'UNAUTHENTICATED', message: '' });
    await expect(daApiOuDoAparelho(() => Promise.reject(proibido), doAparelho)).rejects.toBe(proibido);
  });
});

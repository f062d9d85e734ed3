import { describe, expect, it } from 'vitest';
import {
  allocateOldestFirst,
  numeroRecibo,
  reciboTexto,
  NOTAS_MERCADO_PAGO,
  notaDoLancamento,
  resultadoPagamento,
  saldoPendenteDe,
  verificarLimite,
  type ReciboData,
} from './financeiro';
import { whatsappLink } from './telefone';
import { ajusteInputSchema, pagamentoInputSchema, valorPositivoSchema, valorTextoSchema } from './schemas/financeiro';
import { novaVendaInputSchema } from './schemas/vendas';

const sales = [
  { id: 'a', valorTotal: 5000 },
  { id: 'b', valorTotal: 3000 },
  { id: 'c', valorTotal: 2000 },
];

describe('allocateOldestFirst', () => {
  it('covers the oldest sales first and leaves the boundary partly paid', () => {
    const { allocations, leftover } = allocateOldestFirst(sales, 6250);
    expect(allocations.map((a) => a.valorPago)).toEqual([5000, 1250, 0]);
    expect(leftover).toBe(0);
  });

  it('keeps what exceeds every sale as leftover credit', () => {
    const { allocations, leftover } = allocateOldestFirst(sales, 12_000);
    expect(allocations.map((a) => a.valorPago)).toEqual([5000, 3000, 2000]);
    expect(leftover).toBe(2000);
  });

  it('covers nothing with a zero or negative pool', () => {
    expect(allocateOldestFirst(sales, 0).allocations.map((a) => a.valorPago)).toEqual([0, 0, 0]);
    expect(allocateOldestFirst(sales, -700)).toEqual({ allocations: sales.map((s) => ({ ...s, valorPago: 0 })), leftover: 0 });
  });
});

describe('balances and messages', () => {
  it('saldo_pendente is never negative', () => {
    expect(saldoPendenteDe(-1500)).toBe(1500);
    expect(saldoPendenteDe(0)).toBe(0);
    expect(saldoPendenteDe(800)).toBe(0);
  });

  it('tells what remains, the credit, or that the debt is paid', () => {
    expect(resultadoPagamento(-1750)).toEqual({ tipo: 'restante', valor: 1750 });
    expect(resultadoPagamento(300)).toEqual({ tipo: 'credito', valor: 300 });
    expect(resultadoPagamento(0)).toEqual({ tipo: 'quitado' });
  });
});

describe('verificarLimite', () => {
  it('allows a sale up to the limit and refuses one past it, with the available credit', () => {
    expect(verificarLimite({ limite: 10_000, saldoAtual: -8000, valorVenda: 2000 })).toMatchObject({ excedido: false, disponivel: 2000 });
    expect(verificarLimite({ limite: 10_000, saldoAtual: -8000, valorVenda: 2001 })).toEqual({
      excedido: true,
      disponivel: 2000,
      saldoPendente: 8000,
      saldoPendenteDepois: 10_001,
    });
  });

  it('counts credit in the shop as available and treats limit 0 as no fiado', () => {
    expect(verificarLimite({ limite: 0, saldoAtual: 0, valorVenda: 1 }).excedido).toBe(true);
    expect(verificarLimite({ limite: 0, saldoAtual: 500, valorVenda: 500 })).toMatchObject({ excedido: false, disponivel: 500 });
    expect(verificarLimite({ limite: 1000, saldoAtual: 500, valorVenda: 1500 })).toMatchObject({ excedido: false, disponivel: 1500 });
  });

  it('never shows a negative available credit when already past the limit', () => {
    expect(verificarLimite({ limite: 1000, saldoAtual: -3000, valorVenda: 100 })).toMatchObject({ excedido: true, disponivel: 0 });
  });
});

describe('WhatsApp', () => {
  it('builds wa.me links with the country code once', () => {
    expect(whatsappLink('(11) 98765-4321', 'Olá!')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1!');
    expect(whatsappLink('+55 11 98765-4321', 'x')).toBe('https://wa.me/5511987654321?text=x');
    expect(whatsappLink(null, 'x')).toBe('https://wa.me/?text=x');
  });
});

describe('reciboTexto', () => {
  const recibo: ReciboData = {
    id: '3f2a9c10-0000-4000-8000-000000000000',
    data: '2025-03-10T15:30:00.000Z',
    valor: 4000,
    metodo: 'pix',
    observacao: 'Metade da conta',
    saldoApos: -6000,
    estornadoEm: null,
    cliente: { nome: 'Joana Prado', telefone: '11912345678' },
    loja: { nome: 'Mercadinho São Jorge', telefone: null, endereco: null },
  };

  it('says a payment Mercado Pago gave back settles nothing, instead of what it left owing', () => {
    const estornado = { ...recibo, metodo: 'online' as const, saldoApos: 0, estornadoEm: '2025-03-12T13:00:00.000Z' };
    const texto = reciboTexto(estornado);
    expect(texto).toContain('*PAGAMENTO ESTORNADO em 12/03/2025: este valor foi devolvido e não quita a dívida.*');
    expect(texto).not.toContain('quitado!');
    expect(reciboTexto(estornado, 'en-US', 'USD')).toContain('PAYMENT REFUNDED on 3/12/2025');
    expect(reciboTexto(estornado, 'es-ES')).toContain('PAGO REEMBOLSADO el 12/3/2025');
  });

  it('writes a pt-BR receipt with the remaining balance', () => {
    expect(reciboTexto(recibo)).toBe(
      [
        '*Mercadinho São Jorge*',
        'Recibo de pagamento — Recibo nº 3F2A9C10',
        '',
        'Cliente: Joana Prado',
        'Data: 10/03/2025',
        'Valor pago: *R$ 40,00*',
        'Forma de pagamento: PIX',
        'Observação: Metade da conta',
        'Saldo devedor restante: R$ 60,00',
        '',
        'Obrigado pela preferência!',
      ].join('\n'),
    );
  });

  it('says the debt is paid, or the credit, in the other languages too', () => {
    expect(reciboTexto({ ...recibo, saldoApos: 0, observacao: null })).toContain('Débito totalmente quitado!');
    expect(reciboTexto({ ...recibo, saldoApos: 250, metodo: 'dinheiro' }, 'en-US', 'USD')).toContain('Store credit: $2.50');
    expect(reciboTexto({ ...recibo, metodo: 'cartao' }, 'es-ES')).toContain('Forma de pago: Tarjeta');
    expect(numeroRecibo(recibo.id)).toBe('3F2A9C10');
  });

  it("translates the notes the server writes on Mercado Pago's entries, and leaves a typed note as typed", () => {
    const online = { ...recibo, metodo: 'online' as const, observacao: NOTAS_MERCADO_PAGO.cartao };
    expect(reciboTexto(online)).toContain('Observação: Mercado Pago — Cartão');
    expect(reciboTexto(online, 'en-US')).toContain('Note: Mercado Pago — Card');
    expect(reciboTexto(online, 'es-ES')).toContain('Observación: Mercado Pago — Tarjeta');
    expect(reciboTexto(recibo, 'en-US')).toContain('Note: Metade da conta');
    expect(notaDoLancamento(NOTAS_MERCADO_PAGO.contestacao, 'en-US')).toBe('Mercado Pago — chargeback');
    expect(notaDoLancamento(null, 'en-US')).toBeNull();
  });
});

describe('money input schema ("Valor inválido")', () => {
  it.each([
    ['12,90', 1290],
    ['1.234,56', 123456],
    [' R$ 50 ', 5000],
    ['0,01', 1],
  ])('reads %j as %i centavos', (text, cents) => {
    expect(valorTextoSchema('pt-BR').parse(text)).toBe(cents);
  });

  it.each(['', 'abc', '0', '0,00', '-5', '1,2,3', '10,500', '0,001', "' OR '1'='1", '1e3', '0x10'])('refuses %j', (text) => {
    const result = valorTextoSchema('pt-BR').safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('valorInvalido');
  });

  it('refuses more than R$ 10.000.000,00 in one entry as too large', () => {
    expect(valorTextoSchema('pt-BR').safeParse('99.999.999,99').error?.issues[0]?.message).toBe('tooLarge');
    expect(valorPositivoSchema.safeParse(1_000_000_001).success).toBe(false);
  });

  it('the API takes centavos, never text it would have to guess the locale of', () => {
    expect(valorPositivoSchema.parse(1290)).toBe(1290);
    for (const bad of ['12,90', 12.5, 0, -1, null]) expect(valorPositivoSchema.safeParse(bad).success).toBe(false);
  });

  it('defaults a payment to cash and drops an empty note', () => {
    expect(pagamentoInputSchema.parse({ valor: 1000, observacao: '  ' })).toEqual({ valor: 1000, metodo: 'dinheiro', observacao: undefined });
  });

  it('requires a reason for an adjustment', () => {
    const result = ajusteInputSchema.safeParse({ tipo: 'debito', valor: 1000, motivo: ' ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['motivo', 'motivoObrigatorio']]);
  });
});

describe('new sale schema', () => {
  const item = { produtoId: crypto.randomUUID(), quantidade: 1 };
  it('needs at least one item ("Adicione pelo menos um produto à venda")', () => {
    const result = novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: [] });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['itensObrigatorios']);
  });

  it('needs a customer for fiado ("Selecione um cliente para vendas fiadas.")', () => {
    const result = novaVendaInputSchema.safeParse({ formaPagamento: 'fiado', itens: [item], clienteId: null });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['clienteId', 'clienteObrigatorio']]);
    expect(novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: [item] }).success).toBe(true);
  });

  it('normalises the note and the confirmation flag', () => {
    expect(novaVendaInputSchema.parse({ formaPagamento: 'vista', itens: [item], observacoes: '  ' })).toMatchObject({
      observacoes: null,
      confirmarLimiteExcedido: false,
    });
  });
});

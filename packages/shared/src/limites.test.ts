import { describe, expect, it } from 'vitest';
import { signUpInputSchema } from './schemas/auth';
import { isoDateSchema, MAX_CENTS, MAX_ESTOQUE, MAX_ESTOQUE_GUARDADO, MAX_PRECO } from './schemas/campos';
import { MAX_PAGAMENTO_ONLINE, valorPagavelOnline } from './pagamento-online';
import { clienteInputSchema, clientesQuerySchema } from './schemas/clientes';
import { perfilInputSchema } from './schemas/configuracoes';
import { ajusteInputSchema, pagamentoInputSchema } from './schemas/financeiro';
import { paginationQuerySchema } from './schemas/pagination';
import { produtoFormSchema, produtoInputSchema, produtosQuerySchema } from './schemas/produtos';
import { MAX_ITENS_VENDA, MAX_QUANTIDADE_ITEM, MAX_TOTAL_VENDA, novaVendaInputSchema, vendasQuerySchema } from './schemas/vendas';
import { MAX_QUANTIDADE_ITEM_GUARDADA } from './unidades';

const produto = { nome: 'Arroz', precoVenda: 1290, precoCusto: 800, estoqueAtual: 10, estoqueMinimo: 5 };
const cliente = { nome: 'Ana', telefone: '11987654321' };
const uuid = '11111111-1111-4111-8111-111111111111';

function messageAt(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) {
  return result.error?.issues.find((i) => i.path.join('.') === path)?.message;
}

describe('control characters (a NUL used to reach PostgreSQL and answer 500)', () => {
  const cases: [string, (text: string) => { success: boolean }, string][] = [
    ['produto.nome', (t) => produtoInputSchema.safeParse({ ...produto, nome: t }), 'nome'],
    ['produto.descricao', (t) => produtoInputSchema.safeParse({ ...produto, descricao: t }), 'descricao'],
    ['produto.categoria', (t) => produtoInputSchema.safeParse({ ...produto, categoria: t }), 'categoria'],
    ['produto.codigoBarras', (t) => produtoInputSchema.safeParse({ ...produto, codigoBarras: t }), 'codigoBarras'],
    ['cliente.nome', (t) => clienteInputSchema.safeParse({ ...cliente, nome: t }), 'nome'],
    ['cliente.telefone', (t) => clienteInputSchema.safeParse({ ...cliente, telefone: `11987654321${t}` }), 'telefone'],
    ['cliente.email', (t) => clienteInputSchema.safeParse({ ...cliente, email: `a${t}@b.com` }), 'email'],
    ['cliente.endereco', (t) => clienteInputSchema.safeParse({ ...cliente, endereco: t }), 'endereco'],
    ['pagamento.observacao', (t) => pagamentoInputSchema.safeParse({ valor: 100, observacao: t }), 'observacao'],
    ['ajuste.motivo', (t) => ajusteInputSchema.safeParse({ tipo: 'debito', valor: 100, motivo: t }), 'motivo'],
    ['venda.observacoes', (t) => novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: [{ produtoId: uuid, quantidade: 1 }], observacoes: t }), 'observacoes'],
    ['perfil.telefone', (t) => perfilInputSchema.safeParse({ nome: 'Rita', avatar: null, telefone: `11987654321${t}` }), 'telefone'],
    ['clientes busca', (t) => clientesQuerySchema.safeParse({ busca: t }), 'busca'],
    ['produtos busca', (t) => produtosQuerySchema.safeParse({ busca: t }), 'busca'],
    ['vendas busca', (t) => vendasQuerySchema.safeParse({ busca: t }), 'busca'],
    ['sign-up nomeLoja', (t) => signUpInputSchema.safeParse({ nomeCompleto: 'A', nomeLoja: t, codigoAcesso: 'X', email: 'a@b.com', senha: '123456', confirmarSenha: '123456' }), 'nomeLoja'],
  ];

  it.each(cases)('%s refuses "\\u0000" and other control characters', (_name, parse, path) => {
    for (const bad of ['Ana\u0000', '\u0007x', 'x\u001b[31m', 'x\u007f', 'x\ud800']) {
      const result = parse(bad) as Parameters<typeof messageAt>[0];
      expect(result.success).toBe(false);
      if (path !== 'telefone' && path !== 'email') expect(messageAt(result, path)).toBe('caracteresInvalidos');
    }
  });

  it('keeps line breaks and accents in notes', () => {
    expect(pagamentoInputSchema.parse({ valor: 100, observacao: 'Pagou\nà vista — João' }).observacao).toBe('Pagou\nà vista — João');
  });
});

describe('calendar dates of the sales filters', () => {
  it.each(['2024-02-29', '2025-12-31', '2025-01-01'])('accepts %s', (d) => expect(isoDateSchema.safeParse(d).success).toBe(true));
  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '0000-01-01', '2024-1-1', '2024-01-01T00:00'])(
    'refuses %s',
    (d) => {
      expect(vendasQuerySchema.safeParse({ de: d }).success).toBe(false);
      expect(vendasQuerySchema.safeParse({ ate: d }).success).toBe(false);
    },
  );
});

describe('business maximums (no accepted value can overflow a sum)', () => {
  it('prices up to R$ 1.000.000,00, stock up to 1,000,000', () => {
    expect(produtoInputSchema.safeParse({ ...produto, precoVenda: MAX_PRECO, estoqueAtual: MAX_ESTOQUE }).success).toBe(true);
    expect(messageAt(produtoInputSchema.safeParse({ ...produto, precoVenda: 99_999_999_999 }), 'precoVenda')).toBe('tooLarge');
    expect(messageAt(produtoInputSchema.safeParse({ ...produto, precoCusto: MAX_PRECO + 1 }), 'precoCusto')).toBe('tooLarge');
    expect(messageAt(produtoInputSchema.safeParse({ ...produto, estoqueAtual: 1_000_000_000 }), 'estoqueAtual')).toBe('tooLarge');
    expect(messageAt(produtoFormSchema('pt-BR').safeParse({ nome: 'x', precoVenda: '1.000.000,01', precoCusto: '0', estoqueAtual: '1', estoqueMinimo: '1' }), 'precoVenda')).toBe('tooLarge');
  });

  it('credit limit up to R$ 10.000.000,00', () => {
    expect(clienteInputSchema.safeParse({ ...cliente, limiteCredito: 1_000_000_000 }).success).toBe(true);
    expect(clienteInputSchema.safeParse({ ...cliente, limiteCredito: 1_000_000_001 }).success).toBe(false);
  });

  it('at most 200 items of at most 10,000 units each', () => {
    const item = { produtoId: uuid, quantidade: MAX_QUANTIDADE_ITEM };
    expect(novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: Array(MAX_ITENS_VENDA).fill(item) }).success).toBe(true);
    expect(novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: Array(MAX_ITENS_VENDA + 1).fill(item) }).success).toBe(false);
    // The schema holds a line to the largest of any unit (1.000 kg in grams); the server holds it to its product's (API: unidades.test.ts).
    expect(novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: [{ ...item, quantidade: MAX_QUANTIDADE_ITEM_GUARDADA }] }).success).toBe(true);
    expect(novaVendaInputSchema.safeParse({ formaPagamento: 'vista', itens: [{ ...item, quantidade: MAX_QUANTIDADE_ITEM_GUARDADA + 1 }] }).success).toBe(false);
  });

  it('the largest sale the schemas allow, summed over many sales, stays an exact JavaScript integer', () => {
    const largestSale = MAX_PRECO * MAX_QUANTIDADE_ITEM * MAX_ITENS_VENDA;
    expect(Number.isSafeInteger(largestSale)).toBe(true);
    expect(MAX_TOTAL_VENDA * 1_000_000).toBeLessThan(Number.MAX_SAFE_INTEGER);
    // One product's stock value is exact; the catalogue's sum is computed in numeric (see ADR 007).
    expect(Number.isSafeInteger(MAX_PRECO * MAX_ESTOQUE)).toBe(true);
  });

  it('one online payment pays at most what one recorded payment may be', () => {
    expect(MAX_PAGAMENTO_ONLINE).toBe(MAX_CENTS);
    expect(valorPagavelOnline(MAX_CENTS * 2 + 1)).toBe(MAX_CENTS);
    expect(valorPagavelOnline(1234)).toBe(1234);
    expect(valorPagavelOnline(-5)).toBe(0);
  });

  it('the stock a cancellation may reach is the typed maximum plus one whole sale, and its value is exact', () => {
    expect(MAX_ESTOQUE_GUARDADO).toBe(MAX_ESTOQUE + MAX_QUANTIDADE_ITEM * MAX_ITENS_VENDA);
    expect(Number.isSafeInteger(MAX_PRECO * MAX_ESTOQUE_GUARDADO)).toBe(true);
    expect(MAX_ESTOQUE_GUARDADO).toBeLessThan(2 ** 31);
  });

  it('page numbers and sizes are bounded', () => {
    expect(paginationQuerySchema.safeParse({ page: '1e300' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '1000001' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

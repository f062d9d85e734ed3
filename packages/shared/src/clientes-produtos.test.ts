import { describe, expect, it } from 'vitest';
import { nameConfirmationMatches, nomesQuaseIguais, normalizeForSearch, palavrasDoNome } from './busca';
import { generateClienteLogin, loginBase, randomLoginSuffix } from './login-cliente';
import { margemPercent } from './margem';
import { clienteFormSchema, clienteInputSchema, emptyClienteForm } from './schemas/clientes';
import { emptyProdutoForm, produtoFormSchema, produtoInputSchema, produtoToForm } from './schemas/produtos';
import { formatPhone, isValidPhone, normalizePhone } from './telefone';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('search normalization', () => {
  it('lower-cases, strips accents and collapses spaces', () => {
    expect(normalizeForSearch('  JOSÉ   da  Conceição ')).toBe('jose da conceicao');
    expect(normalizeForSearch('Ângela Müller Ñandú')).toBe('angela muller nandu');
    expect(normalizeForSearch('')).toBe('');
  });
});

describe('delete confirmation by typed name', () => {
  it('ignores case and outer spaces, not accents or inner text', () => {
    expect(nameConfirmationMatches('  maria silva ', 'Maria Silva')).toBe(true);
    expect(nameConfirmationMatches('MARIA SILVA', 'Maria Silva')).toBe(true);
    expect(nameConfirmationMatches('Maria', 'Maria Silva')).toBe(false);
    expect(nameConfirmationMatches('jose', 'José')).toBe(false);
    expect(nameConfirmationMatches('', '')).toBe(false);
  });
});

describe('customer login handle', () => {
  it('takes the first word without accents or symbols, plus the suffix', () => {
    expect(generateClienteLogin('José da Silva', 12345)).toBe('jose12345');
    expect(generateClienteLogin("D'Ávila Souza", 99999)).toBe('davila99999');
    expect(generateClienteLogin('  ÇÃO-123 x', 10000)).toBe('cao12310000');
  });

  it('falls back to "cliente" when nothing usable is left', () => {
    expect(loginBase('!!! ???')).toBe('cliente');
    expect(loginBase('')).toBe('cliente');
    expect(loginBase('李小龙')).toBe('cliente');
  });

  it('draws 5-digit suffixes in range and refuses others', () => {
    for (let i = 0; i < 2000; i++) {
      const n = randomLoginSuffix();
      expect(n).toBeGreaterThanOrEqual(10000);
      expect(n).toBeLessThanOrEqual(99999);
    }
    expect(generateClienteLogin('Ana')).toMatch(/^ana\d{5}$/);
    expect(() => generateClienteLogin('Ana', 9999)).toThrow(RangeError);
    expect(() => generateClienteLogin('Ana', 100000)).toThrow(RangeError);
  });
});

describe('Brazilian phone numbers', () => {
  it('keeps the national digits of whatever was typed', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 11 98765 4321')).toBe('11987654321');
    expect(normalizePhone('0055 (21) 3333-4444')).toBe('2133334444');
    expect(normalizePhone('011 3333-4444')).toBe('1133334444');
    // DDD 55 (RS) is not a country code.
    expect(normalizePhone('(55) 3222-1234')).toBe('5532221234');
    expect(normalizePhone('(55) 99999-1234')).toBe('55999991234');
  });

  it('accepts landlines and mobiles only', () => {
    expect(isValidPhone('1133334444')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('11387654321')).toBe(false); // 11 digits must be a mobile (9…)
    expect(isValidPhone('0133334444')).toBe(false);
    expect(isValidPhone('123456789')).toBe(false);
    expect(isValidPhone('119876543210')).toBe(false);
  });

  it('formats mobile and landline numbers', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(null)).toBe('');
  });
});

describe('margin', () => {
  it('is (sale − cost) / sale × 100 with one decimal', () => {
    expect(margemPercent(1000, 600)).toBe(40);
    expect(margemPercent(300, 100)).toBe(66.7);
    expect(margemPercent(1000, 1200)).toBe(-20);
    expect(margemPercent(0, 0)).toBe(0);
  });
});

describe('customer schemas', () => {
  it('stores the phone as digits, blanks as null, and defaults the limit to R$ 1.000,00', () => {
    const parsed = clienteInputSchema.parse({ nome: ' Ana ', telefone: '(11) 98765-4321', email: '', endereco: '  ' });
    expect(parsed).toEqual({ nome: 'Ana', telefone: '11987654321', email: null, endereco: null, limiteCredito: 100000 });
  });

  it('reports required fields, a bad phone, a bad e-mail and a negative limit as message keys', () => {
    expect(messagesOf(clienteInputSchema.safeParse({ nome: ' ', telefone: '' }))).toMatchObject({ nome: 'required', telefone: 'required' });
    const bad = clienteInputSchema.safeParse({ nome: 'Ana', telefone: '1234', email: 'ana@', limiteCredito: -1 });
    expect(messagesOf(bad)).toEqual({ telefone: 'telefoneInvalido', email: 'email', limiteCredito: 'limiteInvalido' });
  });

  it('turns the form (limit typed as "1.500,50") into the API input', () => {
    const parsed = clienteFormSchema('pt-BR').parse({ ...emptyClienteForm(), nome: 'Bia', telefone: '21 3333 4444', limiteCredito: '1.500,50' });
    expect(parsed).toMatchObject({ nome: 'Bia', telefone: '2133334444', limiteCredito: 150050 });
    expect(messagesOf(clienteFormSchema('pt-BR').safeParse({ ...emptyClienteForm(), nome: 'Bia', telefone: '2133334444', limiteCredito: 'abc' }))).toEqual({
      limiteCredito: 'limiteInvalido',
    });
    expect(clienteFormSchema('pt-BR').parse({ ...emptyClienteForm(), nome: 'Bia', telefone: '2133334444' }).limiteCredito).toBe(100000);
  });
});

describe('product schemas', () => {
  it('uses the spec §5 messages', () => {
    const result = produtoInputSchema.safeParse({ nome: '', precoVenda: 0, precoCusto: -1, estoqueAtual: 1.5, estoqueMinimo: -2 });
    expect(messagesOf(result)).toEqual({
      nome: 'produtoNomeObrigatorio',
      precoVenda: 'precoVendaInvalido',
      precoCusto: 'precoCustoInvalido',
      estoqueAtual: 'quantidadeInvalida',
      estoqueMinimo: 'estoqueMinimoInvalido',
    });
  });

  it('parses typed prices and stocks from the form, defaulting the minimum stock to 5', () => {
    const values = { ...emptyProdutoForm(), nome: 'Arroz 5kg', precoVenda: '12,90', precoCusto: '8,5', estoqueAtual: '1.000' };
    expect(produtoFormSchema('pt-BR').parse(values)).toEqual({
      nome: 'Arroz 5kg',
      descricao: null,
      categoria: null,
      codigoBarras: null,
      unidade: 'un',
      precoVenda: 1290,
      precoCusto: 850,
      estoqueAtual: 1000,
      estoqueMinimo: 5,
    });
    const bad = produtoFormSchema('pt-BR').safeParse({ ...values, precoVenda: '0', precoCusto: 'x', estoqueAtual: '2,5', estoqueMinimo: '-1' });
    expect(messagesOf(bad)).toEqual({
      precoVenda: 'precoVendaInvalido',
      precoCusto: 'precoCustoInvalido',
      // A fraction of a product sold by the unit says so.
      estoqueAtual: 'quantidadeInteira',
      estoqueMinimo: 'estoqueMinimoInvalido',
    });
  });

  it('reads the stock of a weighed product in kilograms, kept in grams', () => {
    const values = { ...emptyProdutoForm(), nome: 'Queijo Minas', unidade: 'kg' as const, precoVenda: '29,90', precoCusto: '19,90', estoqueAtual: '2,5', estoqueMinimo: '0,500' };
    expect(produtoFormSchema('pt-BR').parse(values)).toMatchObject({ unidade: 'kg', precoVenda: 2990, estoqueAtual: 2500, estoqueMinimo: 500 });
    expect(produtoFormSchema('en-US').parse({ ...values, precoVenda: '29.90', precoCusto: '19.90', estoqueAtual: '2.5', estoqueMinimo: '0.5' })).toMatchObject({
      estoqueAtual: 2500,
      estoqueMinimo: 500,
    });
    expect(messagesOf(produtoFormSchema('pt-BR').safeParse({ ...values, estoqueAtual: '0,0001', estoqueMinimo: '100.000,001' }))).toEqual({
      estoqueAtual: 'quantidadeCasas',
      estoqueMinimo: 'tooLarge',
    });
    expect(produtoToForm({ ...produtoFormSchema('pt-BR').parse(values), id: 'x', ativo: true, estoqueBaixo: false, margem: 0, valorTotal: 0, createdAt: '' }, ',')).toMatchObject({
      unidade: 'kg',
      estoqueAtual: '2,500',
      estoqueMinimo: '0,500',
    });
  });
});

describe('near-identical customer names', () => {
  it('are the same words in order, whatever the case, accents, punctuation, spacing and particles', () => {
    expect(palavrasDoNome('Maria-José  da SILVA.')).toEqual(['maria', 'jose', 'silva']);
    expect(nomesQuaseIguais('Maria José da Silva', 'MARIA JOSE SILVA')).toBe(true);
    expect(nomesQuaseIguais('João dos Santos e Souza', 'joao santos souza')).toBe(true);
    expect(nomesQuaseIguais("Pedro D'Ávila", 'pedro avila')).toBe(true);
  });

  it('are not names that only share words, in another order, or nothing at all', () => {
    expect(nomesQuaseIguais('Maria José da Silva', 'Maria Josefa da Silva')).toBe(false);
    expect(nomesQuaseIguais('Maria José da Silva', 'José Maria da Silva')).toBe(false);
    expect(nomesQuaseIguais('Maria José da Silva', 'Maria José')).toBe(false);
    expect(nomesQuaseIguais('da de', 'dos')).toBe(false);
    expect(nomesQuaseIguais('', '')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  adicionarAvulso,
  adicionarItem,
  ajustarLinha,
  atualizarEstoque,
  chaveDaLinha,
  definirQuantidade,
  itensParaEnvio,
  lerAvulso,
  lerDesconto,
  lerPreco,
  removerItem,
  resumoCarrinho,
  valorBruto,
  type ItemCarrinho,
  type ItemProduto,
} from './carrinho';

const arroz = { produtoId: 'a', nome: 'Arroz', unidade: 'un', precoVenda: 2890, estoque: 5 } as const;
const leite = { produtoId: 'l', nome: 'Leite', unidade: 'un', precoVenda: 550, estoque: 10 } as const;
/** R$ 29,90 per kg, 2,500 kg in stock (stored in grams). */
const queijo = { produtoId: 'q', nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, estoque: 2500 } as const;
/** The items of an accepted change (as product lines: the product tests read their names and quantities). */
const ok = (r: ReturnType<typeof adicionarItem>): ItemProduto[] => {
  if (!r.ok) throw new Error('refused');
  return r.itens as ItemProduto[];
};

describe('carrinho', () => {
  it('merges a product added twice, adding the quantities', () => {
    let itens = ok(adicionarItem([], arroz, 2));
    itens = ok(adicionarItem(itens, leite, 1));
    itens = ok(adicionarItem(itens, arroz, 3));
    expect(itens.map((i) => [i.nome, i.quantidade])).toEqual([
      ['Arroz', 5],
      ['Leite', 1],
    ]);
  });

  it('refuses more than the stock, counting what is already in the sale, and says in which unit', () => {
    const itens = ok(adicionarItem([], arroz, 4));
    expect(adicionarItem(itens, arroz, 2)).toEqual({ ok: false, disponivel: 5, unidade: 'un' });
    expect(definirQuantidade(itens, 'a', 6)).toEqual({ ok: false, disponivel: 5, unidade: 'un' });
    const pesado = ok(adicionarItem([], queijo, 2000));
    expect(adicionarItem(pesado, queijo, 501)).toEqual({ ok: false, disponivel: 2500, unidade: 'kg' });
  });

  it('removes an item when its quantity goes to 0, and on remove', () => {
    const itens = ok(adicionarItem(ok(adicionarItem([], arroz, 1)), leite, 2));
    expect(ok(definirQuantidade(itens, 'a', 0)).map((i) => i.nome)).toEqual(['Leite']);
    expect(removerItem(itens, 'l').map(chaveDaLinha)).toEqual(['a']);
  });

  it('prices a weighed line per kg, rounded half-up to the centavo: 0,350 kg at R$ 29,90/kg is R$ 10,47', () => {
    const [item] = ok(adicionarItem([], queijo, 350));
    expect(valorBruto(item!)).toBe(1047);
    expect(valorBruto({ ...item!, quantidade: 1000 })).toBe(2990);
  });

  it('sums items and total in centavos, and each unit apart: grams are never added to units', () => {
    const itens = ok(adicionarItem(ok(adicionarItem(ok(adicionarItem([], arroz, 2)), leite, 3)), queijo, 350));
    expect(resumoCarrinho(itens)).toEqual({
      itens: 3,
      quantidades: [
        { unidade: 'un', quantidade: 5 },
        { unidade: 'kg', quantidade: 350 },
      ],
      subtotal: 2 * 2890 + 3 * 550 + 1047,
      desconto: 0,
      descontoVenda: 0,
      total: 2 * 2890 + 3 * 550 + 1047,
      erro: null,
    });
  });

  it('replaces, never adds to, a line counted in another unit (the product changed unit since)', () => {
    const itens = ok(adicionarItem([], { ...queijo, unidade: 'un', estoque: 10 }, 2));
    expect(ok(adicionarItem(itens, queijo, 350))).toEqual([{ ...queijo, quantidade: 350 }]);
  });

  describe('loose lines ("Avulso")', () => {
    it('keeps each loose line apart, never merged, with no stock to check', () => {
      let itens = adicionarAvulso([], { descricao: 'pão e leite', valor: 1250 }, 'k1');
      itens = adicionarAvulso(itens, { descricao: 'pão e leite', valor: 1250 }, 'k2');
      itens = adicionarAvulso(itens, { descricao: '  ', valor: 500 }, 'k3');
      expect(itens).toEqual([
        { avulso: true, chave: 'k1', descricao: 'pão e leite', valor: 1250 },
        { avulso: true, chave: 'k2', descricao: 'pão e leite', valor: 1250 },
        { avulso: true, chave: 'k3', descricao: null, valor: 500 },
      ]);
      expect(itens.map(chaveDaLinha)).toEqual(['k1', 'k2', 'k3']);
    });

    it('sits beside products: adds to the total and the item count, never to a unit\'s quantity', () => {
      let itens: ItemCarrinho[] = ok(adicionarItem([], arroz, 2));
      itens = adicionarAvulso(itens, { descricao: null, valor: 500 }, 'k1');
      itens = ok(adicionarItem(itens, arroz, 1));
      expect(itens.map((i) => valorBruto(i))).toEqual([3 * 2890, 500]);
      expect(resumoCarrinho(itens)).toMatchObject({ itens: 2, quantidades: [{ unidade: 'un', quantidade: 3 }], total: 3 * 2890 + 500 });
      expect(resumoCarrinho(adicionarAvulso([], { descricao: null, valor: 1250 }, 'k'))).toMatchObject({ itens: 1, quantidades: [], total: 1250 });
    });

    it('removes one loose line by its key, leaving the others and the products; quantity and stock changes pass it by', () => {
      let itens = adicionarAvulso(ok(adicionarItem([], arroz, 1)), { descricao: 'pão', valor: 300 }, 'k1');
      itens = adicionarAvulso(itens, { descricao: 'pão', valor: 300 }, 'k2');
      expect(removerItem(itens, 'k1').map(chaveDaLinha)).toEqual(['a', 'k2']);
      expect(ok(definirQuantidade(itens, 'k1', 0))).toBe(itens);
      expect(ok(definirQuantidade(itens, 'a', 0)).map(chaveDaLinha)).toEqual(['k1', 'k2']);
      expect(atualizarEstoque(itens, 'a', 1).slice(1)).toEqual(itens.slice(1));
    });

    it('sends products as product and quantity, loose lines as value and description', () => {
      const itens = adicionarAvulso(adicionarAvulso(ok(adicionarItem([], queijo, 350)), { descricao: 'pão e leite', valor: 1250 }, 'k1'), { descricao: null, valor: 500 }, 'k2');
      expect(itensParaEnvio(itens)).toEqual([
        { produtoId: 'q', quantidade: 350, unidade: 'kg' },
        { valor: 1250, descricao: 'pão e leite' },
        { valor: 500, descricao: null },
      ]);
    });

    it('reads the typed value by the language\'s rules and refuses empty, zero, negative, exponents and too much', () => {
      expect(lerAvulso('12,50', ' pão e leite ', 'pt-BR')).toEqual({ ok: true, descricao: 'pão e leite', valor: 1250 });
      expect(lerAvulso('R$ 5', '', 'pt-BR')).toEqual({ ok: true, descricao: null, valor: 500 });
      expect(lerAvulso('12.50', '', 'en-US')).toEqual({ ok: true, descricao: null, valor: 1250 });
      for (const texto of ['', '0', '0,00', '-5', '1e3', 'abc', '10,500']) {
        expect(lerAvulso(texto, '', 'pt-BR')).toEqual({ ok: false, campo: 'valor', erro: 'valorAvulsoInvalido' });
      }
      expect(lerAvulso('10.000.001,00', '', 'pt-BR')).toEqual({ ok: false, campo: 'valor', erro: 'tooLarge' });
      expect(lerAvulso('1', 'x'.repeat(61), 'pt-BR')).toEqual({ ok: false, campo: 'descricao', erro: 'tooLong' });
    });
  });

  describe('discounts and changed prices (calcularDescontos: the total the server charges)', () => {
    /** R$ 0,75 a bread, sold by the unit. */
    const pao = { produtoId: 'p', nome: 'Pão Francês', unidade: 'un', precoVenda: 75, estoque: 100 } as const;
    const ajustado = (itens: ItemCarrinho[], chave: string, ajuste: Parameters<typeof ajustarLinha>[2]) => {
      const r = ajustarLinha(itens, chave, ajuste);
      if (!r.ok) throw new Error(r.erro);
      return r.itens;
    };
    /** 0,350 kg of cheese (R$ 10,47), 2 breads (R$ 1,50) and "Avulso" R$ 5,00: R$ 16,97. */
    const balcao = () => adicionarAvulso(ok(adicionarItem(ok(adicionarItem([], queijo, 350)), pao, 2)), { descricao: null, valor: 500 }, 'k1');

    it('takes a line\'s percentage off its value, rounded half-up to the centavo: 10 % of R$ 10,47 is R$ 1,05', () => {
      const itens = ajustado(balcao(), 'q', { precoUnitario: null, desconto: { tipo: 'percentual', valor: 10 } });
      expect(resumoCarrinho(itens)).toMatchObject({ subtotal: 1697, desconto: 105, descontoVenda: 0, total: 1592, erro: null });
    });

    it('takes a line\'s value discount off that line', () => {
      const itens = ajustado(balcao(), 'p', { precoUnitario: null, desconto: { tipo: 'valor', valor: 50 } });
      expect(resumoCarrinho(itens)).toMatchObject({ subtotal: 1697, desconto: 50, total: 1647 });
    });

    it('takes the sale\'s discount after the lines\' own: 10 % of R$ 16,97 is R$ 1,70, the sale R$ 15,27', () => {
      expect(resumoCarrinho(balcao(), { tipo: 'percentual', valor: 10 })).toMatchObject({ subtotal: 1697, desconto: 170, descontoVenda: 170, total: 1527, erro: null });
      // With R$ 1,00 off the cheese first, 10 % is taken from R$ 15,97.
      const itens = ajustado(balcao(), 'q', { precoUnitario: null, desconto: { tipo: 'valor', valor: 100 } });
      expect(resumoCarrinho(itens, { tipo: 'percentual', valor: 10 })).toMatchObject({ desconto: 100 + 160, descontoVenda: 160, total: 1597 - 160 });
      expect(resumoCarrinho(itens, { tipo: 'valor', valor: 97 })).toMatchObject({ descontoVenda: 97, total: 1500 });
    });

    it('charges a changed price per unit and sends it; the same price as the catalogue\'s is no change', () => {
      let itens = ajustado(balcao(), 'p', { precoUnitario: 70, desconto: null });
      expect(itens[1]).toMatchObject({ precoVenda: 75, precoUnitario: 70 });
      expect(valorBruto(itens[1]!)).toBe(140);
      expect(resumoCarrinho(itens).total).toBe(1047 + 140 + 500);
      // A price per kg: 0,350 kg at R$ 25,00/kg is R$ 8,75.
      itens = ajustado(itens, 'q', { precoUnitario: 2500, desconto: { tipo: 'percentual', valor: 10 } });
      expect(valorBruto(itens[0]!)).toBe(875);
      expect(itensParaEnvio(itens)).toEqual([
        { produtoId: 'q', quantidade: 350, unidade: 'kg', precoUnitario: 2500, desconto: { tipo: 'percentual', valor: 10 } },
        { produtoId: 'p', quantidade: 2, unidade: 'un', precoUnitario: 70 },
        { valor: 500, descricao: null },
      ]);
      expect(ajustado(itens, 'p', { precoUnitario: 75, desconto: null })[1]).toEqual({ ...pao, quantidade: 2 });
    });

    it('gives a loose line a discount too, and sends it with the line', () => {
      const itens = ajustado(balcao(), 'k1', { precoUnitario: 300, desconto: { tipo: 'valor', valor: 100 } });
      // A loose line has no price to change.
      expect(itens[2]).toEqual({ avulso: true, chave: 'k1', descricao: null, valor: 500, desconto: { tipo: 'valor', valor: 100 } });
      expect(itensParaEnvio(itens)[2]).toEqual({ valor: 500, descricao: null, desconto: { tipo: 'valor', valor: 100 } });
      expect(resumoCarrinho(itens).total).toBe(1597);
    });

    it('refuses a discount above its line, at the line\'s new price, and leaves the cart as it was', () => {
      const itens = balcao();
      expect(ajustarLinha(itens, 'p', { precoUnitario: null, desconto: { tipo: 'valor', valor: 151 } })).toEqual({ ok: false, erro: 'descontoAcimaDoValor' });
      expect(ajustarLinha(itens, 'p', { precoUnitario: 50, desconto: { tipo: 'valor', valor: 101 } })).toEqual({ ok: false, erro: 'descontoAcimaDoValor' });
      // The whole line is the most it can take.
      expect(ajustarLinha(itens, 'p', { precoUnitario: null, desconto: { tipo: 'valor', valor: 150 } }).ok).toBe(true);
      expect(itens[1]).toEqual({ ...pao, quantidade: 2 });
    });

    it('removes a discount and a changed price', () => {
      const com = ajustado(balcao(), 'p', { precoUnitario: 70, desconto: { tipo: 'percentual', valor: 10 } });
      expect(ajustado(com, 'p', { precoUnitario: 70, desconto: null })[1]).toEqual({ ...pao, quantidade: 2, precoUnitario: 70 });
      expect(ajustado(com, 'p', { precoUnitario: null, desconto: null })[1]).toEqual({ ...pao, quantidade: 2 });
    });

    it('says where a discount no longer fits, with no total: a line whose quantity went down, the sale\'s, a sale worth nothing', () => {
      let itens = ajustado(ok(adicionarItem([], pao, 4)), 'p', { precoUnitario: null, desconto: { tipo: 'valor', valor: 200 } });
      expect(resumoCarrinho(itens)).toMatchObject({ total: 100, erro: null });
      itens = ok(definirQuantidade(itens, 'p', 2));
      expect(resumoCarrinho(itens)).toMatchObject({ subtotal: 150, total: null, erro: { linha: 0 } });
      expect(resumoCarrinho(balcao(), { tipo: 'valor', valor: 1698 })).toMatchObject({ total: null, erro: { venda: true } });
      expect(resumoCarrinho(balcao(), { tipo: 'percentual', valor: 100 })).toMatchObject({ total: null, erro: { semValor: true } });
      // An empty cart is worth nothing, and that is no error.
      expect(resumoCarrinho([], { tipo: 'valor', valor: 100 })).toMatchObject({ total: 0, erro: null });
    });

    it('keeps a line\'s price and discount when more of its product is added; a line replaced in another unit starts afresh', () => {
      let itens = ajustado(ok(adicionarItem([], pao, 2)), 'p', { precoUnitario: 70, desconto: { tipo: 'percentual', valor: 10 } });
      itens = ok(adicionarItem(itens, pao, 1));
      expect(itens).toEqual([{ ...pao, quantidade: 3, precoUnitario: 70, desconto: { tipo: 'percentual', valor: 10 } }]);
      expect(resumoCarrinho(itens)).toMatchObject({ subtotal: 210, desconto: 21, total: 189 });
      const emKg = ok(adicionarItem(itens, { ...pao, unidade: 'kg', estoque: 5000 }, 500));
      expect(emKg).toEqual([{ ...pao, unidade: 'kg', estoque: 5000, quantidade: 500 }]);
    });

    it('reads a discount as typed: a value by the language\'s rules, or a whole percentage from 1 to 100', () => {
      expect(lerDesconto('valor', '1,50', 'pt-BR')).toEqual({ ok: true, desconto: { tipo: 'valor', valor: 150 } });
      expect(lerDesconto('valor', '1.50', 'en-US')).toEqual({ ok: true, desconto: { tipo: 'valor', valor: 150 } });
      expect(lerDesconto('percentual', '10', 'pt-BR')).toEqual({ ok: true, desconto: { tipo: 'percentual', valor: 10 } });
      expect(lerDesconto('percentual', ' 10 % ', 'pt-BR')).toEqual({ ok: true, desconto: { tipo: 'percentual', valor: 10 } });
      expect(lerDesconto('percentual', '100', 'pt-BR')).toEqual({ ok: true, desconto: { tipo: 'percentual', valor: 100 } });
      for (const texto of ['', '0', '0,00', '-1', 'abc', '1e3']) expect(lerDesconto('valor', texto, 'pt-BR')).toEqual({ ok: false, erro: 'descontoInvalido' });
      expect(lerDesconto('valor', '10.000.001,00', 'pt-BR')).toEqual({ ok: false, erro: 'tooLarge' });
      for (const texto of ['', '0', '%']) expect(lerDesconto('percentual', texto, 'pt-BR')).toEqual({ ok: false, erro: 'descontoInvalido' });
      for (const texto of ['101', '10,5', '-5', 'dez']) expect(lerDesconto('percentual', texto, 'pt-BR')).toEqual({ ok: false, erro: 'descontoPercentualInvalido' });
    });

    it('reads a changed price above zero and up to R$ 1 milhão', () => {
      expect(lerPreco('4,50', 'pt-BR')).toEqual({ ok: true, preco: 450 });
      for (const texto of ['', '0', '-1', 'abc']) expect(lerPreco(texto, 'pt-BR')).toEqual({ ok: false, erro: 'precoVendaInvalido' });
      expect(lerPreco('1.000.000,01', 'pt-BR')).toEqual({ ok: false, erro: 'tooLarge' });
    });
  });
});

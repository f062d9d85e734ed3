import { describe, expect, it } from 'vitest';
import {
  adicionarAvulso,
  adicionarItem,
  atualizarEstoque,
  chaveDaLinha,
  definirQuantidade,
  itensParaEnvio,
  lerAvulso,
  removerItem,
  resumoCarrinho,
  subtotal,
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
    expect(subtotal(item!)).toBe(1047);
    expect(subtotal({ ...item!, quantidade: 1000 })).toBe(2990);
  });

  it('sums items and total in centavos, and each unit apart: grams are never added to units', () => {
    const itens = ok(adicionarItem(ok(adicionarItem(ok(adicionarItem([], arroz, 2)), leite, 3)), queijo, 350));
    expect(resumoCarrinho(itens)).toEqual({
      itens: 3,
      quantidades: [
        { unidade: 'un', quantidade: 5 },
        { unidade: 'kg', quantidade: 350 },
      ],
      total: 2 * 2890 + 3 * 550 + 1047,
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
      expect(itens.map((i) => subtotal(i))).toEqual([3 * 2890, 500]);
      expect(resumoCarrinho(itens)).toEqual({ itens: 2, quantidades: [{ unidade: 'un', quantidade: 3 }], total: 3 * 2890 + 500 });
      expect(resumoCarrinho(adicionarAvulso([], { descricao: null, valor: 1250 }, 'k'))).toEqual({ itens: 1, quantidades: [], total: 1250 });
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
});

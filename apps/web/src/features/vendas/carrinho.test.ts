import { describe, expect, it } from 'vitest';
import { adicionarItem, definirQuantidade, removerItem, resumoCarrinho, subtotal, type ItemCarrinho } from './carrinho';

const arroz = { produtoId: 'a', nome: 'Arroz', unidade: 'un', precoVenda: 2890, estoque: 5 } as const;
const leite = { produtoId: 'l', nome: 'Leite', unidade: 'un', precoVenda: 550, estoque: 10 } as const;
/** R$ 29,90 per kg, 2,500 kg in stock (stored in grams). */
const queijo = { produtoId: 'q', nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, estoque: 2500 } as const;
const ok = (r: ReturnType<typeof adicionarItem>): ItemCarrinho[] => {
  if (!r.ok) throw new Error('refused');
  return r.itens;
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
    expect(removerItem(itens, 'l').map((i) => i.nome)).toEqual(['Arroz']);
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
});

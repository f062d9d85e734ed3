import { describe, expect, it } from 'vitest';
import { adicionarItem, definirQuantidade, parseQuantidade, removerItem, resumoCarrinho, type ItemCarrinho } from './carrinho';

const arroz = { produtoId: 'a', nome: 'Arroz', precoVenda: 2890, estoque: 5 };
const leite = { produtoId: 'l', nome: 'Leite', precoVenda: 550, estoque: 10 };
const ok = (r: ReturnType<typeof adicionarItem>): ItemCarrinho[] => {
  if (!r.ok) throw new Error('refused');
  return r.itens;
};

describe('carrinho', () => {
  it('reads the quantity by the interface language; empty, 0 or text is refused (never read as 1)', () => {
    expect(parseQuantidade('3', 'pt-BR')).toBe(3);
    expect(parseQuantidade(' 12 ', 'pt-BR')).toBe(12);
    expect(parseQuantidade('1.000', 'pt-BR')).toBe(1000);
    expect(parseQuantidade('1,000', 'en-US')).toBe(1000);
    expect(parseQuantidade('10.000', 'pt-BR')).toBe(10000);
    for (const bad of ['abc', '', '0', '-4', '2,5', '1e3', '10.001']) expect(parseQuantidade(bad, 'pt-BR')).toBeNull();
  });

  it('merges a product added twice, adding the quantities', () => {
    let itens = ok(adicionarItem([], arroz, 2));
    itens = ok(adicionarItem(itens, leite, 1));
    itens = ok(adicionarItem(itens, arroz, 3));
    expect(itens.map((i) => [i.nome, i.quantidade])).toEqual([
      ['Arroz', 5],
      ['Leite', 1],
    ]);
  });

  it('refuses more than the stock, counting what is already in the sale', () => {
    const itens = ok(adicionarItem([], arroz, 4));
    expect(adicionarItem(itens, arroz, 2)).toEqual({ ok: false, disponivel: 5 });
    expect(definirQuantidade(itens, 'a', 6)).toEqual({ ok: false, disponivel: 5 });
  });

  it('removes an item when its quantity goes to 0, and on remove', () => {
    const itens = ok(adicionarItem(ok(adicionarItem([], arroz, 1)), leite, 2));
    expect(ok(definirQuantidade(itens, 'a', 0)).map((i) => i.nome)).toEqual(['Leite']);
    expect(removerItem(itens, 'l').map((i) => i.nome)).toEqual(['Arroz']);
  });

  it('sums items, units and total in centavos', () => {
    const itens = ok(adicionarItem(ok(adicionarItem([], arroz, 2)), leite, 3));
    expect(resumoCarrinho(itens)).toEqual({ itens: 2, unidades: 5, total: 2 * 2890 + 3 * 550 });
  });
});

import type { FormatoEtiqueta, Produto, ProdutosPage, VendaDetalhe } from '@caderneta/shared';
import { digitoVerificadorEan13 } from '@caderneta/shared/balanca';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, SELLER, signedIn } from '@/test/utils';

/** Scale labels at the counter (issue 35, part 5): "2 CCCC VVVVVVV D" read with the shop's format. */

const QUEIJO = '55555555-5555-4555-8555-555555555555';
const LEITE = '22222222-2222-4222-8222-222222222222';
const PRESUNTO = '77777777-7777-4777-8777-777777777777';

function produto(overrides: Partial<Produto>): Produto {
  return {
    id: LEITE,
    nome: 'Leite 1L',
    descricao: null,
    categoria: 'Mercearia',
    codigoBarras: '43',
    unidade: 'un',
    precoVenda: 550,
    precoCusto: 400,
    estoqueAtual: 30,
    estoqueMinimo: 5,
    ativo: true,
    estoqueBaixo: false,
    margem: 27.3,
    valorTotal: 16500,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

// Sold by the kg, R$ 29,90/kg, 2,500 kg in stock (in grams), registered under its code on the scale.
const queijo = produto({ id: QUEIJO, nome: 'Queijo Minas', categoria: 'Frios', unidade: 'kg', precoVenda: 2990, estoqueAtual: 2500, codigoBarras: '42' });
const leite = produto({});

/** A label as the scale prints it: 2, the code, the value with leading zeros, the check digit. */
function etiqueta(codigo: string, valor: number, formato: FormatoEtiqueta) {
  const doze = `2${codigo.padStart(formato.digitosCodigo, '0')}${String(valor).padStart(11 - formato.digitosCodigo, '0')}`;
  return `${doze}${digitoVerificadorEan13(doze)}`;
}

function setup(formato: FormatoEtiqueta, catalogo: Produto[] = [queijo, leite]) {
  const api = mockApi({
    ...signedIn({ ...SELLER, perfil: { ...SELLER.perfil, etiquetaBalanca: formato } }),
    // The server's search: name, category or the whole barcode.
    'GET /api/produtos': ({ query }) => {
      const busca = (query.get('busca') ?? '').trim().toLowerCase();
      const items = catalogo.filter((p) => !busca || p.nome.toLowerCase().includes(busca) || p.codigoBarras === busca);
      const page: ProdutosPage = { items, total: items.length, page: 1, pageSize: 100, resumo: { total: items.length, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } };
      return jsonResponse(200, page);
    },
    'POST /api/vendas': () =>
      jsonResponse(201, {
        id: '44444444-4444-4444-8444-444444444444',
        numeroVenda: 'V1741600000000',
        dataVenda: '2025-03-10T12:00:00.000Z',
        valorTotal: 1047,
        valorPago: 1047,
        formaPagamento: 'vista',
        statusPagamento: 'pago',
        observacoes: null,
        clienteId: null,
        clienteNome: null,
        limiteExcedidoConfirmado: false,
        canceladaEm: null,
        itens: [],
        descontoTotal: 0,
        feitaOffline: false,
        alertas: [],
        atendente: null,
        desconto: 0,
        descontoPercentual: null,
      } satisfies VendaDetalhe),
    'GET /api/vendas': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { totalVendas: 0, valorTotal: 0, vendasHoje: 0, pendentes: 0, canceladas: 0 } }),
  });
  return { ...renderApp('/vendas/nova'), api };
}

const itensDaVenda = () => screen.getByRole('list', { name: 'Itens da venda' });
const buscas = (api: ReturnType<typeof mockApi>) => api.calls('GET', '/api/produtos').map((r) => r.query.get('busca'));

describe('/vendas/nova: scale labels', () => {
  // The page's form (its route is lazy) is loaded once before the first test's clock starts.
  beforeAll(() => import('./components/nova-venda-form'));

  it('a price label (4-digit code): R$ 10,47 of a R$ 29,90/kg cheese is 0,350 kg, its "n*" not used, and the sale sends grams', async () => {
    const formato = { digitosCodigo: 4, valor: 'preco' } as const;
    const codigo = etiqueta('42', 1047, formato);
    expect(codigo).toMatch(/^200420001047\d$/);
    const { user, api } = setup(formato);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, `${codigo}{Enter}`);
    const linha = await within(await screen.findByRole('list', { name: 'Itens da venda' })).findByRole('listitem', { name: 'Queijo Minas' });
    expect(within(linha).getByRole('status', { name: 'Quantidade de Queijo Minas' })).toHaveTextContent('0,350 kg');
    expect(within(linha).getByText('0,350 kg × R$ 29,90/kg')).toBeInTheDocument();
    expect(within(linha).getByText('R$ 10,47')).toBeInTheDocument();
    expect(screen.getByText('Etiqueta de balança: 0,350 kg de Queijo Minas')).toBeInTheDocument();
    expect(busca).toHaveValue('');
    expect(busca).toHaveFocus();
    // Looked up as a barcode first, then by the code on the scale: as printed, then without its zeros.
    expect(buscas(api)).toEqual(expect.arrayContaining([codigo, '0042', '42']));

    // A "3*" before a label: the label says how much.
    await user.type(busca, `3*${etiqueta('42', 598, formato)}{Enter}`);
    await waitFor(() => expect(within(linha).getByRole('status', { name: 'Quantidade de Queijo Minas' })).toHaveTextContent('0,550 kg'));

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    await waitFor(() => expect(api.calls('POST', '/api/vendas')).toHaveLength(1));
    expect(api.calls('POST', '/api/vendas')[0]!.body).toMatchObject({ itens: [{ produtoId: QUEIJO, quantidade: 550, unidade: 'kg' }] });
  });

  it('a weight label (5-digit code): 350 g of the cheese', async () => {
    const formato = { digitosCodigo: 5, valor: 'peso' } as const;
    const { user } = setup(formato);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, `${etiqueta('42', 350, formato)}{Enter}`);
    await waitFor(() => expect(within(itensDaVenda()).getByRole('status', { name: 'Quantidade de Queijo Minas' })).toHaveTextContent('0,350 kg'));
    expect(within(itensDaVenda()).getByText('R$ 10,47')).toBeInTheDocument();
    expect(screen.getByText('Etiqueta de balança: 0,350 kg de Queijo Minas')).toBeInTheDocument();
  });

  it('a wrong check digit: said, nothing added, the code back in the box to be corrected', async () => {
    const formato = { digitosCodigo: 4, valor: 'preco' } as const;
    const certo = etiqueta('42', 1047, formato);
    const errado = `${certo.slice(0, 12)}${(Number(certo[12]) + 1) % 10}`;
    const { user, api } = setup(formato);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, `${errado}{Enter}`);
    expect(await screen.findByText('Código de balança inválido: confira o dígito verificador. Nada foi adicionado.')).toBeInTheDocument();
    expect(busca).toHaveValue(errado);
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
    expect(buscas(api)).not.toContain('42');
  });

  it('a label of no product: "Nenhum produto com o código de balança 0099", nothing added', async () => {
    const formato = { digitosCodigo: 4, valor: 'preco' } as const;
    const codigo = etiqueta('99', 1047, formato);
    const { user } = setup(formato);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, `${codigo}{Enter}`);
    expect(await screen.findByText(/^Nenhum produto com o código de balança 0099\./)).toBeInTheDocument();
    expect(busca).toHaveValue(codigo);
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
  });

  it('a weight label of a product sold by the unit is refused, kept in the box', async () => {
    const { user } = setup({ digitosCodigo: 5, valor: 'peso' });
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    const peso = etiqueta('43', 350, { digitosCodigo: 5, valor: 'peso' });
    await user.type(busca, `${peso}{Enter}`);
    expect(await screen.findByText('Este produto não é vendido por peso: a etiqueta de peso não serve para ele. Nada foi adicionado.')).toBeInTheDocument();
    expect(busca).toHaveValue(peso);
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
  });

  it('a price label of a product sold by the unit: whole units are added, a value that is not is refused', async () => {
    const formato = { digitosCodigo: 4, valor: 'preco' } as const;
    const { user } = setup(formato);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, `${etiqueta('43', 1100, formato)}{Enter}`);
    await waitFor(() => expect(within(itensDaVenda()).getByRole('status', { name: 'Quantidade de Leite 1L' })).toHaveTextContent('2'));
    expect(screen.getByText('Etiqueta de balança: 2 de Leite 1L')).toBeInTheDocument();

    await user.type(busca, `${etiqueta('43', 1000, formato)}{Enter}`);
    expect(await screen.findByText('O valor da etiqueta não é um número inteiro de unidades deste produto. Nada foi adicionado.')).toBeInTheDocument();
    expect(within(itensDaVenda()).getByRole('status', { name: 'Quantidade de Leite 1L' })).toHaveTextContent('2');
  });

  it('a product registered with the whole 13-digit code is added as any barcode, not read as a label', async () => {
    const formato = { digitosCodigo: 4, valor: 'preco' } as const;
    const codigo = etiqueta('42', 1047, formato);
    const presunto = produto({ id: PRESUNTO, nome: 'Presunto fatiado', categoria: 'Frios', codigoBarras: codigo });
    const { user, api } = setup(formato, [queijo, presunto]);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, `${codigo}{Enter}`);
    await waitFor(() => expect(within(itensDaVenda()).getByRole('status', { name: 'Quantidade de Presunto fatiado' })).toHaveTextContent('1'));
    expect(within(itensDaVenda()).queryByRole('listitem', { name: 'Queijo Minas' })).not.toBeInTheDocument();
    expect(buscas(api)).not.toContain('42');
  });
});

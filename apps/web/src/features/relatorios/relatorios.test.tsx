import type { RelatorioClientes, RelatorioFinanceiro, RelatorioProdutos, RelatorioResumo, RelatorioVendas } from '@caderneta/shared/schemas/relatorios';
import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, mockApi, renderApp, SELLER, signedIn } from '@/test/utils';
import { captureDownloads } from '@/test/downloads';

/**
 * A table row's cells as assistive technology reads them, joined by "|": the column names a phone
 * shows beside each figure are aria-hidden (the column headers say them).
 */
function said(row: HTMLElement): string {
  return [...row.querySelectorAll('th, td')]
    .map((cell) => {
      const copy = cell.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent;
    })
    .join('|');
}

const cmp = (atual: number, anterior: number) => ({ atual, anterior });
const periodo = (de = '2026-02-15', ate = '2026-03-16', anterior = { de: '2026-01-16', ate: '2026-02-14' }, mes: string | null = null) => ({
  de,
  ate,
  mes,
  dias: 30,
  anterior,
  hoje: '2026-03-16',
  timeZone: 'America/Sao_Paulo',
});

const RESUMO: RelatorioResumo = {
  periodo: periodo(),
  vendas: { quantidade: cmp(5, 2), valor: cmp(600000, 300000), ticketMedio: cmp(120000, 150000) },
  vista: { quantidade: cmp(4, 1), valor: cmp(400000, 200000) },
  fiado: { quantidade: cmp(1, 1), valor: cmp(200000, 100000) },
  canceladas: { quantidade: 1, valor: 3000 },
  lucro: cmp(260000, 160000),
  custo: cmp(340000, 140000),
  margem: { atual: 43.3, anterior: 53.3 },
  descontos: cmp(1550, 0),
  recebido: {
    valor: cmp(1800, 200),
    quantidade: cmp(2, 1),
    porMetodo: [
      { metodo: 'dinheiro', valor: cmp(300, 200), quantidade: cmp(1, 1) },
      { metodo: 'pix', valor: cmp(1500, 0), quantidade: cmp(1, 0) },
    ],
  },
  inadimplencia: { taxa: 12.5, vencido: 25000, aVencer: 175000, clientesVencidos: 2 },
  regraVencimento: { tipo: 'proximo_mes', diaVencimento: 10, diasPrazo: 30, dataFixa: null },
};

const VAZIO: RelatorioResumo = {
  ...RESUMO,
  vendas: { quantidade: cmp(0, 2), valor: cmp(0, 300000), ticketMedio: cmp(0, 150000) },
  vista: { quantidade: cmp(0, 1), valor: cmp(0, 200000) },
  fiado: { quantidade: cmp(0, 1), valor: cmp(0, 100000) },
  canceladas: { quantidade: 0, valor: 0 },
  recebido: { valor: cmp(0, 200), quantidade: cmp(0, 1), porMetodo: [] },
};

const PRODUTOS: RelatorioProdutos = {
  periodo: periodo('2026-02-01', '2026-02-28', { de: '2026-01-01', ate: '2026-01-31' }, '2026-02'),
  unidades: cmp(8, 5),
  receita: cmp(6000, 3000),
  avulsas: cmp(1750, 500),
  maisVendidosQuantidade: [
    { id: 'p1', nome: 'Arroz', unidade: 'un', quantidade: 4, valor: 4000 },
    { id: 'p2', nome: '=Feijão', unidade: 'un', quantidade: 4, valor: 2000 },
  ],
  maisVendidosValor: [
    { id: 'p1', nome: 'Arroz', unidade: 'un', quantidade: 4, valor: 4000 },
    { id: 'p2', nome: '=Feijão', unidade: 'un', quantidade: 4, valor: 2000 },
  ],
  margens: [
    { id: 'p1', nome: 'Arroz', unidade: 'un', quantidade: 4, valor: 4000, custo: 2600, lucro: 1400, margem: 35 },
    { id: 'p2', nome: '=Feijão', unidade: 'un', quantidade: 4, valor: 2000, custo: 2100, lucro: -100, margem: -5 },
  ],
  outros: { produtos: 3, quantidade: 7, valor: 123456, custo: 100000, lucro: 23456, margem: 19 },
  estoque: { baixo: 2, zerados: 1, itens: [{ id: 'p4', nome: 'Sal', unidade: 'un', estoqueAtual: 0, estoqueMinimo: 2 }, { id: 'p3', nome: 'Café', unidade: 'un', estoqueAtual: 3, estoqueMinimo: 5 }] },
};

const VENDAS: RelatorioVendas = {
  periodo: periodo('2026-03-10', '2026-03-16', { de: '2026-03-03', ate: '2026-03-09' }),
  total: { quantidade: cmp(2, 0), valor: cmp(2500, 0) },
  canceladas: { quantidade: 0, valor: 0 },
  porDia: ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16'].map((data, i) => ({
    data,
    quantidade: i === 0 || i === 3 ? 1 : 0,
    valor: i === 0 ? 2000 : i === 3 ? 500 : 0,
  })),
  porForma: [
    { forma: 'vista', quantidade: cmp(2, 0), valor: cmp(2500, 0) },
    { forma: 'fiado', quantidade: cmp(0, 0), valor: cmp(0, 0) },
  ],
  porDiaSemana: Array.from({ length: 7 }, (_, d) => ({ diaSemana: d, quantidade: d === 2 ? 1 : d === 5 ? 1 : 0, valor: d === 2 ? 2000 : d === 5 ? 500 : 0 })),
  porHora: Array.from({ length: 24 }, (_, h) => ({ hora: h, quantidade: h === 23 ? 1 : h === 10 ? 1 : 0, valor: h === 23 ? 500 : h === 10 ? 2000 : 0 })),
  porAtendente: [
    { id: 'u-ana', nome: 'Ana Caixa', quantidade: 1, valor: 2000 },
    { id: 'u-rosa', nome: 'Rosa', quantidade: 1, valor: 500 },
  ],
};

const reportUrls = (api: ReturnType<typeof mockApi>) => api.spy.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/relatorios'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-16T15:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/relatorios', { timeout: 30_000 }, () => {
  it('shows the last 30 days by default, each figure with its change against the 30 days before', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/relatorios/resumo': () => jsonResponse(200, RESUMO) });
    renderApp('/relatorios');
    // The first test loads the page's chunk and Recharts: give a busy machine time.
    const total = await screen.findByRole('group', { name: 'Total de Vendas' }, { timeout: 20_000 });
    expect(within(total).getByText('R$ 6.000,00')).toBeInTheDocument();
    expect(within(total).getByText('+100,0%')).toBeInTheDocument();
    expect(within(total).getByText('Aumento de 100,0% em relação ao período anterior')).toBeInTheDocument();
    expect(within(total).getByText('Período anterior: R$ 3.000,00')).toBeInTheDocument();
    const ticket = screen.getByRole('group', { name: 'Ticket Médio' });
    expect(within(ticket).getByText('Queda de 20,0% em relação ao período anterior')).toBeInTheDocument();
    const margem = screen.getByRole('group', { name: 'Margem' });
    expect(within(margem).getByText('43,3%')).toBeInTheDocument();
    expect(within(margem).getByText('-10,0 p.p.')).toBeInTheDocument();
    // Inadimplência is today's, as on Devedores: of what customers owe, the overdue part; no comparison with a period.
    const inadimplencia = screen.getByRole('group', { name: 'Inadimplência' });
    expect(within(inadimplencia).getByText('12,5%')).toBeInTheDocument();
    expect(within(inadimplencia).queryByText(/p\.p\./)).not.toBeInTheDocument();
    expect(within(inadimplencia).getByText('R$ 250,00 vencidos de R$ 2.000,00 a receber; R$ 1.750,00 ainda a vencer.')).toBeInTheDocument();
    expect(within(inadimplencia).getByText('Do que os clientes devem hoje, a parte vencida · Hoje, 16/03/2026')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Recebido' })).getByText('+800,0%')).toBeInTheDocument();
    expect(screen.getByText(/1 venda cancelada \(R\$ 30,00\) não entra nas contas/)).toBeInTheDocument();
    expect(screen.getByText(/^Pela regra da loja, a conta de um cliente vence no dia 10 do mês seguinte à dívida mais antiga em aberto\. Uma data combinada/)).toBeInTheDocument();
    expect(screen.getByText('15/02/2026 a 16/03/2026')).toBeInTheDocument();
    expect(screen.getByText(/· Comparado com 16\/01\/2026 a 14\/02\/2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('Período')).toHaveValue('d30');
    expect(reportUrls(api)).toEqual(['/api/relatorios/resumo?periodo=30']);
    // What the discounts took off, against a previous period without any.
    const descontos = screen.getByRole('group', { name: 'Descontos concedidos' });
    expect(within(descontos).getByText('R$ 15,50')).toBeInTheDocument();
    expect(within(descontos).getByText('Nos itens e nas vendas, sem as canceladas')).toBeInTheDocument();
    // Payments by method, as a table.
    const recebido = screen.getByRole('table', { name: 'Recebido por forma de pagamento' });
    expect(within(recebido).getByRole('row', { name: /PIX/ })).toHaveTextContent('R$ 15,00');
  });

  it('says a period without sales is empty instead of showing zeros', async () => {
    mockApi({ ...signedIn(), 'GET /api/relatorios/resumo': () => jsonResponse(200, VAZIO) });
    renderApp('/relatorios?periodo=7');
    expect(await screen.findByText('Nenhuma venda neste período')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Total de Vendas' })).not.toBeInTheDocument();
  });

  it('offers "Tentar novamente" when the report cannot load', async () => {
    let fail = true;
    const api = mockApi({
      ...signedIn(),
      'GET /api/relatorios/resumo': () => (fail ? jsonResponse(400, { code: 'VALIDATION', message: 'x' }) : jsonResponse(200, RESUMO)),
    });
    const { user } = renderApp('/relatorios');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar o relatório')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('group', { name: 'Total de Vendas' })).toBeInTheDocument();
    expect(reportUrls(api)).toHaveLength(2);
  });

  it('asks for a month and another tab, and keeps both in the address', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/relatorios/resumo': () => jsonResponse(200, RESUMO),
      'GET /api/relatorios/produtos': () => jsonResponse(200, PRODUTOS),
    });
    const { user, router } = renderApp('/relatorios');
    await screen.findByRole('group', { name: 'Total de Vendas' });
    const select = screen.getByLabelText('Período');
    // The last 24 months, this one first, by name.
    const meses = within(select).getAllByRole('option').filter((o) => (o as HTMLOptionElement).value.startsWith('m'));
    expect(meses).toHaveLength(24);
    expect(meses[0]).toHaveTextContent('Março de 2026');
    expect(meses[23]).toHaveTextContent('Abril de 2024');
    await user.selectOptions(select, 'm2026-02');
    await waitFor(() => expect(select).toHaveValue('m2026-02'));
    await user.click(screen.getByRole('tab', { name: 'Produtos' }));
    expect(await screen.findByRole('group', { name: 'Unidades Vendidas' })).toHaveTextContent('8');
    // Loose lines ("Avulso") sold, apart from the products' revenue, against the previous period.
    const avulsas = screen.getByRole('group', { name: 'Vendas avulsas' });
    expect(avulsas).toHaveTextContent('R$ 17,50');
    expect(avulsas).toHaveTextContent('R$ 5,00');
    expect(router.state.location.search).toBe('?mes=2026-02&aba=produtos');
    expect(reportUrls(api)).toContain('/api/relatorios/resumo?mes=2026-02');
    expect(reportUrls(api).at(-1)).toBe('/api/relatorios/produtos?mes=2026-02');
    expect(screen.getByText('01/02/2026 a 28/02/2026')).toBeInTheDocument();

    // Charts have their figures as a table; the margin table adds up the rest.
    const ranking = screen.getByRole('table', { name: 'Mais vendidos em quantidade' });
    expect(within(ranking).getAllByRole('row').map(said)).toEqual(['Produto|Quantidade|Receita', 'Arroz|4 un|R$ 40,00', '=Feijão|4 un|R$ 20,00']);
    expect(screen.getByRole('img', { name: /Mais vendidos em quantidade/ })).toBeInTheDocument();
    const margens = screen.getByRole('table', { name: 'Margem por produto' });
    expect(within(margens).getByRole('row', { name: /Outros 3 produtos/ })).toHaveTextContent('R$ 1.234,56');
    const estoque = screen.getByRole('table', { name: 'Estoque baixo e zerado' });
    expect(said(within(estoque).getAllByRole('row')[1]!)).toBe('SalSem estoque|0 un|2 un');
  });

  it('lists the sales by salesperson, each name opening their sales', async () => {
    mockApi({ ...signedIn(), 'GET /api/relatorios/vendas': () => jsonResponse(200, VENDAS) });
    const { user, router } = renderApp('/relatorios?aba=vendas');
    const tabela = await screen.findByRole('table', { name: 'Por atendente' }, { timeout: 20_000 });
    expect(within(tabela).getAllByRole('row').map(said)).toEqual(['Atendente|Vendas|Valor', 'Ana Caixa|1|R$ 20,00', 'Rosa|1|R$ 5,00']);
    await user.click(within(tabela).getByRole('link', { name: 'Ana Caixa' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendas'));
    expect(router.state.location.search).toBe('?atendente=u-ana');
  });

  it("says how much of what customers owe is deactivated customers', which Devedores and the dashboard leave out", async () => {
    const clientes: RelatorioClientes = {
      periodo: periodo(),
      maioresSaldos: [
        { id: 'c1', nome: 'Rita', ativo: false, saldoPendente: 31588 },
        { id: 'c2', nome: 'João', ativo: true, saldoPendente: 20000 },
      ],
      maioresCompradores: [],
      novos: cmp(0, 0),
      compradores: cmp(0, 0),
      devedores: { quantidade: 4, valor: 84881, desativados: { quantidade: 2, valor: 31588 } },
    };
    const financeiro: RelatorioFinanceiro = {
      periodo: periodo(),
      recebido: { valor: cmp(0, 0), quantidade: cmp(0, 0), porMetodo: [] },
      aReceber: { saldoClientes: 84881, saldoDesativados: 31588, vendasPendentes: 84881, vencido: 51588, vencidoDesativados: 31588 },
      atraso: [],
      regraVencimento: RESUMO.regraVencimento,
    };
    mockApi({
      ...signedIn(),
      'GET /api/relatorios/clientes': () => jsonResponse(200, clientes),
      'GET /api/relatorios/financeiro': () => jsonResponse(200, financeiro),
    });
    const { user } = renderApp('/relatorios?aba=clientes');
    const devedores = await screen.findByRole('group', { name: 'Devedores' }, { timeout: 20_000 });
    expect(within(devedores).getByText('4 clientes devem R$ 848,81')).toBeInTheDocument();
    expect(within(devedores).getByText('Inclui R$ 315,88 de 2 clientes desativados, fora de Devedores')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Financeiro' }));
    const aReceber = await screen.findByRole('group', { name: 'A Receber' });
    expect(within(aReceber).getByText('R$ 848,81')).toBeInTheDocument();
    expect(within(aReceber).getByText('Inclui R$ 315,88 de clientes desativados, fora de Devedores')).toBeInTheDocument();
    const vencido = screen.getByRole('group', { name: 'Vencido' });
    expect(within(vencido).getByText('R$ 515,88')).toBeInTheDocument();
    expect(within(vencido).getByText('Inclui R$ 315,88 de clientes desativados, fora de Devedores')).toBeInTheDocument();
  });

  it('says nothing of deactivated customers when none owes', async () => {
    const financeiro: RelatorioFinanceiro = {
      periodo: periodo(),
      recebido: { valor: cmp(0, 0), quantidade: cmp(0, 0), porMetodo: [] },
      aReceber: { saldoClientes: 5000, saldoDesativados: 0, vendasPendentes: 5000, vencido: 5000, vencidoDesativados: 0 },
      atraso: [],
      regraVencimento: RESUMO.regraVencimento,
    };
    mockApi({ ...signedIn(), 'GET /api/relatorios/financeiro': () => jsonResponse(200, financeiro) });
    renderApp('/relatorios?aba=financeiro');
    const aReceber = await screen.findByRole('group', { name: 'A Receber' }, { timeout: 20_000 });
    expect(within(aReceber).getByText('R$ 50,00')).toBeInTheDocument();
    expect(within(aReceber).queryByText(/desativados/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Vencido' })).queryByText(/desativados/)).not.toBeInTheDocument();
  });

  it('ages what customers owe by their days overdue, customer by customer', async () => {
    const financeiro: RelatorioFinanceiro = {
      periodo: periodo(),
      recebido: { valor: cmp(0, 0), quantidade: cmp(0, 0), porMetodo: [] },
      aReceber: { saldoClientes: 32000, saldoDesativados: 0, vendasPendentes: 20000, vencido: 12000, vencidoDesativados: 0 },
      atraso: [
        { faixa: 'a_vencer', clientes: 1, valor: 20000 },
        { faixa: '1_7', clientes: 0, valor: 0 },
        { faixa: '8_15', clientes: 0, valor: 0 },
        { faixa: '16_30', clientes: 0, valor: 0 },
        { faixa: 'mais_30', clientes: 1, valor: 12000 },
      ],
      regraVencimento: RESUMO.regraVencimento,
    };
    mockApi({ ...signedIn(), 'GET /api/relatorios/financeiro': () => jsonResponse(200, financeiro) });
    const { user } = renderApp('/relatorios?aba=financeiro');
    const atraso = await screen.findByRole('region', { name: 'A receber por dias de atraso' }, { timeout: 20_000 });
    await user.click(within(atraso).getByText('Ver dados em tabela'));
    const tabela = within(atraso).getByRole('table');
    expect(within(tabela).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Atraso', 'Clientes', 'Valor']);
    expect(within(tabela).getByRole('row', { name: /Mais de 30 dias/ })).toHaveTextContent(/Mais de 30 dias.*Clientes\s*1.*R\$ 120,00/);
    expect(within(tabela).getByRole('row', { name: /A vencer/ })).toHaveTextContent(/A vencer.*Clientes\s*1.*R\$ 200,00/);
  });

  it('exports the tab as a CSV for Excel in Brazil: BOM, ";" and comma decimals, formulas defused', async () => {
    mockApi({ ...signedIn(), 'GET /api/relatorios/produtos': () => jsonResponse(200, PRODUTOS) });
    const files = captureDownloads();
    const { user } = renderApp('/relatorios?mes=2026-02&aba=produtos');
    await screen.findByRole('group', { name: 'Unidades Vendidas' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Relatório exportado')).toBeInTheDocument();
    expect(files.map((f) => f.name)).toEqual(['relatorio-produtos-2026-02-01_2026-02-28.csv']);
    const text = await files[0]!.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Relatório', 'Produtos']);
    expect(rows).toContainEqual(['Período', '01/02/2026', '28/02/2026']);
    expect(rows).toContainEqual(['Receita', '60,00', '30,00']);
    expect(rows).toContainEqual(['Vendas avulsas', '17,50', '5,00']);
    expect(rows).toContainEqual(['Produto', 'Quantidade', 'Unidade', 'Receita', 'Custo', 'Lucro', 'Margem']);
    expect(rows).toContainEqual(['Arroz', '4', 'un', '40,00', '26,00', '14,00', '35,0']);
    // A name that starts with "=" is text, not a formula; a loss stays a plain negative number.
    expect(rows).toContainEqual(["'=Feijão", '4', 'un', '20,00', '21,00', '-1,00', '-5,0']);
    // The rest mixes products: its pieces, with no unit of its own.
    expect(rows).toContainEqual(['Outros 3 produtos', '7', '', '1234,56', '1000,00', '234,56', '19,0']);
    expect(rows).toContainEqual(['Sal', '0', '2', 'un']);
    expect(text).toContain('\r\n');
  });

  it('shows and exports what is sold by weight in kg: the quantity with its unit, never grams counted as units', async () => {
    const comQueijo: RelatorioProdutos = {
      ...PRODUTOS,
      maisVendidosQuantidade: [{ id: 'p5', nome: 'Queijo Minas', unidade: 'kg', quantidade: 2500, valor: 7475 }, ...PRODUTOS.maisVendidosQuantidade],
      estoque: { baixo: 1, zerados: 0, itens: [{ id: 'p5', nome: 'Queijo Minas', unidade: 'kg', estoqueAtual: 350, estoqueMinimo: 500 }] },
    };
    mockApi({ ...signedIn(), 'GET /api/relatorios/produtos': () => jsonResponse(200, comQueijo) });
    const files = captureDownloads();
    const { user } = renderApp('/relatorios?mes=2026-02&aba=produtos');
    const unidades = await screen.findByRole('group', { name: 'Unidades Vendidas' });
    // The card counts pieces and says so.
    expect(unidades).toHaveTextContent('Por unidade, caixa ou pacote; o vendido por peso ou volume fica de fora');
    const ranking = screen.getByRole('table', { name: 'Mais vendidos em quantidade' });
    expect(said(within(ranking).getAllByRole('row')[1]!)).toBe('Queijo Minas|2,500 kg|R$ 74,75');
    const estoque = screen.getByRole('table', { name: 'Estoque baixo e zerado' });
    expect(said(within(estoque).getAllByRole('row')[1]!)).toBe('Queijo Minas|0,350 kg|0,500 kg');

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const rows = Papa.parse<string[]>((await files[0]!.text).slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toContainEqual(['Queijo Minas', '2,500', 'kg', '74,75']);
    expect(rows).toContainEqual(['Queijo Minas', '0,350', '0,500', 'kg']);
  });

  it('exports "Descontos concedidos" with the summary, against the previous period', async () => {
    mockApi({ ...signedIn(), 'GET /api/relatorios/resumo': () => jsonResponse(200, RESUMO) });
    const files = captureDownloads();
    const { user } = renderApp('/relatorios');
    await screen.findByRole('group', { name: 'Descontos concedidos' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const rows = Papa.parse<string[]>((await files[0]!.text).slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toContainEqual(['Descontos concedidos', '15,50', '0,00']);
  });

  it('exports with "," and a decimal point in English, with the English texts of the page', async () => {
    await changeLanguage('en-US');
    mockApi({ ...signedIn({ ...SELLER, perfil: { ...SELLER.perfil, idioma: 'en-US' } }), 'GET /api/relatorios/vendas': () => jsonResponse(200, VENDAS) });
    const files = captureDownloads();
    const { user } = renderApp('/relatorios?periodo=7&aba=vendas');
    expect(await screen.findByRole('group', { name: 'Total Sales' })).toHaveTextContent('R$ 25,00');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const rows = Papa.parse<string[]>((await files[0]!.text).slice(1), { delimiter: ',', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Report', 'Sales']);
    expect(rows).toContainEqual(['3/10/2026', '1', '20.00']);
    expect(rows).toContainEqual(['Tuesday', '1', '20.00']);
    expect(rows).toContainEqual(['23:00', '1', '5.00']);
  });
});

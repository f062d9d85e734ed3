import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { clienteInputSchema, produtoInputSchema, verificarLimite, valorDaLinha, type MetodoPagamento, type Unidade } from '@caderneta/shared';
import { withSeller, type Database } from '../../db/client';
import { seededRandom } from '../../lib/seeded-random';
import { clientes, produtos } from '../../db/schema';
import { registrarCodigosExemplo } from '../portal/portal.service';
import { createCliente } from '../clientes/clientes.service';
import { createProduto } from '../produtos/produtos.service';
import { createAccessCodes } from '../codigos/codigos.service';
import { signUp } from '../conta/conta.service';
import { registrarAjuste, registrarPagamento } from '../financeiro/financeiro.service';
import { cancelVenda, createVenda } from '../vendas/vendas.service';
import { salvarRegra } from '../devedores/cobranca-config.service';
import { registrarLembrete, salvarPromessa } from '../devedores/devedores.service';

/**
 * A demo shop with history: a seller, the spec's 5 sample customers (limits R$ 300–1.000), ~35
 * products of a Brazilian mercadinho and N days of à vista and fiado sales, payments, a few
 * cancellations and an adjustment — all through the same services the API uses, so balances,
 * allocations and stock are exactly what the ledger says.
 */

export interface DemoOptions {
  /** Total sales over the period; default ≈ 16 a day. */
  sales?: number;
  days?: number;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface DemoResult {
  sellerId: string;
  /** Two customers' access codes: the customer page's sample shortcuts on this installation. */
  codigosCliente: string[];
  email: string;
  senha: string;
  nomeLoja: string;
  clientes: number;
  produtos: number;
  vendas: number;
  vendasFiado: number;
  canceladas: number;
  pagamentos: number;
  seconds: number;
}

// [nome, categoria, preço, custo, mínimo, quantidade típica por venda, popularidade, unidade]: a
// weighed product's price is per kg, and its minimum and quantities count steps of PASSO_KG grams.
const PRODUTOS: ReadonlyArray<readonly [string, string, number, number, number, number, number, Unidade?]> = [
  ['Arroz Tipo 1 5kg', 'Mercearia', 2890, 2150, 5, 1, 6],
  ['Feijão Carioca 1kg', 'Mercearia', 899, 620, 8, 2, 7],
  ['Açúcar Cristal 1kg', 'Mercearia', 529, 380, 8, 1, 5],
  ['Café Torrado e Moído 500g', 'Mercearia', 1890, 1390, 6, 1, 6],
  ['Óleo de Soja 900ml', 'Mercearia', 799, 590, 8, 1, 5],
  ['Macarrão Espaguete 500g', 'Mercearia', 459, 300, 10, 2, 5],
  ['Farinha de Mandioca 1kg', 'Mercearia', 699, 450, 5, 1, 3],
  ['Sal Refinado 1kg', 'Mercearia', 299, 170, 5, 1, 2],
  ['Biscoito Recheado 130g', 'Mercearia', 350, 220, 10, 2, 6],
  ['Achocolatado em Pó 400g', 'Mercearia', 899, 620, 5, 1, 3],
  ['Leite Integral 1L', 'Laticínios', 549, 410, 12, 3, 9],
  ['Manteiga com Sal 200g', 'Laticínios', 1290, 950, 4, 1, 3],
  ['Queijo Mussarela 500g', 'Laticínios', 2490, 1800, 3, 1, 3],
  ['Margarina 500g', 'Laticínios', 899, 640, 5, 1, 4],
  ['Ovos Brancos (dúzia)', 'Laticínios', 1290, 950, 6, 1, 6],
  ['Pão Francês (unidade)', 'Padaria', 90, 50, 30, 8, 10],
  ['Refrigerante Cola 2L', 'Bebidas', 1199, 850, 8, 1, 7],
  ['Guaraná 2L', 'Bebidas', 899, 620, 8, 1, 6],
  ['Cerveja Lata 350ml', 'Bebidas', 399, 280, 24, 6, 8],
  ['Água Mineral 1,5L', 'Bebidas', 350, 200, 12, 2, 5],
  ['Suco de Uva Integral 1L', 'Bebidas', 1290, 900, 4, 1, 2],
  ['Sabão em Pó 1kg', 'Limpeza', 1490, 1050, 4, 1, 3],
  ['Detergente Neutro 500ml', 'Limpeza', 299, 190, 10, 1, 4],
  ['Água Sanitária 1L', 'Limpeza', 450, 280, 6, 1, 3],
  ['Papel Higiênico 12 rolos', 'Higiene', 2290, 1650, 4, 1, 3],
  ['Sabonete 85g', 'Higiene', 299, 180, 12, 2, 4],
  ['Creme Dental 90g', 'Higiene', 499, 320, 8, 1, 3],
  ['Shampoo 350ml', 'Higiene', 1590, 1050, 3, 1, 2],
  ['Linguiça Toscana 1kg', 'Frios e Carnes', 2590, 1900, 3, 1, 3],
  ['Frango Congelado 1kg', 'Frios e Carnes', 1390, 1000, 5, 1, 4],
  ['Carne Moída 500g', 'Frios e Carnes', 2290, 1700, 4, 1, 4],
  ['Banana Prata 1kg', 'Hortifrúti', 699, 400, 5, 1, 5],
  ['Tomate 1kg', 'Hortifrúti', 899, 550, 5, 1, 5],
  ['Cebola 1kg', 'Hortifrúti', 599, 350, 5, 1, 4],
  ['Batata Inglesa 1kg', 'Hortifrúti', 649, 380, 5, 1, 4],
  ['Botijão de Gás 13kg', 'Gás', 11500, 9500, 2, 1, 1],
  ['Queijo Minas Frescal', 'Frios e Carnes', 3990, 2800, 8, 3, 3, 'kg'],
  ['Mortadela Fatiada', 'Frios e Carnes', 2490, 1700, 8, 2, 3, 'kg'],
];
/** A weighed product is sold in steps of 250 g (a quarter kilo): 750 g, 1,250 kg… */
const PASSO_KG = 250;

type Politica = 'mensal' | 'semanal' | 'quinzenal' | 'parou' | 'quita';

// The spec's sample customers: limits from R$ 300 to R$ 1.000, balances 0 or negative.
const CLIENTES: ReadonlyArray<{ nome: string; telefone: string; endereco: string; limite: number; politica: Politica }> = [
  { nome: 'Maria das Graças Silva', telefone: '11987654321', endereco: 'Rua das Flores, 123 — Vila Nova', limite: 100_000, politica: 'mensal' },
  { nome: 'José Carlos Oliveira', telefone: '11976543210', endereco: 'Av. Brasil, 456 — Centro', limite: 80_000, politica: 'semanal' },
  { nome: 'Ana Paula Santos', telefone: '11965432109', endereco: 'Rua São João, 78 — Jardim América', limite: 50_000, politica: 'quita' },
  { nome: 'Francisco de Souza', telefone: '11954321098', endereco: 'Travessa Boa Vista, 12 — Vila Esperança', limite: 30_000, politica: 'parou' },
  { nome: 'Antônia Ferreira Lima', telefone: '11943210987', endereco: 'Rua Santa Luzia, 300 — Centro', limite: 70_000, politica: 'quinzenal' },
];

/**
 * Customers who show /devedores' whole range: with the demo's rule (30 days after the purchase)
 * their oldest pending purchase makes them 3 (baixo), 10 (médio), 20 (alto) and 40 (crítico) days
 * overdue, and one is due in 2 days. Some were already reminded; one promised to pay and did not.
 */
export const DEMO_COBRANCA: ReadonlyArray<{
  nome: string;
  telefone: string;
  /** Days ago of each fiado purchase, oldest first. */
  compras: number[];
  /** Days ago a reminder was sent. */
  lembrete?: number;
  /** A promise to pay: recorded `registrada` days ago for `dia` days ago. */
  promessa?: { registrada: number; dia: number };
}> = [
  { nome: 'Severino Ramos', telefone: '81987650001', compras: [33, 12] },
  { nome: 'Josefa Cavalcanti', telefone: '81987650002', compras: [40, 25, 4], lembrete: 1 },
  { nome: 'Expedito Moura', telefone: '81987650003', compras: [50, 38], lembrete: 6 },
  { nome: 'Terezinha Campos', telefone: '81987650004', compras: [70, 55, 41], lembrete: 9, promessa: { registrada: 9, dia: 4 } },
  { nome: 'Luzia Andrade', telefone: '81987650005', compras: [28] },
];
export const DEMO_REGRA_VENCIMENTO = { tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 30, dataFixa: null } as const;

const NOMES = ['Aparecida', 'Benedito', 'Cícero', 'Damiana', 'Edson', 'Fátima', 'Geraldo', 'Helena', 'Irene', 'Joaquim', 'Lúcia', 'Marcos', 'Neide', 'Osvaldo', 'Patrícia', 'Raimundo', 'Sebastiana', 'Tereza', 'Valdir', 'Zuleide'];
const SOBRENOMES = ['Alves', 'Barbosa', 'Cardoso', 'Dias', 'Gomes', 'Lopes', 'Martins', 'Nascimento', 'Pereira', 'Ribeiro', 'Rocha', 'Teixeira'];

/** Brazil has had no daylight saving time since 2019: the shop's clock is UTC−3. */
const SHOP_OFFSET_HOURS = 3;
const localInstant = (day: string, minutes: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!, SHOP_OFFSET_HOURS, 0) + minutes * 60_000);
};
const isoDay = (date: Date) => new Date(date.getTime() - SHOP_OFFSET_HOURS * 3600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoShop(db: Database, options: DemoOptions = {}): Promise<DemoResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const r = seededRandom(options.seed ?? now.getTime() % 2_147_483_647);
  const totalVendas = options.sales ?? days * 16;

  const [codigo] = await createAccessCodes(db, 1);
  const tag = `${now.getTime().toString(36)}${randomInt(100, 999)}`;
  const email = `demo-${tag}@caderneta.demo`;
  const senha = `demo-${randomInt(100_000, 999_999)}`;
  const nomeLoja = 'Mercadinho Bom Preço';
  const { userId: ownerId } = await signUp(db, {
    nomeCompleto: 'Rita Demonstração',
    nomeLoja,
    codigoAcesso: codigo!,
    email,
    senha,
    confirmarSenha: senha,
  });

  // Catalogue and customers, through their own services (unique logins, search keys).
  const extra = Math.max(0, Math.ceil(totalVendas / 300) - CLIENTES.length);
  const clientesDemo = [
    ...CLIENTES,
    ...Array.from({ length: extra }, (_, i) => ({
      nome: `${NOMES[i % NOMES.length]} ${SOBRENOMES[Math.floor(i / NOMES.length) % SOBRENOMES.length]}${i >= NOMES.length * SOBRENOMES.length ? ` ${i}` : ''}`,
      telefone: `119${String(10_000_000 + i * 7919).slice(-8)}`,
      endereco: `Rua ${r.pick(SOBRENOMES)}, ${r.int(1, 999)}`,
      limite: r.pick([30_000, 50_000, 70_000, 100_000]),
      politica: r.pick(['mensal', 'semanal', 'quinzenal', 'quita'] as const) as Politica,
    })),
  ];
  const scale = Math.max(1, totalVendas / (days * 16));
  const { clienteIds, catalogo } = await withSeller(db, ownerId, async (tx) => {
    const clienteIds: string[] = [];
    for (const c of clientesDemo) {
      const cliente = await createCliente(tx, ownerId, clienteInputSchema.parse({ nome: c.nome, telefone: c.telefone, endereco: c.endereco, limiteCredito: c.limite }));
      clienteIds.push(cliente.id);
    }
    const catalogo = [];
    for (const [i, [nome, categoria, preco, custo, minimo, qtd, pop, unidade = 'un']] of PRODUTOS.entries()) {
      const estoque = Math.round(minimo * 6 * scale);
      const passo = unidade === 'kg' ? PASSO_KG : 1;
      const produto = await createProduto(
        tx,
        ownerId,
        produtoInputSchema.parse({
          nome,
          categoria,
          codigoBarras: `789${String(1_000_000_000 + i * 7_654_321).slice(-10)}`,
          unidade,
          precoVenda: preco,
          precoCusto: custo,
          estoqueAtual: estoque * passo,
          estoqueMinimo: minimo * passo,
        }),
      );
      // Stock and quantities below count steps; the sale and the stock updates get them in grams.
      catalogo.push({ id: produto.id, nome, preco, minimo, qtd, pop, estoque, passo, unidade });
    }
    return { clienteIds, catalogo };
  });
  log(`seller ${email}: ${clienteIds.length} customers, ${catalogo.length} products`);

  // What the demo knows of each customer, to keep fiado within the limit (the service would refuse).
  const contas = clientesDemo.map((c, i) => ({ id: clienteIds[i]!, limite: c.limite, politica: c.politica, saldo: 0 }));
  const hoje = isoDay(now);
  const inicio = addDays(hoje, -(days - 1));
  const minutosAgora = Math.floor((now.getTime() - localInstant(hoje, 0).getTime()) / 60_000);
  let vendasFeitas = 0;
  let fiado = 0;
  let canceladas = 0;
  let pagamentos = 0;
  const metodos: ReadonlyArray<readonly [MetodoPagamento, number]> = [
    ['dinheiro', 40],
    ['pix', 40],
    ['cartao', 15],
    ['transferencia', 5],
  ];

  for (let d = 0; d < days; d++) {
    const dia = addDays(inicio, d);
    const ehHoje = dia === hoje;
    const diaSemana = new Date(`${dia}T12:00:00Z`).getUTCDay();
    const fator = diaSemana === 0 ? 0.5 : diaSemana === 6 ? 1.4 : diaSemana === 5 ? 1.2 : 1;
    const restantes = totalVendas - vendasFeitas;
    // Self-correcting: each day sells around what is left per remaining day; the last takes the rest.
    let n = d === days - 1 ? restantes : Math.min(restantes, Math.max(0, Math.round((restantes / (days - d)) * fator * (0.75 + r.next() * 0.5))));
    // Today only has the hours that already went by.
    const [abre, fecha] = ehHoje ? [Math.min(7 * 60, Math.max(0, minutosAgora - 60)), Math.max(1, minutosAgora - 1)] : [7 * 60, 20 * 60];
    if (ehHoje && minutosAgora < 2) n = 0;

    type Evento = { min: number; tipo: 'venda' } | { min: number; tipo: 'pagamento'; conta: number };
    const eventos: Evento[] = Array.from({ length: n }, () => ({ min: r.int(abre, fecha), tipo: 'venda' as const }));
    const diaDoMes = Number(dia.slice(8));
    contas.forEach((conta, i) => {
      const paga =
        (conta.politica === 'mensal' && diaDoMes === 5) ||
        (conta.politica === 'semanal' && diaSemana === 6) ||
        (conta.politica === 'quinzenal' && (diaDoMes === 1 || diaDoMes === 15)) ||
        (conta.politica === 'quita' && (diaSemana === 5 || d === days - 2)) ||
        (conta.politica === 'parou' && d < days - 45 && diaDoMes % 10 === 0);
      if (paga && !ehHoje) eventos.push({ min: r.int(16 * 60, 19 * 60), tipo: 'pagamento', conta: i });
    });
    eventos.sort((a, b) => a.min - b.min);

    await withSeller(db, ownerId, async (tx) => {
      if (d === 0) {
        // Antônia's debt from the old paper notebook, carried over as an adjustment.
        const antonia = contas[4]!;
        await registrarAjuste(tx, ownerId, antonia.id, { tipo: 'debito', valor: 8540, motivo: 'Saldo anterior do caderno' }, { criadoPor: ownerId, at: localInstant(dia, 8 * 60), notificar: false });
        antonia.saldo -= 8540;
      }
      for (const evento of eventos) {
        const at = localInstant(dia, evento.min);
        if (evento.tipo === 'pagamento') {
          const conta = contas[evento.conta]!;
          const divida = Math.max(0, -conta.saldo);
          if (divida === 0) continue;
          // People pay round amounts; "quita" and "mensal" customers pay everything.
          const parte = conta.politica === 'quita' || conta.politica === 'mensal' ? divida : Math.min(divida, Math.max(500, Math.round((divida * (0.4 + r.next() * 0.5)) / 500) * 500));
          await registrarPagamento(tx, ownerId, conta.id, { valor: parte, metodo: r.weighted(metodos) }, { criadoPor: ownerId, at, notificar: false });
          conta.saldo += parte;
          pagamentos++;
          continue;
        }

        const itens = new Map<number, number>();
        const linhas = r.weighted([[1, 30], [2, 30], [3, 20], [4, 12], [6, 8]] as const);
        for (let l = 0; l < linhas; l++) {
          const p = r.weighted(catalogo.map((c, i) => [i, c.pop] as const));
          itens.set(p, (itens.get(p) ?? 0) + r.int(1, catalogo[p]!.qtd));
        }
        // Restocking (a purchase from the supplier) when a product would run out.
        for (const [p, q] of itens) {
          const produto = catalogo[p]!;
          if (produto.estoque < q) {
            const reposicao = Math.round(produto.minimo * (3 + r.next() * 3) * scale) + q;
            await tx
              .update(produtos)
              .set({ estoqueAtual: sql`${produtos.estoqueAtual} + ${reposicao * produto.passo}`, updatedAt: at })
              .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, produto.id)));
            produto.estoque += reposicao;
          }
        }
        const total = [...itens].reduce((s, [p, q]) => s + valorDaLinha(q * catalogo[p]!.passo, catalogo[p]!.preco, catalogo[p]!.unidade), 0);
        let forma: 'vista' | 'fiado' = 'vista';
        let clienteId: string | null = null;
        let conta: (typeof contas)[number] | null = null;
        if (r.next() < 0.4) {
          conta = r.pick(contas.filter((c) => c.politica !== 'parou' || d < days - 45));
          clienteId = conta.id;
          if (r.next() < 0.75 && !verificarLimite({ limite: conta.limite, saldoAtual: conta.saldo, valorVenda: total }).excedido) forma = 'fiado';
        }
        const venda = await createVenda(
          tx,
          ownerId,
          {
            formaPagamento: forma,
            clienteId,
            itens: [...itens].map(([p, quantidade]) => ({ produtoId: catalogo[p]!.id, quantidade: quantidade * catalogo[p]!.passo })),
            observacoes: r.next() < 0.08 ? r.pick(['Entregar em casa', 'Pagou com nota de R$ 100', 'Levou para a vizinha', 'Encomenda para sábado']) : null,
            confirmarLimiteExcedido: false,
            // Now and then a big purchase paid on the spot gets 5 % off ("Descontos concedidos").
            ...(forma === 'vista' && total >= 5000 && r.next() < 0.15 ? { desconto: { tipo: 'percentual' as const, valor: 5 } } : {}),
          },
          { criadoPor: ownerId, at, notificar: false },
        );
        for (const [p, q] of itens) catalogo[p]!.estoque -= q;
        vendasFeitas++;
        if (forma === 'fiado') {
          fiado++;
          conta!.saldo -= total;
        }
        // About 1 in 80 sales is cancelled a little later (wrong item, gave up).
        if (r.next() < 0.0125 && evento.min + 5 < fecha) {
          await cancelVenda(tx, ownerId, venda.id, { criadoPor: ownerId, at: new Date(at.getTime() + 5 * 60_000) });
          for (const [p, q] of itens) catalogo[p]!.estoque += q;
          if (forma === 'fiado') conta!.saldo += total;
          canceladas++;
        }
      }
    });
    if (days > 10 && d % Math.ceil(days / 10) === 0) log(`  ${dia}: ${vendasFeitas} sales so far`);
  }

  // The collection showcase: the seller's rule, then debtors at every level.
  let vendasCobranca = 0;
  await withSeller(db, ownerId, async (tx) => {
    await salvarRegra(tx, ownerId, DEMO_REGRA_VENCIMENTO, now);
    for (const [n, c] of DEMO_COBRANCA.entries()) {
      const cliente = await createCliente(tx, ownerId, clienteInputSchema.parse({ nome: c.nome, telefone: c.telefone, limiteCredito: 200_000 }));
      for (const [k, diasAtras] of c.compras.entries()) {
        const dia = addDays(hoje, -diasAtras);
        const itens = [(n * 3 + k) % catalogo.length, (n * 5 + k * 7 + 1) % catalogo.length].map((p) => ({ p, q: 1 + ((n + k) % 2) }));
        for (const { p, q } of itens) {
          const produto = catalogo[p]!;
          if (produto.estoque < q) {
            const reposicao = produto.minimo * 4 + q;
            await tx
              .update(produtos)
              .set({ estoqueAtual: sql`${produtos.estoqueAtual} + ${reposicao * produto.passo}` })
              .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, produto.id)));
            produto.estoque += reposicao;
          }
          produto.estoque -= q;
        }
        await createVenda(
          tx,
          ownerId,
          { formaPagamento: 'fiado', clienteId: cliente.id, itens: itens.map(({ p, q }) => ({ produtoId: catalogo[p]!.id, quantidade: q * catalogo[p]!.passo })), observacoes: null, confirmarLimiteExcedido: false },
          { criadoPor: ownerId, at: localInstant(dia, 10 * 60 + n * 7 + k), notificar: false },
        );
        vendasCobranca++;
      }
      if (c.promessa) {
        await salvarPromessa(tx, ownerId, cliente.id, addDays(hoje, -c.promessa.dia), localInstant(addDays(hoje, -c.promessa.registrada), 9 * 60));
      }
      if (c.lembrete !== undefined) {
        await registrarLembrete(tx, ownerId, cliente.id, { now: localInstant(addDays(hoje, -c.lembrete), 17 * 60 + n), criadoPor: ownerId });
      }
    }
  });
  log(`collection: ${DEMO_COBRANCA.length} debtors from 3 to 40 days overdue`);

  // The customer page's sample-code shortcuts: two of the demo's customers, debtors first.
  const exemplos = await withSeller(db, ownerId, (tx) =>
    tx
      .select({ login: clientes.login })
      .from(clientes)
      .where(and(eq(clientes.ownerId, ownerId), inArray(clientes.id, clienteIds)))
      .orderBy(asc(clientes.saldoAtual), asc(clientes.nome))
      .limit(2),
  );
  const codigosCliente = exemplos.map((e) => e.login).filter((l): l is string => Boolean(l));
  await registrarCodigosExemplo(db, codigosCliente);

  return {
    sellerId: ownerId,
    codigosCliente,
    email,
    senha,
    nomeLoja,
    clientes: clienteIds.length + DEMO_COBRANCA.length,
    produtos: catalogo.length,
    vendas: vendasFeitas + vendasCobranca,
    vendasFiado: fiado + vendasCobranca,
    canceladas,
    pagamentos,
    seconds: (Date.now() - started) / 1000,
  };
}

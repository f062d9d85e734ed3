import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import { MAX_LIMITE_CREDITO, MAX_PRECO } from '../schemas/campos';
import { clienteImportadoSchema, MAX_SALDO_INICIAL, produtoImportadoSchema } from '../schemas/importacao';
import { maxEstoque } from '../unidades';
import { CAMPOS_CLIENTE, CAMPOS_PRODUTO, type CampoImportacao, type Celula, type CodigoProblema, type ProblemaLinha } from './campos';
import { validarCpf } from './celulas';
import { lerClientes, lerProdutos } from './linhas';

const HOJE = '2026-03-20';
const PT = { locale: 'pt-BR', hoje: HOJE };
const EN = { locale: 'en-US', hoje: HOJE };
const MAPA_CLIENTES: CampoImportacao[] = [...CAMPOS_CLIENTE];
const MAPA_PRODUTOS: CampoImportacao[] = [...CAMPOS_PRODUTO];

/** One customer row in the template's column order, with `campos` replaced. */
function cliente(campos: Partial<Record<(typeof CAMPOS_CLIENTE)[number], Celula>> = {}): Celula[] {
  const base: Record<(typeof CAMPOS_CLIENTE)[number], Celula> = {
    nome: 'Ana Souza',
    telefone: '(11) 98765-4321',
    email: 'ana@exemplo.com',
    endereco: 'Rua das Flores, 10',
    cpf: '529.982.247-25',
    limiteCredito: '500,00',
    observacoes: 'Paga dia 10',
    saldoInicial: '150,00',
    dataSaldo: '15/03/2026',
    dataVencimento: '10/04/2026',
  };
  const linha = { ...base, ...campos };
  return CAMPOS_CLIENTE.map((campo) => linha[campo]);
}

function produto(campos: Partial<Record<(typeof CAMPOS_PRODUTO)[number], Celula>> = {}): Celula[] {
  const base: Record<(typeof CAMPOS_PRODUTO)[number], Celula> = {
    nome: 'Arroz 5 kg',
    codigoBarras: '7891234567895',
    unidade: 'un',
    precoVenda: '25,90',
    precoCusto: '19,50',
    estoqueAtual: '12',
    estoqueMinimo: '3',
    categoria: 'Mercearia',
  };
  const linha = { ...base, ...campos };
  return CAMPOS_PRODUTO.map((campo) => linha[campo]);
}

/** The problems of a single customer row with `campos`. */
const problemasCliente = (campos: Parameters<typeof cliente>[0], opcoes = PT) => lerClientes([cliente(campos)], MAPA_CLIENTES, opcoes)[0]!.problemas;
const problemasProduto = (campos: Parameters<typeof produto>[0], opcoes = PT) => lerProdutos([produto(campos)], MAPA_PRODUTOS, opcoes)[0]!.problemas;
const clienteLido = (campos: Parameters<typeof cliente>[0], opcoes = PT) => lerClientes([cliente(campos)], MAPA_CLIENTES, opcoes)[0]!.valores;
const produtoLido = (campos: Parameters<typeof produto>[0], opcoes = PT) => lerProdutos([produto(campos)], MAPA_PRODUTOS, opcoes)[0]!.valores;
const problema = (campo: CampoImportacao | null, codigo: CodigoProblema): ProblemaLinha => ({ campo, codigo });

describe('lerClientes', () => {
  it('reads a full row into what the server schema takes', () => {
    const [lida] = lerClientes([cliente()], MAPA_CLIENTES, PT);
    expect(lida!.problemas).toEqual([]);
    expect(lida!.valores).toEqual({
      linha: 2,
      nome: 'Ana Souza',
      telefone: '11987654321',
      email: 'ana@exemplo.com',
      endereco: 'Rua das Flores, 10',
      cpf: '52998224725',
      limiteCredito: 50_000,
      observacoes: 'Paga dia 10',
      saldoInicial: 15_000,
      dataSaldo: '2026-03-15',
      dataVencimento: '2026-04-10',
    });
    expect(clienteImportadoSchema.parse(lida!.valores)).toEqual(lida!.valores);
  });

  it('fills what is not mapped or blank with the defaults', () => {
    const [soNomeETelefone] = lerClientes([['Bruno', '21 3333-4444', 'ignorado']], ['nome', 'telefone', null], PT);
    expect(soNomeETelefone!.valores).toEqual({
      linha: 2,
      nome: 'Bruno',
      telefone: '2133334444',
      email: null,
      endereco: null,
      cpf: null,
      limiteCredito: null,
      observacoes: null,
      saldoInicial: 0,
      dataSaldo: null,
      dataVencimento: null,
    });
    expect(clienteImportadoSchema.parse(soNomeETelefone!.valores)).toEqual(soNomeETelefone!.valores);
    const embranco = clienteLido({ email: '  ', endereco: null, cpf: '', limiteCredito: '', observacoes: null, saldoInicial: '', dataSaldo: '', dataVencimento: null });
    expect(embranco).toMatchObject({ email: null, cpf: null, limiteCredito: null, saldoInicial: 0, dataSaldo: null, dataVencimento: null });
  });

  it('numbers rows as the spreadsheet does and skips entirely blank ones', () => {
    const linhas: Celula[][] = [cliente(), [null, '', '   '], [], cliente({ telefone: '(21) 99876-5432' })];
    expect(lerClientes(linhas, MAPA_CLIENTES, PT).map((l) => l.linha)).toEqual([2, 5]);
    expect(lerClientes(linhas, MAPA_CLIENTES, { ...PT, primeiraLinha: 4 }).map((l) => l.linha)).toEqual([4, 7]);
  });

  it("reads a phone however it is written, an XLSX number too, and refuses one that is not Brazil's", () => {
    for (const telefone of ['(11) 98765-4321', '+55 11 98765-4321', '011 98765 4321', 11_987_654_321, 5_511_987_654_321]) {
      expect(clienteLido({ telefone })?.telefone).toBe('11987654321');
    }
    for (const telefone of ['123', '98765-4321', '(00) 98765-4321', 'ligar depois', 11_987_654.5]) {
      expect(problemasCliente({ telefone })).toEqual([problema('telefone', 'telefoneInvalido')]);
    }
  });

  it('requires a name and a phone, and says so on every row when their column was not chosen', () => {
    expect(problemasCliente({ nome: '  ', telefone: null })).toEqual([problema('nome', 'obrigatorio'), problema('telefone', 'obrigatorio')]);
    const lidas = lerClientes([['Ana', '150,00'], ['Bia', '20,00']], ['nome', 'saldoInicial'], PT);
    expect(lidas.map((l) => l.problemas)).toEqual([[problema('telefone', 'obrigatorio')], [problema('telefone', 'obrigatorio')]]);
    expect(lidas.every((l) => l.valores === null)).toBe(true);
  });

  it('reads money by the interface language, never guessing', () => {
    expect(clienteLido({ saldoInicial: '1.234,56' })?.saldoInicial).toBe(123_456);
    expect(clienteLido({ saldoInicial: 'R$ 1.234,56' })?.saldoInicial).toBe(123_456);
    expect(problemasCliente({ saldoInicial: '1,234.56' })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
    const ingles = { dataSaldo: '03/15/2026', dataVencimento: null };
    expect(clienteLido({ ...ingles, saldoInicial: '1,234.56', limiteCredito: '500.00' }, EN)?.saldoInicial).toBe(123_456);
    expect(problemasCliente({ ...ingles, saldoInicial: '1.234,56', limiteCredito: null }, EN)).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
    // "10,500": three decimals in pt-BR (refused), ten thousand five hundred in en-US.
    expect(problemasCliente({ saldoInicial: '10,500' })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
    expect(clienteLido({ ...ingles, saldoInicial: '10,500', limiteCredito: null }, EN)?.saldoInicial).toBe(1_050_000);
    expect(problemasCliente({ saldoInicial: 'abc' })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
  });

  it('reads XLSX numbers as money with at most two decimals', () => {
    expect(clienteLido({ saldoInicial: 12.9 })?.saldoInicial).toBe(1290);
    expect(clienteLido({ saldoInicial: 0.1 + 0.2 })?.saldoInicial).toBe(30);
    expect(clienteLido({ saldoInicial: 1234.56, limiteCredito: 0 })).toMatchObject({ saldoInicial: 123_456, limiteCredito: 0 });
    expect(problemasCliente({ saldoInicial: 10.005 })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
    expect(problemasCliente({ saldoInicial: Number.NaN })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
    expect(problemasCliente({ saldoInicial: -5 })).toEqual([problema('saldoInicial', 'negativo')]);
  });

  it('calls a negative amount negative, however it is written', () => {
    for (const saldoInicial of ['-10,00', '−10,00', '(10,00)', 'R$ -10,00', '-R$ 10,00', '10,00-']) {
      expect(problemasCliente({ saldoInicial }), saldoInicial).toEqual([problema('saldoInicial', 'negativo')]);
    }
    expect(problemasCliente({ saldoInicial: '-abc' })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
  });

  it('refuses amounts above the business maximums', () => {
    expect(clienteLido({ saldoInicial: '1.000.000,00' })?.saldoInicial).toBe(MAX_SALDO_INICIAL);
    expect(problemasCliente({ saldoInicial: '1.000.000,01' })).toEqual([problema('saldoInicial', 'foraDoLimite')]);
    expect(problemasCliente({ saldoInicial: 2_000_000 })).toEqual([problema('saldoInicial', 'foraDoLimite')]);
    expect(problemasCliente({ limiteCredito: (MAX_LIMITE_CREDITO + 100) / 100 })).toEqual([problema('limiteCredito', 'foraDoLimite')]);
  });

  it('reads dates as the language writes them, ISO in any, and refuses what is not a calendar day', () => {
    const data = (dataSaldo: Celula, opcoes = PT) => clienteLido({ dataSaldo, dataVencimento: null, limiteCredito: null, saldoInicial: null }, opcoes)?.dataSaldo;
    expect(data('15/03/2026')).toBe('2026-03-15');
    expect(data('15-03-2026')).toBe('2026-03-15');
    expect(data('15.03.26')).toBe('2026-03-15');
    expect(data('5/3/2026')).toBe('2026-03-05');
    expect(data('15/03/2026 10:30')).toBe('2026-03-15');
    expect(data('2026-03-15')).toBe('2026-03-15');
    expect(data('2026-03-15', EN)).toBe('2026-03-15');
    expect(data('03/15/2026', EN)).toBe('2026-03-15');
    expect(data('15/03/2026', { locale: 'es-ES', hoje: HOJE })).toBe('2026-03-15');
    for (const dataSaldo of ['31/02/2026', '29/02/2025', '15/13/2026', '03/15/2026', '2026-02-30', 'ontem', '15/03', '1899-12-31']) {
      expect(problemasCliente({ dataSaldo }), String(dataSaldo)).toEqual([problema('dataSaldo', 'dataInvalida')]);
    }
    expect(problemasCliente({ dataSaldo: '15/03/2026', dataVencimento: null }, EN)).toEqual([
      problema('limiteCredito', 'dinheiroInvalido'),
      problema('saldoInicial', 'dinheiroInvalido'),
      problema('dataSaldo', 'dataInvalida'),
    ]);
    expect(data('29/02/2024')).toBe('2024-02-29');
  });

  it('converts Excel serial dates in date columns, ignoring the time of day', () => {
    const datas = (dataSaldo: Celula, dataVencimento: Celula) => clienteLido({ dataSaldo, dataVencimento });
    expect(datas(45_658, 46_096)).toMatchObject({ dataSaldo: '2025-01-01', dataVencimento: '2026-03-15' });
    expect(datas(45_658.75, null)).toMatchObject({ dataSaldo: '2025-01-01' });
    expect(problemasCliente({ dataSaldo: 12 })).toEqual([problema('dataSaldo', 'dataInvalida')]);
    expect(problemasCliente({ dataVencimento: 1e9 })).toEqual([problema('dataVencimento', 'dataInvalida')]);
  });

  it('refuses a balance dated after today, but not a due date', () => {
    expect(problemasCliente({ dataSaldo: '21/03/2026' })).toEqual([problema('dataSaldo', 'dataFutura')]);
    expect(clienteLido({ dataSaldo: '20/03/2026', dataVencimento: '31/12/2030' })).toMatchObject({ dataSaldo: '2026-03-20', dataVencimento: '2030-12-31' });
  });

  it('checks CPFs by their digits and keeps 11 of them', () => {
    expect(clienteLido({ cpf: '52998224725' })?.cpf).toBe('52998224725');
    expect(clienteLido({ cpf: ' 529 982 247 25 ' })?.cpf).toBe('52998224725');
    // A spreadsheet that took the CPF for a number dropped its leading zero.
    expect(clienteLido({ cpf: 1_234_567_890 })?.cpf).toBe('01234567890');
    for (const cpf of ['529.982.247-24', '111.111.111-11', '5299822472', '529.982.247-25a', '11.222.333/0001-81', 123.5]) {
      expect(problemasCliente({ cpf }), String(cpf)).toEqual([problema('cpf', 'cpfInvalido')]);
    }
    expect(validarCpf('52998224725')).toBe(true);
    expect(validarCpf('00000000000')).toBe(false);
    expect(validarCpf('529.982.247-25')).toBe(false);
  });

  it('checks e-mails as the server does', () => {
    expect(clienteLido({ email: 'Maria.Silva+loja@exemplo.com.br' })?.email).toBe('Maria.Silva+loja@exemplo.com.br');
    for (const email of ['ana', 'ana@', 'ana@exemplo', 'ana @exemplo.com', 'ana@@exemplo.com']) {
      expect(problemasCliente({ email }), email).toEqual([problema('email', 'emailInvalido')]);
    }
  });

  it('refuses control characters, markup and text longer than the field', () => {
    expect(problemasCliente({ nome: 'Ana\u0000Souza' })).toEqual([problema('nome', 'caracteresInvalidos')]);
    expect(problemasCliente({ observacoes: 'Paga <b>sempre</b>' })).toEqual([problema('observacoes', 'textoComHtml')]);
    expect(problemasCliente({ nome: '<script>alert(1)</script>' })).toEqual([problema('nome', 'textoComHtml')]);
    expect(problemasCliente({ endereco: 'x'.repeat(201) })).toEqual([problema('endereco', 'textoLongo')]);
    expect(problemasCliente({ nome: 'A'.repeat(121) })).toEqual([problema('nome', 'textoLongo')]);
    // Less-than in plain text, line breaks in a note: both fine.
    expect(clienteLido({ observacoes: 'Deve < 50 reais\nPaga dia 10' })?.observacoes).toBe('Deve < 50 reais\nPaga dia 10');
    expect(clienteLido({ nome: '  Ana Souza  ' })?.nome).toBe('Ana Souza');
  });

  it('answers at once for huge cells made to make patterns backtrack', () => {
    const inicio = performance.now();
    expect(problemasCliente({ observacoes: '<a'.repeat(500_000) })).toEqual([problema('observacoes', 'textoLongo')]);
    expect(problemasCliente({ saldoInicial: `1${' '.repeat(500_000)}x-` })).toEqual([problema('saldoInicial', 'dinheiroInvalido')]);
    expect(problemasCliente({ telefone: '1'.repeat(1_000_000) })).toEqual([problema('telefone', 'telefoneInvalido')]);
    expect(problemasCliente({ dataSaldo: '1/'.repeat(500_000) })).toEqual([problema('dataSaldo', 'dataInvalida')]);
    expect(performance.now() - inicio).toBeLessThan(500);
  });

  it('flags every later row with a phone already in the file, pointing at the first', () => {
    const linhas = [cliente(), cliente({ telefone: '(21) 99876-5432' }), cliente({ telefone: '11987654321' }), cliente({ telefone: 5_511_987_654_321 })];
    const lidas = lerClientes(linhas, MAPA_CLIENTES, PT);
    expect(lidas.map((l) => l.problemas)).toEqual([[], [], [{ campo: 'telefone', codigo: 'duplicadoNoArquivo', outraLinha: 2 }], [{ campo: 'telefone', codigo: 'duplicadoNoArquivo', outraLinha: 2 }]]);
    expect(lidas.map((l) => l.valores !== null)).toEqual([true, true, false, false]);
  });

  it('gives every problem of a row at once, in field order, and no values', () => {
    const [lida] = lerClientes(
      [cliente({ nome: '', telefone: '123', email: 'x', cpf: '1', limiteCredito: '-1', saldoInicial: 'abc', dataSaldo: '31/02/2026', dataVencimento: 'amanhã' })],
      MAPA_CLIENTES,
      PT,
    );
    expect(lida!.valores).toBeNull();
    expect(lida!.problemas.map((p) => `${p.campo}:${p.codigo}`)).toEqual([
      'nome:obrigatorio',
      'telefone:telefoneInvalido',
      'email:emailInvalido',
      'cpf:cpfInvalido',
      'limiteCredito:negativo',
      'saldoInicial:dinheiroInvalido',
      'dataSaldo:dataInvalida',
      'dataVencimento:dataInvalida',
    ]);
  });

  it('round-trips any valid customer written as a spreadsheet would (property)', () => {
    const digito = fc.integer({ min: 0, max: 9 });
    const cpf = fc
      .array(digito, { minLength: 9, maxLength: 9 })
      .filter((d) => new Set(d).size > 1)
      .map((d) => {
        const dv = (n: number[]) => {
          const resto = (n.reduce((s, x, i) => s + x * (n.length + 1 - i), 0) * 10) % 11;
          return resto === 10 ? 0 : resto;
        };
        const primeiro = dv(d);
        return [...d, primeiro, dv([...d, primeiro])].join('');
      });
    const telefone = fc.tuple(fc.integer({ min: 11, max: 99 }).filter((n) => n % 10 !== 0), fc.integer({ min: 0, max: 99_999_999 })).map(([ddd, n]) => `${ddd}9${String(n).padStart(8, '0')}`);
    const data = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2026, 2, 20) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    const texto = (max: number) =>
      fc
        .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzçãéÁ 0123456789.,-'), minLength: 1, maxLength: max })
        .map((s) => s.trim())
        .filter((s) => s !== '');
    const registro = fc.record({
      nome: texto(120),
      telefone,
      email: fc.option(fc.tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([a, b]) => `${a}@${b}.com.br`)),
      endereco: fc.option(texto(200)),
      cpf: fc.option(cpf),
      limiteCredito: fc.option(fc.integer({ min: 0, max: MAX_LIMITE_CREDITO })),
      observacoes: fc.option(texto(500)),
      saldoInicial: fc.integer({ min: 0, max: MAX_SALDO_INICIAL }),
      dataSaldo: fc.option(data),
      dataVencimento: fc.option(data),
    });
    fc.assert(
      fc.property(fc.constantFrom('pt-BR', 'en-US'), registro, (locale, r) => {
        const moeda = locale === 'pt-BR' ? 'BRL' : 'USD';
        const escreverData = (iso: string | null) => {
          if (!iso) return null;
          const [ano, mes, dia] = iso.split('-');
          return locale === 'pt-BR' ? `${dia}/${mes}/${ano}` : `${mes}/${dia}/${ano}`;
        };
        const celulas: Celula[] = [
          r.nome,
          `(${r.telefone.slice(0, 2)}) ${r.telefone.slice(2, 7)}-${r.telefone.slice(7)}`,
          r.email,
          r.endereco,
          r.cpf && `${r.cpf.slice(0, 3)}.${r.cpf.slice(3, 6)}.${r.cpf.slice(6, 9)}-${r.cpf.slice(9)}`,
          r.limiteCredito === null ? null : formatMoney(r.limiteCredito, moeda),
          r.observacoes,
          formatMoney(r.saldoInicial, moeda),
          escreverData(r.dataSaldo),
          escreverData(r.dataVencimento),
        ];
        const [lida] = lerClientes([celulas], MAPA_CLIENTES, { locale, hoje: HOJE });
        expect(lida!.problemas).toEqual([]);
        expect(lida!.valores).toEqual({ linha: 2, ...r });
        expect(clienteImportadoSchema.parse(lida!.valores)).toEqual(lida!.valores);
      }),
      { numRuns: 300 },
    );
  });

  it('reads 20,000 rows of 10 columns well under a second', () => {
    const linhas = Array.from({ length: 20_000 }, (_, i) =>
      cliente({ nome: `Cliente ${i}`, telefone: `(11) 98${String(i).padStart(7, '0')}`, saldoInicial: `${i},50` }),
    );
    const inicio = performance.now();
    const lidas = lerClientes(linhas, MAPA_CLIENTES, PT);
    const ms = performance.now() - inicio;
    expect(lidas).toHaveLength(20_000);
    expect(lidas.find((l) => l.problemas.length)).toBeUndefined();
    expect(lidas.every((l) => l.valores !== null)).toBe(true);
    expect(lidas.at(-1)!.linha).toBe(20_001);
    expect(ms).toBeLessThan(1000);
  });
});

describe('lerProdutos', () => {
  it('reads a full row into what the server schema takes', () => {
    const [lida] = lerProdutos([produto()], MAPA_PRODUTOS, PT);
    expect(lida!.problemas).toEqual([]);
    expect(lida!.valores).toEqual({
      linha: 2,
      nome: 'Arroz 5 kg',
      codigoBarras: '7891234567895',
      unidade: 'un',
      precoVenda: 2590,
      precoCusto: 1950,
      estoqueAtual: 12,
      estoqueMinimo: 3,
      categoria: 'Mercearia',
    });
    expect(produtoImportadoSchema.parse(lida!.valores)).toEqual(lida!.valores);
  });

  it('fills what is not mapped or blank with the defaults: "un", no cost, no stock, a minimum of five', () => {
    const [lida] = lerProdutos([['Feijão', '8,49']], ['nome', 'precoVenda'], PT);
    expect(lida!.valores).toEqual({ linha: 2, nome: 'Feijão', codigoBarras: null, unidade: 'un', precoVenda: 849, precoCusto: 0, estoqueAtual: 0, estoqueMinimo: 5, categoria: null });
    expect(produtoImportadoSchema.parse(lida!.valores)).toEqual(lida!.valores);
    expect(produtoLido({ unidade: '', precoCusto: null, estoqueAtual: '', estoqueMinimo: null, codigoBarras: ' ' })).toMatchObject({
      unidade: 'un',
      precoCusto: 0,
      estoqueAtual: 0,
      estoqueMinimo: 5,
      codigoBarras: null,
    });
    // Five of the product's unit, as the product form starts it.
    expect(produtoLido({ unidade: 'kg', estoqueMinimo: null })?.estoqueMinimo).toBe(5000);
  });

  it('knows unit words in three languages, without case or accents', () => {
    const casos: Array<[string, string]> = [
      ['Unidade', 'un'],
      ['UND', 'un'],
      ['Peça', 'un'],
      ['pç', 'un'],
      ['pieces', 'un'],
      ['Kg', 'kg'],
      ['quilo', 'kg'],
      ['Kilos', 'kg'],
      ['g', 'g'],
      ['gramos', 'g'],
      ['Litro', 'l'],
      ['L', 'l'],
      ['lt', 'l'],
      ['mL', 'ml'],
      ['Caixa', 'cx'],
      ['caja', 'cx'],
      ['Pacote', 'pct'],
      ['paquete', 'pct'],
      ['Un.', 'un'],
    ];
    for (const [unidade, esperado] of casos) {
      expect(produtoLido({ unidade, estoqueAtual: null, estoqueMinimo: null })?.unidade, unidade).toBe(esperado);
    }
    expect(problemasProduto({ unidade: 'balde' })).toEqual([problema('unidade', 'unidadeInvalida')]);
    expect(problemasProduto({ unidade: 3 })).toEqual([problema('unidade', 'unidadeInvalida')]);
  });

  it("reads stock in the product's unit, by the language's decimal mark", () => {
    expect(produtoLido({ unidade: 'kg', estoqueAtual: '1,5', estoqueMinimo: '0,250' })).toMatchObject({ estoqueAtual: 1500, estoqueMinimo: 250 });
    expect(produtoLido({ unidade: 'kg', estoqueAtual: '1.5', estoqueMinimo: null, precoVenda: '25.90', precoCusto: null }, EN)).toMatchObject({ estoqueAtual: 1500 });
    expect(produtoLido({ unidade: 'kg', estoqueAtual: 1.5 })).toMatchObject({ estoqueAtual: 1500 });
    expect(produtoLido({ estoqueAtual: '1.000' })?.estoqueAtual).toBe(1000);
    expect(problemasProduto({ estoqueAtual: '2,5' })).toEqual([problema('estoqueAtual', 'numeroInvalido')]);
    expect(problemasProduto({ estoqueAtual: 2.5 })).toEqual([problema('estoqueAtual', 'numeroInvalido')]);
    expect(problemasProduto({ unidade: 'kg', estoqueAtual: '1,2345' })).toEqual([problema('estoqueAtual', 'numeroInvalido')]);
    expect(problemasProduto({ estoqueAtual: 'doze' })).toEqual([problema('estoqueAtual', 'numeroInvalido')]);
    expect(problemasProduto({ estoqueAtual: '-3', estoqueMinimo: -1 })).toEqual([problema('estoqueAtual', 'negativo'), problema('estoqueMinimo', 'negativo')]);
    expect(produtoLido({ estoqueAtual: String(maxEstoque('un')) })?.estoqueAtual).toBe(1_000_000);
    expect(problemasProduto({ estoqueAtual: '1000001' })).toEqual([problema('estoqueAtual', 'foraDoLimite')]);
    expect(problemasProduto({ unidade: 'kg', estoqueMinimo: 100_001 })).toEqual([problema('estoqueMinimo', 'foraDoLimite')]);
  });

  it('requires a name and a price above zero, and keeps prices within the maximum', () => {
    expect(problemasProduto({ nome: null, precoVenda: '' })).toEqual([problema('nome', 'obrigatorio'), problema('precoVenda', 'obrigatorio')]);
    expect(problemasProduto({ precoVenda: '0,00' })).toEqual([problema('precoVenda', 'dinheiroInvalido')]);
    expect(problemasProduto({ precoVenda: 0 })).toEqual([problema('precoVenda', 'dinheiroInvalido')]);
    expect(produtoLido({ precoCusto: '0' })?.precoCusto).toBe(0);
    expect(problemasProduto({ precoVenda: (MAX_PRECO + 1) / 100 })).toEqual([problema('precoVenda', 'foraDoLimite')]);
    expect(problemasProduto({ precoCusto: '-1,00' })).toEqual([problema('precoCusto', 'negativo')]);
    const semPreco = lerProdutos([['Café'], ['Açúcar']], ['nome'], PT);
    expect(semPreco.map((l) => l.problemas)).toEqual([[problema('precoVenda', 'obrigatorio')], [problema('precoVenda', 'obrigatorio')]]);
  });

  it('keeps a barcode as text (XLSX numbers too) and flags later rows with the same one', () => {
    const lidas = lerProdutos(
      [produto(), produto({ codigoBarras: null }), produto({ codigoBarras: 7_891_234_567_895 }), produto({ codigoBarras: null }), produto({ codigoBarras: '789' })],
      MAPA_PRODUTOS,
      PT,
    );
    expect(lidas.map((l) => l.problemas)).toEqual([[], [], [{ campo: 'codigoBarras', codigo: 'duplicadoNoArquivo', outraLinha: 2 }], [], []]);
    expect(lidas[4]!.valores?.codigoBarras).toBe('789');
    expect(problemasProduto({ codigoBarras: '7'.repeat(65) })).toEqual([problema('codigoBarras', 'textoLongo')]);
    expect(problemasProduto({ categoria: '<i>Bebidas</i>' })).toEqual([problema('categoria', 'textoComHtml')]);
  });

  it('reads 20,000 products well under a second', () => {
    const linhas = Array.from({ length: 20_000 }, (_, i) => produto({ nome: `Produto ${i}`, codigoBarras: String(7_890_000_000_000 + i), precoVenda: `${i + 1},90` }));
    const inicio = performance.now();
    const lidas = lerProdutos(linhas, MAPA_PRODUTOS, PT);
    expect(performance.now() - inicio).toBeLessThan(1000);
    expect(lidas.filter((l) => l.valores)).toHaveLength(20_000);
  });
});

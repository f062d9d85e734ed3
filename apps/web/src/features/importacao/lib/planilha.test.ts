import { CAMPOS_CLIENTE, lerClientes, MAX_COLUNAS_IMPORTACAO, MAX_LINHAS_IMPORTACAO, sugerirMapeamento } from '@caderneta/shared';
import { describe, expect, it, vi } from 'vitest';
import { ErroPlanilha, lerPlanilha } from '.';
import { pareceCabecalho } from './planilha';
import { carregarExcelJS } from './modelo';

const csv = (texto: string, nome = 'clientes.csv') => new File([texto], nome, { type: 'text/csv' });

async function codigoDoErro(promessa: Promise<unknown>): Promise<string> {
  try {
    await promessa;
  } catch (error) {
    if (error instanceof ErroPlanilha) return error.codigo;
    throw error;
  }
  throw new Error('expected an ErroPlanilha');
}

/** Text as Windows-1252 bytes (Latin-1 covers the letters used here). */
function windows1252(texto: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(texto, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new Error(`not Latin-1: ${c}`);
    return code;
  });
}

describe('lerPlanilha: CSV', () => {
  it('reads a ";" CSV as Excel in Brazil saves it: titles, trimmed text cells, blanks as null', async () => {
    const planilha = await lerPlanilha(csv('Nome;Telefone;Saldo;Obs\r\nAna Souza ; (11) 98765-4321;"1.234,56";\r\nBruno;21 3333-4444;;"Paga; sempre"\r\n'));
    expect(planilha).toEqual({
      formato: 'csv',
      cabecalhos: ['Nome', 'Telefone', 'Saldo', 'Obs'],
      linhas: [
        ['Ana Souza', '(11) 98765-4321', '1.234,56', null],
        ['Bruno', '21 3333-4444', null, 'Paga; sempre'],
      ],
      primeiraLinha: 2,
    });
  });

  it('reads a "," CSV with quoted commas, quotes and line breaks', async () => {
    const planilha = await lerPlanilha(csv('Name,Phone,Notes\nAna,11987654321,"Pays on Fridays, usually"\nBia,21999998888,"Said ""later""\nsecond line"\n'));
    expect(planilha.cabecalhos).toEqual(['Name', 'Phone', 'Notes']);
    expect(planilha.linhas).toEqual([
      ['Ana', '11987654321', 'Pays on Fridays, usually'],
      ['Bia', '21999998888', 'Said "later"\nsecond line'],
    ]);
  });

  it('reads a tab-separated file, and UTF-16 "Unicode text" from Excel', async () => {
    expect((await lerPlanilha(csv('Nome\tTelefone\nAna\t11987654321\n'))).linhas).toEqual([['Ana', '11987654321']]);
    const texto = 'Nome\tEndereço\r\nJoão\tRua da Conceição\r\n';
    const utf16 = new Uint8Array(2 + texto.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < texto.length; i++) new DataView(utf16.buffer).setUint16(2 + i * 2, texto.charCodeAt(i), true);
    const planilha = await lerPlanilha(new File([utf16], 'clientes.txt'));
    expect(planilha.cabecalhos).toEqual(['Nome', 'Endereço']);
    expect(planilha.linhas).toEqual([['João', 'Rua da Conceição']]);
  });

  it('falls back to Windows-1252 when the file is not UTF-8 (0xE7 is "ç")', async () => {
    const bytes = windows1252('Nome;Endereço;Observações\r\nJoão;Rua da Conceição, 5;Não paga às sextas\r\n');
    expect(bytes).toContain(0xe7);
    const planilha = await lerPlanilha(new File([bytes], 'caderno.csv'));
    expect(planilha.cabecalhos).toEqual(['Nome', 'Endereço', 'Observações']);
    expect(planilha.linhas).toEqual([['João', 'Rua da Conceição, 5', 'Não paga às sextas']]);
  });

  it("drops UTF-8's byte-order mark from the first title", async () => {
    const planilha = await lerPlanilha(csv('\uFEFFNome;Telefone\r\nAna;11987654321\r\n'));
    expect(planilha.cabecalhos).toEqual(['Nome', 'Telefone']);
    expect(sugerirMapeamento('clientes', planilha.cabecalhos)).toEqual(['nome', 'telefone']);
  });

  it('keeps blank rows inside (row numbers hold), drops trailing blank rows and columns, and numbers from the titles', async () => {
    const planilha = await lerPlanilha(csv(';;;\r\n\r\nNome;Telefone;;\r\nAna;11987654321;;\r\n;;;\r\nBia;21999998888;;\r\n;;;\r\n\r\n'));
    expect(planilha.cabecalhos).toEqual(['Nome', 'Telefone']);
    expect(planilha.linhas).toEqual([['Ana', '11987654321'], [null, null], ['Bia', '21999998888']]);
    expect(planilha.primeiraLinha).toBe(4);
    const lidas = lerClientes(planilha.linhas, sugerirMapeamento('clientes', planilha.cabecalhos), { locale: 'pt-BR', hoje: '2026-03-20', primeiraLinha: planilha.primeiraLinha });
    // As the spreadsheet numbers them: Ana on row 4, Bia on row 6.
    expect(lidas.map((l) => [l.linha, l.valores?.nome])).toEqual([
      [4, 'Ana'],
      [6, 'Bia'],
    ]);
  });

  it('pads short rows to the titles and keeps a column whose title is blank when it has values', async () => {
    const planilha = await lerPlanilha(csv('Nome;;Telefone\r\nAna\r\nBia;x;21999998888;extra\r\n'));
    expect(planilha.cabecalhos).toEqual(['Nome', '', 'Telefone', '']);
    expect(planilha.linhas).toEqual([
      ['Ana', null, null, null],
      ['Bia', 'x', '21999998888', 'extra'],
    ]);
  });

  it('reads 20,000 rows of 10 columns in a moment', async () => {
    const linha = (i: number) => `Cliente ${i};(11) 98${String(i).padStart(7, '0')};c${i}@exemplo.com;Rua ${i};;500,00;obs;${i},50;15/03/2026;10/04/2026`;
    const texto = ['Nome;Telefone;E-mail;Endereço;CPF;Limite de crédito;Observações;Saldo devedor inicial;Data do saldo;Vencimento combinado', ...Array.from({ length: 20_000 }, (_, i) => linha(i))].join('\r\n');
    const inicio = performance.now();
    const planilha = await lerPlanilha(csv(texto));
    const lidas = lerClientes(planilha.linhas, sugerirMapeamento('clientes', planilha.cabecalhos), { locale: 'pt-BR', hoje: '2026-03-20' });
    expect(performance.now() - inicio).toBeLessThan(3000);
    expect(sugerirMapeamento('clientes', planilha.cabecalhos)).toEqual([...CAMPOS_CLIENTE]);
    expect(lidas.filter((l) => l.valores)).toHaveLength(20_000);
  });
});

describe('lerPlanilha: refusals', () => {
  it('refuses a file larger than 10 MB before reading a byte of it', async () => {
    const enorme = csv('Nome;Telefone\r\nAna;11987654321\r\n');
    Object.defineProperty(enorme, 'size', { value: 50 * 1024 * 1024 });
    const ler = vi.spyOn(enorme, 'arrayBuffer');
    expect(await codigoDoErro(lerPlanilha(enorme))).toBe('grandeDemais');
    expect(ler).not.toHaveBeenCalled();
  });

  it('calls an empty file, or one with only blank rows, empty', async () => {
    expect(await codigoDoErro(lerPlanilha(csv('')))).toBe('vazio');
    expect(await codigoDoErro(lerPlanilha(csv(';;;\r\n  ;  \r\n\r\n')))).toBe('vazio');
  });

  it('refuses binary files that are not XLSX (an old .xls, an image)', async () => {
    const xls = new Uint8Array(1024);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await codigoDoErro(lerPlanilha(new File([xls], 'clientes.xls')))).toBe('formatoDesconhecido');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await codigoDoErro(lerPlanilha(new File([png], 'foto.csv')))).toBe('formatoDesconhecido');
  });

  it('refuses a file whose first row is data, not titles', async () => {
    expect(await codigoDoErro(lerPlanilha(csv('Ana Souza;(11) 98765-4321;150,00;15/03/2026\r\nBia;21999998888;20,00;16/03/2026\r\n')))).toBe('semCabecalho');
    expect(await codigoDoErro(lerPlanilha(csv('11987654321;150,00\r\n')))).toBe('semCabecalho');
    expect(pareceCabecalho(['Nome', 'Telefone', 'Saldo'])).toBe(true);
    expect(pareceCabecalho(['Nome', '2026', 'Saldo', 'CPF'])).toBe(true);
    expect(pareceCabecalho(['ana@exemplo.com', 'Ana', '150,00'])).toBe(false);
    expect(pareceCabecalho([1, 2, 3])).toBe(false);
    // A huge title cell made to make the patterns backtrack is answered at once.
    const inicio = performance.now();
    expect(pareceCabecalho([`${' '.repeat(1_000_000)}x`, `a${'.'.repeat(1_000_000)}@`])).toBe(true);
    expect(performance.now() - inicio).toBeLessThan(200);
  });

  it(`refuses more than ${MAX_COLUNAS_IMPORTACAO} columns`, async () => {
    const titulos = (n: number) => Array.from({ length: n }, (_, i) => `Coluna ${i + 1}`).join(';');
    expect((await lerPlanilha(csv(`${titulos(100)}\r\n${'x;'.repeat(99)}x\r\n`))).cabecalhos).toHaveLength(100);
    expect(await codigoDoErro(lerPlanilha(csv(`${titulos(101)}\r\nAna\r\n`)))).toBe('colunasDemais');
    // Also when only a data row goes past it.
    expect(await codigoDoErro(lerPlanilha(csv(`Nome\r\n${'x;'.repeat(100)}x\r\n`)))).toBe('colunasDemais');
  });

  it(`refuses more than ${MAX_LINHAS_IMPORTACAO} data rows`, async () => {
    const linhas = (n: number) => ['Nome;Telefone', ...Array.from({ length: n }, (_, i) => `C${i};1`)].join('\n');
    expect((await lerPlanilha(csv(linhas(MAX_LINHAS_IMPORTACAO)))).linhas).toHaveLength(MAX_LINHAS_IMPORTACAO);
    expect(await codigoDoErro(lerPlanilha(csv(linhas(MAX_LINHAS_IMPORTACAO + 1))))).toBe('linhasDemais');
    // Blank rows before the titles count: no row may be numbered past what the server takes.
    expect(await codigoDoErro(lerPlanilha(csv(`\n${linhas(MAX_LINHAS_IMPORTACAO)}`)))).toBe('linhasDemais');
  });
});

describe('lerPlanilha: XLSX', () => {
  /** A workbook made with exceljs, as the file a person would choose. */
  async function xlsx(montar: (workbook: import('exceljs').Workbook) => void, nome = 'clientes.xlsx'): Promise<File> {
    const ExcelJS = await carregarExcelJS();
    const workbook = new ExcelJS.Workbook();
    montar(workbook);
    return new File([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], nome);
  }

  it('reads cached formula results (never evaluating), dates, numbers, rich text, links, booleans and errors', async () => {
    const arquivo = await xlsx((workbook) => {
      const folha = workbook.addWorksheet('Clientes');
      folha.addRow(['Nome', 'Telefone', 'Saldo', 'Data do saldo', 'Observações', 'Site', 'Ativo', 'Erro', 'Sem resultado', 'Texto calculado']);
      folha.addRow([
        { richText: [{ text: 'Ana ' }, { text: 'Souza', font: { bold: true } }] },
        11_987_654_321,
        // The saved result is what counts, even if the formula would say otherwise now.
        { formula: 'B3*2', result: 150.5 },
        new Date(Date.UTC(2026, 2, 15)),
        '  Paga dia 10  ',
        { text: 'loja.com.br', hyperlink: 'https://loja.com.br' },
        true,
        { error: '#N/A' },
        { formula: 'NOW()' },
        { formula: 'CONCAT("a","b")', result: 'ab' },
      ]);
      folha.getCell('D2').numFmt = 'dd/mm/yyyy';
      // A styled but empty cell far to the right is no column.
      folha.getCell('P2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } };
    });
    const planilha = await lerPlanilha(arquivo);
    expect(planilha.formato).toBe('xlsx');
    expect(planilha.cabecalhos).toEqual(['Nome', 'Telefone', 'Saldo', 'Data do saldo', 'Observações', 'Site', 'Ativo', 'Erro', 'Sem resultado', 'Texto calculado']);
    expect(planilha.linhas).toEqual([['Ana Souza', 11_987_654_321, 150.5, '2026-03-15', 'Paga dia 10', 'loja.com.br', 'true', null, null, 'ab']]);
    const [lida] = lerClientes(planilha.linhas, sugerirMapeamento('clientes', planilha.cabecalhos), { locale: 'pt-BR', hoje: '2026-03-20' });
    expect(lida!.valores).toMatchObject({ nome: 'Ana Souza', telefone: '11987654321', saldoInicial: 15_050, dataSaldo: '2026-03-15', observacoes: 'Paga dia 10' });
  });

  it('reads the first visible worksheet, by row number, and keeps only the top-left cell of a merge', async () => {
    const arquivo = await xlsx((workbook) => {
      workbook.addWorksheet('Oculta', { state: 'hidden' }).addRow(['Não', 'esta']);
      const folha = workbook.addWorksheet('Clientes');
      folha.getCell('A3').value = 'Nome';
      folha.getCell('B3').value = 'Telefone';
      folha.getCell('A4').value = 'Ana';
      folha.getCell('B4').value = '(11) 98765-4321';
      folha.getCell('A6').value = 'Bia';
      folha.getCell('B6').value = 'x';
      folha.mergeCells('B6:C6');
      workbook.addWorksheet('Outra').addRow(['Nem', 'esta']);
    });
    const planilha = await lerPlanilha(arquivo);
    expect(planilha.cabecalhos).toEqual(['Nome', 'Telefone']);
    expect(planilha.linhas).toEqual([['Ana', '(11) 98765-4321'], [null, null], ['Bia', 'x']]);
    expect(planilha.primeiraLinha).toBe(4);
  });

  it('tells the format by content: an XLSX named .csv is read as XLSX', async () => {
    const arquivo = await xlsx((workbook) => workbook.addWorksheet('A').addRows([['Nome'], ['Ana']]), 'clientes.csv');
    expect(await lerPlanilha(arquivo)).toMatchObject({ formato: 'xlsx', cabecalhos: ['Nome'], linhas: [['Ana']] });
  });

  it('refuses a sheet whose first row is numbers, an empty workbook, and a cut file', async () => {
    expect(await codigoDoErro(lerPlanilha(await xlsx((workbook) => workbook.addWorksheet('A').addRows([[11_987_654_321, 150], [21_999_998_888, 20]]))))).toBe('semCabecalho');
    expect(await codigoDoErro(lerPlanilha(await xlsx((workbook) => workbook.addWorksheet('A'))))).toBe('vazio');
    const inteiro = new Uint8Array(await (await xlsx((workbook) => workbook.addWorksheet('A').addRows([['Nome'], ['Ana']]))).arrayBuffer());
    expect(await codigoDoErro(lerPlanilha(new File([inteiro.subarray(0, inteiro.length - 200)], 'cortado.xlsx')))).toBe('xlsxInvalido');
  });
});

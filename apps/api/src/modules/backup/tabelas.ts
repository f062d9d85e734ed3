import { z } from 'zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  FORMAS_PAGAMENTO,
  FUSO_IDS,
  LANGUAGES,
  CURRENCIES,
  MAX_CENTS,
  ESTADOS_PARCELAMENTO,
  MODOS_PARCELAMENTO,
  PARCELAS_MAX,
  PARCELAS_MIN,
  MAX_DESCONTO_PERCENTUAL,
  MAX_ITENS_VENDA,
  MAX_PRECO,
  MAX_QUANTIDADE_ITEM_GUARDADA,
  UNIDADE_PADRAO,
  UNIDADES,
  valorDaLinha,
  type Unidade,
  MAX_TOTAL_VENDA,
  METODOS_PAGAMENTO,
  NOTIFICATION_KINDS,
  STATUS_PAGAMENTO,
  TIPOS_LANCAMENTO,
  AMBIENTES_MERCADOPAGO,
  METODOS_ONLINE,
  PARCELAS_MAX_CARTAO,
  STATUS_PAGAMENTO_ONLINE,
  TIPOS_CHAVE_PIX,
  DIA_VENCIMENTO_MAX,
  DIA_VENCIMENTO_MIN,
  DIAS_ANTECEDENCIA_MAX,
  reguaInputSchema,
  DIAS_PRAZO_MAX,
  DIAS_PRAZO_MIN,
  FAIXAS_LEMBRETE,
  MAX_MENSAGEM,
  TIPOS_MENSAGEM,
  TIPOS_REGRA_VENCIMENTO,
  hasControlCharacters,
  isoDateSchema,
  LOGIN_CLIENTE_REGEX,
  normalizeForSearch,
  MAX_ESTOQUE_QUALQUER,
  MAX_ESTOQUE_GUARDADO_QUALQUER,
  MAX_AVATAR_CHARS,
  avatarSchema,
  clienteInputSchema,
  cobrancaClienteInputSchema,
  lojaInputSchema,
  formatoEtiquetaSchema,
  mensagensInputSchema,
  observacoesVendaSchema,
  produtoInputSchema,
  telefoneOpcionalSchema,
  normalizarChavePix,
  pixConfigInputSchema,
  ACOES_AUDITORIA,
  AUTORES_AUDITORIA,
  GRUPOS_AUDITORIA,
  REGISTROS_AUDITORIA,
  MAX_MOTIVO_CONTESTACAO,
  MAX_RESPOSTA_CONTESTACAO,
  RESOLUCOES_CONTESTACAO,
  conferenciaInputSchema,
  resolverContestacaoInputSchema,
  AUTORIZACOES_AVISO,
  QUEM_PAROU_AVISOS,
} from '@caderneta/shared';
import { auditoria, clientes, contestacoes, itensVenda, lancamentos, lembretes, notificacoes, pagamentosOnline, parcelamentos, produtos, vendas } from '../../db/schema';

/*
 * What "Exportar Dados" writes and "Importar Dados" restores, table by table, in this order
 * (a table comes after those it points at; the restore deletes in the reverse order). A seller
 * table another feature adds is one more entry here: its drizzle table, the schema of its rows in
 * the file (every column but owner_id and generated ones), and which columns hold ids of other
 * tables of the file. `backup.test.ts` fails while a table with owner_id is neither here nor in
 * FORA_DO_BACKUP, and while an entry's schema misses one of its table's columns.
 */

/**
 * A value as the form or API that writes it would have stored it: that field's shared schema
 * accepts it and gives it back unchanged (a phone in digits, a document without punctuation, a
 * photo that is an image, trimmed names). The checksum is not a signature, so a file can be edited
 * and resealed; the restore still writes nothing a form would refuse (issue 32).
 */
const comoNoFormulario = <T extends z.ZodType>(base: T, formulario: z.ZodType) =>
  base.refine((valor) => {
    const lido = formulario.safeParse(valor);
    return lido.success && lido.data === valor;
  }, 'comoNoFormulario');

/** Text in the file: no control characters (as every input), within a generous length. */
const texto = (max = 2_000) => z.string().max(max).refine((v) => !hasControlCharacters(v), 'caracteresInvalidos');
const textoOpcional = (max = 2_000) => texto(max).nullable();
const id = z.uuid();
/**
 * An instant as the export writes it (UTC, ISO 8601), from 1900 to 9998: year 0000 has no
 * timestamp and would fail only halfway through the restore, and an instant of 9999 is a day of
 * year 10000 in the shops east of UTC, past every date the app reads.
 */
const instante = z.iso.datetime().refine((v) => {
  const ano = Number(v.slice(0, 4));
  return ano >= 1900 && ano <= 9998;
}, 'date');
/** A calendar date, as every date a person types (isoDateSchema: a real day, years 1900–9999). */
const dia = isoDateSchema;
const inteiro = (min: number, max: number) => z.number().int().min(min).max(max);
/** Any whole number of centavos a sum can reach exactly. */
const centavos = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const INT32 = 2_147_483_647;
/** A value before or after a change in the audit trail (valorAuditadoSchema), text within a bound. */
const valorAuditado = z.union([texto(20_000), z.number().finite(), z.boolean(), z.null()]);

/**
 * The search form of a name (normalizeForSearch): derived, so the restore writes it anew from
 * the name. Decomposing can make it longer than the name (한 is three letters once decomposed).
 */
const NOME_BUSCA = texto(120 * 4);
const comNomeBusca = (linha: Record<string, unknown>) => ({ ...linha, nomeBusca: normalizeForSearch(linha.nome as string) });
/** A product's or a line's unit; rows of files made before units (formats 1 and 2) are "un". */
/** A file from before discounts (format 4) has none: its sales and lines get 0 where the columns need a value. */
const semDescontoAntes = (linha: Record<string, unknown>, campos: string[]) => Object.fromEntries(campos.map((c) => [c, linha[c] ?? 0]));

/**
 * An offline sale's alerts as the file holds them (format 5 on; before, every sale was online: false
 * and none). A shortfall names one of the sale's products, so its id is remapped with the products'.
 */
const alertaDaVenda = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('estoque'),
    produtoId: id,
    produtoNome: texto(120),
    unidade: z.enum(UNIDADES),
    faltou: inteiro(1, MAX_QUANTIDADE_ITEM_GUARDADA * MAX_ITENS_VENDA),
  }),
  z.object({ tipo: z.literal('limite') }),
  z.object({ tipo: z.literal('bloqueado') }),
  z.object({ tipo: z.literal('clienteInativo') }),
]);

export const unidadeDaLinha = (linha: Record<string, unknown>) => (linha.unidade as Unidade | undefined) ?? UNIDADE_PADRAO;

export interface TabelaBackup {
  /** The table's name in the file (`dados.<key>`), in counts and in reports. */
  key: string;
  table: PgTable;
  /** A row of the file, keyed by the drizzle property names. */
  linha: z.ZodObject;
  /** Property → key of the table its ids point at: checked on import, remapped on restore. */
  refs?: Record<string, string>;
  /** Properties whose values must be unique in the file (besides `id`). */
  unicos?: string[];
  /**
   * Export in batches of the parent's ids, through the child's index on the parent column
   * (tables with no index that starts with owner_id, like a sale's items).
   */
  porPai?: { key: string; coluna: string };
  /** Export order, an index that starts with owner_id (default: the (owner_id, id) unique key). */
  ordem?: string[];
  /**
   * Keep the file's ids instead of giving each row a new one: ids something outside the shop
   * knows (an online payment's id is the `external_reference` Mercado Pago reports back). Safe
   * because every key includes owner_id; nothing of the file may point at such a table.
   */
  manterIds?: boolean;
  /**
   * The file version that added the table (default 1). Files of an older version have no such
   * key: their checksum does not cover it and they restore it empty.
   */
  desde?: number;
  /** Which rows of the file are restored (default: all). */
  restaurar?: (linha: Record<string, unknown>) => boolean;
  /** Fixes ids the generic remap cannot see (e.g. inside a JSON column) before insert. */
  preparar?: (linha: Record<string, unknown>, mapa: (key: string, id: unknown) => unknown) => Record<string, unknown>;
  /**
   * History the file carries but a restore never writes nor replaces (the audit trail, ADR 037):
   * checked like every table, left out of the restore's deletes, inserts and counts.
   */
  historico?: true;
}

export const perfilBackupSchema = z.object({
  nomeLoja: comoNoFormulario(texto(120), lojaInputSchema.shape.nomeLoja),
  telefoneLoja: comoNoFormulario(textoOpcional(40), lojaInputSchema.shape.telefoneLoja),
  enderecoLoja: comoNoFormulario(textoOpcional(300), lojaInputSchema.shape.enderecoLoja),
  cnpj: comoNoFormulario(textoOpcional(30), lojaInputSchema.shape.documento),
  idioma: z.enum(LANGUAGES),
  moeda: z.enum(CURRENCIES),
  fusoHorario: z.enum(FUSO_IDS),
  notificacoes: z.record(z.string().max(40), z.boolean()),
  /** The seller's photo: an image as a data: URL, as the Perfil form takes it (never an address to load). */
  avatar: comoNoFormulario(textoOpcional(MAX_AVATAR_CHARS), avatarSchema),
  /**
   * The seller's own phone (Configurações › Perfil), as digits. Absent in files from before it was
   * kept; such a restore leaves the phone as it is, like the PIX key below. A file that carries it
   * still reads in a Caderneta without it (the key is ignored), so the version stays.
   */
  telefone: comoNoFormulario(textoOpcional(40), telefoneOpcionalSchema).optional(),
  backupAutomatico: z.boolean(),
  /** How the shop's scales print labels (format 3 on); absent in older files: the setting stays as it is. */
  balancaDigitosCodigo: formatoEtiquetaSchema.shape.digitosCodigo.optional(),
  balancaValor: formatoEtiquetaSchema.shape.valor.optional(),
  /**
   * The shop's PIX key (table chaves_pix, Configurações › Loja): null when it has none. Absent in
   * files from before the customer page; such a restore leaves the key as it is.
   */
  pix: z
    .object({ chave: texto(100), tipo: z.enum(TIPOS_CHAVE_PIX), nomeRecebedor: texto(25), cidade: texto(15) })
    // As Configurações → Loja saves it: a valid key of that type, written as the app writes it, and
    // names in the BR Code's characters (a key like `not a key {nome}` would end up in every code).
    .refine((pix) => {
      const lido = pixConfigInputSchema.safeParse(pix);
      const chave = normalizarChavePix(pix.chave, pix.tipo);
      return lido.success && chave?.chave === pix.chave && chave.tipo === pix.tipo && lido.data.nomeRecebedor === pix.nomeRecebedor && lido.data.cidade === pix.cidade;
    }, 'comoNoFormulario')
    .nullable()
    .optional(),
  /**
   * The collection settings (table cobranca_config: the due-date rule, the reminder before the
   * due date, the messages the seller rewrote); null when the seller never changed the defaults.
   * Absent in version 1 files: such a restore leaves the settings as they are.
   */
  cobranca: z
    .object({
      regraTipo: z.enum(TIPOS_REGRA_VENCIMENTO),
      diaVencimento: inteiro(DIA_VENCIMENTO_MIN, DIA_VENCIMENTO_MAX),
      diasPrazo: inteiro(DIAS_PRAZO_MIN, DIAS_PRAZO_MAX),
      dataFixa: dia.nullable(),
      lembreteAntecipado: z.boolean(),
      diasAntecedencia: inteiro(1, DIAS_ANTECEDENCIA_MAX),
      mensagens: z.partialRecord(z.enum(TIPOS_MENSAGEM), comoNoFormulario(texto(MAX_MENSAGEM), mensagensInputSchema.shape.mensagens.shape.padrao)),
      // The régua that runs by itself (version 10); a file from before leaves it off, with the default window.
      reguaAtiva: z.boolean().optional(),
      reguaDias: reguaInputSchema.shape.dias.optional(),
      reguaInicio: reguaInputSchema.shape.inicio.optional(),
      reguaFim: reguaInputSchema.shape.fim.optional(),
      reguaLimiteDiario: reguaInputSchema.shape.limiteDiario.optional(),
    })
    .refine((c) => c.reguaInicio === undefined || c.reguaFim === undefined || c.reguaFim > c.reguaInicio, 'janelaInvalida')
    .nullable()
    .optional(),
});
export type PerfilBackup = z.infer<typeof perfilBackupSchema>;

export const TABELAS_BACKUP: TabelaBackup[] = [
  {
    key: 'clientes',
    table: clientes,
    unicos: ['login'],
    linha: z.object({
      id,
      nome: comoNoFormulario(texto(120), clienteInputSchema.shape.nome),
      nomeBusca: NOME_BUSCA,
      telefone: comoNoFormulario(texto(40), clienteInputSchema.shape.telefone),
      email: comoNoFormulario(textoOpcional(254), clienteInputSchema.shape.email),
      endereco: comoNoFormulario(textoOpcional(300), clienteInputSchema.shape.endereco),
      limiteCredito: inteiro(0, MAX_CENTS),
      /** The customer page's code: a file edited to hold a path (`../x`) or a space would break its link. */
      login: z.string().regex(LOGIN_CLIENTE_REGEX, 'loginInvalido').nullable(),
      ativo: z.boolean(),
      dataVencimento: dia.nullable(),
      observacoes: comoNoFormulario(textoOpcional(), cobrancaClienteInputSchema.shape.observacoes),
      saldoAtual: centavos,
      /**
       * Date of the oldest pending fiado sale (debtors' due dates). Derived from the sales: the
       * restore recomputes it, so it is optional (version 1 files have none).
       */
      pendenteDesde: instante.nullable().optional(),
      /** "Promessa de pagamento" (absent in version 1 files: none). */
      promessaPagamento: dia.nullable().optional(),
      /** The consent to automatic messages, and its end (format 9 on; before: never given). */
      avisosAutorizadosEm: instante.nullable().optional(),
      avisosAutorizacao: z.enum(AUTORIZACOES_AVISO).nullable().optional(),
      avisosParadosEm: instante.nullable().optional(),
      avisosParadosPor: z.enum(QUEM_PAROU_AVISOS).nullable().optional(),
      createdAt: instante,
      updatedAt: instante,
    })
      // As the database keeps it: a consent has its day and its way; only a consent is stopped.
      .refine(
        (c) => (c.avisosAutorizadosEm == null) === (c.avisosAutorizacao == null) && (c.avisosAutorizadosEm != null || (c.avisosParadosEm == null && c.avisosParadosPor == null)),
        'avisosInconsistentes',
      ),
    preparar: comNomeBusca,
  },
  {
    // Collection reminders the seller marked as sent (Devedores: "último lembrete").
    key: 'lembretes',
    table: lembretes,
    desde: 2,
    refs: { clienteId: 'clientes' },
    linha: z.object({
      id,
      clienteId: id,
      faixa: z.enum(FAIXAS_LEMBRETE),
      dia,
      diasAtraso: inteiro(0, INT32),
      valor: inteiro(1, Number.MAX_SAFE_INTEGER),
      enviadoEm: instante,
      /** Who marked it: on restore, the seller restoring. */
      criadoPor: textoOpcional(64),
    }),
  },
  {
    key: 'produtos',
    table: produtos,
    linha: z.object({
      id,
      nome: comoNoFormulario(texto(120), produtoInputSchema.shape.nome),
      nomeBusca: NOME_BUSCA,
      descricao: comoNoFormulario(textoOpcional(500), produtoInputSchema.shape.descricao),
      categoria: comoNoFormulario(textoOpcional(60), produtoInputSchema.shape.categoria),
      codigoBarras: comoNoFormulario(textoOpcional(64), produtoInputSchema.shape.codigoBarras),
      /** Files made before units (formats 1 and 2) hold products counted by the unit. */
      unidade: z.enum(UNIDADES).optional(),
      precoVenda: inteiro(1, MAX_PRECO),
      precoCusto: inteiro(0, MAX_PRECO),
      /** Within the product's own unit: checked with the sums (arquivo.ts, verificarSomas). */
      estoqueAtual: inteiro(0, MAX_ESTOQUE_GUARDADO_QUALQUER),
      estoqueMinimo: inteiro(0, MAX_ESTOQUE_QUALQUER),
      ativo: z.boolean(),
      createdAt: instante,
      updatedAt: instante,
    }),
    preparar: (linha) => ({ ...comNomeBusca(linha), unidade: unidadeDaLinha(linha) }),
  },
  {
    key: 'vendas',
    table: vendas,
    refs: { clienteId: 'clientes' },
    unicos: ['numeroVenda', 'chave'],
    linha: z.object({
      id,
      numeroVenda: texto(40),
      clienteId: id.nullable(),
      dataVenda: instante,
      valorTotal: inteiro(0, MAX_TOTAL_VENDA),
      valorPago: inteiro(0, MAX_TOTAL_VENDA),
      formaPagamento: z.enum(FORMAS_PAGAMENTO),
      statusPagamento: z.enum(STATUS_PAGAMENTO),
      observacoes: comoNoFormulario(textoOpcional(), observacoesVendaSchema),
      limiteExcedidoConfirmado: z.boolean(),
      canceladaEm: instante.nullable(),
      /** Σ quantity × unit cost of its items (checked on import). */
      custoTotal: inteiro(0, Number.MAX_SAFE_INTEGER),
      /** The discount on the whole sale and all its discounts together (format 4 on; before, none). */
      desconto: inteiro(0, MAX_TOTAL_VENDA).default(0),
      descontoPercentual: inteiro(1, MAX_DESCONTO_PERCENTUAL).nullable().default(null),
      descontoTotal: inteiro(0, MAX_TOTAL_VENDA).default(0),
      /** The cart's idempotency key, kept: a retried cart after a restore finds its sale. */
      chave: id.nullable(),
      /** Format 5 on: made offline, and what it arrived past (only an offline sale has alerts). */
      feitaOffline: z.boolean().default(false),
      alertas: z.array(alertaDaVenda).max(MAX_ITENS_VENDA + 3).default([]),
      /** Format 7 on: who of the shop made it (a person of another shop's becomes the owner on restore). */
      criadoPor: textoOpcional(64).default(null),
      createdAt: instante,
    }),
    preparar: (linha, mapa) => ({
      ...linha,
      ...semDescontoAntes(linha, ['desconto', 'descontoTotal']),
      feitaOffline: linha.feitaOffline ?? false,
      alertas: ((linha.alertas ?? []) as Array<Record<string, unknown>>).map((a) => (a.tipo === 'estoque' ? { ...a, produtoId: mapa('produtos', a.produtoId) } : a)),
    }),
  },
  {
    key: 'itensVenda',
    table: itensVenda,
    refs: { vendaId: 'vendas', produtoId: 'produtos' },
    porPai: { key: 'vendas', coluna: 'vendaId' },
    linha: z.object({
      id,
      vendaId: id,
      /** Null on a loose line ("avulso"); its description is `produtoNome` (format 3 on). */
      produtoId: id.nullable(),
      produtoNome: texto(120),
      unidade: z.enum(UNIDADES).optional(),
      /** Within the unit's own maximum: checked with the sums. */
      quantidade: inteiro(1, MAX_QUANTIDADE_ITEM_GUARDADA),
      precoUnitario: inteiro(0, MAX_PRECO),
      custoUnitario: inteiro(0, MAX_PRECO),
      /** Format 4 on: the catalogue price beside a changed one, the line's own discount and its share of the sale's. */
      precoTabela: inteiro(1, MAX_PRECO).nullable().default(null),
      desconto: inteiro(0, MAX_TOTAL_VENDA).default(0),
      descontoPercentual: inteiro(1, MAX_DESCONTO_PERCENTUAL).nullable().default(null),
      descontoRateado: inteiro(0, MAX_TOTAL_VENDA).default(0),
      /** What the line sold for: its value at its price less both discounts (checked with the sums). */
      subtotal: inteiro(0, MAX_TOTAL_VENDA),
      /** valorDaLinha of the cost; files made before units have none and get it computed. */
      custo: inteiro(0, MAX_TOTAL_VENDA).optional(),
    }),
    preparar: (linha) => ({
      ...linha,
      unidade: unidadeDaLinha(linha),
      custo: linha.custo ?? valorDaLinha(linha.quantidade as number, linha.custoUnitario as number, unidadeDaLinha(linha)),
      ...semDescontoAntes(linha, ['desconto', 'descontoRateado']),
    }),
  },
  {
    key: 'lancamentos',
    table: lancamentos,
    refs: { clienteId: 'clientes', vendaId: 'vendas' },
    unicos: ['referenciaExterna'],
    ordem: ['createdAt', 'id'],
    linha: z.object({
      id,
      clienteId: id,
      tipo: z.enum(TIPOS_LANCAMENTO),
      valor: inteiro(-MAX_CENTS, MAX_CENTS).refine((v) => v !== 0, 'zero'),
      metodo: z.enum(METODOS_PAGAMENTO).nullable(),
      vendaId: id.nullable(),
      descricao: textoOpcional(),
      referenciaExterna: textoOpcional(300),
      /** Files exported before this column have none. */
      vendasQuitadas: z.array(texto(40)).max(10_000).nullable().default(null),
      /** Who posted it: on restore, the seller restoring. */
      criadoPor: textoOpcional(64),
      createdAt: instante,
    }),
  },
  {
    // "Pagar Saldo Pendente" attempts of the customer page. Their ledger credits are rows of
    // `lancamentos` (referenciaExterna 'mp:<payment id>', kept, so a late webhook credits nothing twice).
    key: 'pagamentosOnline',
    table: pagamentosOnline,
    refs: { clienteId: 'clientes', lancamentoId: 'lancamentos' },
    unicos: ['mpPaymentId'],
    manterIds: true,
    linha: z.object({
      id,
      clienteId: id,
      metodo: z.enum(METODOS_ONLINE),
      valorBase: inteiro(1, Number.MAX_SAFE_INTEGER),
      taxa: inteiro(0, Number.MAX_SAFE_INTEGER),
      valorTotal: inteiro(1, Number.MAX_SAFE_INTEGER),
      parcelasMax: inteiro(1, PARCELAS_MAX_CARTAO),
      ambiente: z.enum(AMBIENTES_MERCADOPAGO),
      preferenceId: textoOpcional(300),
      /** Files exported before this column have none. Never restored (below). */
      initPoint: textoOpcional(2_000).default(null),
      /** A PIX of the page (files before these columns have none). Never restored (below). */
      pixCopiaCola: textoOpcional(1_000).default(null),
      pixQrCode: textoOpcional(100_000).default(null),
      pixExpiraEm: instante.nullable().default(null),
      /** Mercado Pago's payment id: a number. */
      mpPaymentId: z.string().regex(/^\d{1,20}$/).nullable(),
      status: z.enum(STATUS_PAGAMENTO_ONLINE),
      statusMp: textoOpcional(40),
      divergencia: textoOpcional(),
      lancamentoId: id.nullable(),
      verificadoEm: instante.nullable(),
      createdAt: instante,
      updatedAt: instante,
    }),
    // A checkout is transient: where Mercado Pago sends the customer to pay is never taken from a
    // file (an edited one could send every "Pagar" to another site), nor a PIX code to pay (an edited
    // one could pay someone else). Attempts nobody paid are not restored; the others keep their
    // payment, and a new "Pagar" opens a new checkout or a new PIX.
    restaurar: (linha) => linha.status !== 'criado',
    preparar: (linha) => ({ ...linha, preferenceId: null, initPoint: null, pixCopiaCola: null, pixQrCode: null, pixExpiraEm: null }),
  },
  {
    // The customer's answers about the entries of their account (format 8 on): "Reconheço", and
    // the disputes with the shop's answer. Who resolved one: on restore, the seller restoring.
    key: 'contestacoes',
    table: contestacoes,
    desde: 8,
    refs: { clienteId: 'clientes', lancamentoId: 'lancamentos' },
    unicos: ['lancamentoId'],
    linha: z
      .object({
        id,
        clienteId: id,
        lancamentoId: id,
        reconhece: z.boolean(),
        motivo: comoNoFormulario(textoOpcional(MAX_MOTIVO_CONTESTACAO), conferenciaInputSchema.shape.motivo.unwrap().nullable()),
        criadaEm: instante,
        resolucao: z.enum(RESOLUCOES_CONTESTACAO).nullable(),
        resposta: comoNoFormulario(textoOpcional(MAX_RESPOSTA_CONTESTACAO), resolverContestacaoInputSchema.shape.resposta.nullable()),
        resolvidaEm: instante.nullable(),
        resolvidaPor: textoOpcional(64),
      })
      // As the database keeps them: a dispute has its reason; only a dispute is resolved, with its answer and day.
      .refine((c) => (c.reconhece || c.motivo !== null) && (c.resolvidaEm === null) === (c.resolucao === null) && (c.resolucao === null) === (c.resposta === null) && (c.resolucao === null || !c.reconhece), 'contestacaoInconsistente'),
  },
  {
    // Schedules of instalments (format 11 on, ADR 046): the one in force and the ones it replaced.
    // What they paid follows from the ledger after the restore (financeiro/parcelas.ts).
    key: 'parcelamentos',
    table: parcelamentos,
    desde: 11,
    refs: { clienteId: 'clientes' },
    linha: z
      .object({
        id,
        clienteId: id,
        estado: z.enum(ESTADOS_PARCELAMENTO),
        modo: z.enum(MODOS_PARCELAMENTO),
        total: inteiro(1, MAX_CENTS),
        parcelas: z
          .array(z.object({ numero: inteiro(1, PARCELAS_MAX), vencimento: dia, valor: inteiro(1, MAX_CENTS) }))
          .min(PARCELAS_MIN)
          .max(PARCELAS_MAX),
        creditos: centavos,
        abertoAoEncerrar: inteiro(0, MAX_CENTS).nullable(),
        criadoEm: instante,
        encerradoEm: instante.nullable(),
      })
      // As it was made: numbered in order, dates in order, summing to the debt it split.
      .refine(
        (p) =>
          p.parcelas.every((x, i) => x.numero === i + 1 && (i === 0 || x.vencimento > p.parcelas[i - 1]!.vencimento)) &&
          p.parcelas.reduce((s, x) => s + x.valor, 0) === p.total &&
          (p.estado === 'ativo') === (p.encerradoEm === null),
        'parcelamentoInconsistente',
      ),
  },
  {
    key: 'notificacoes',
    table: notificacoes,
    ordem: ['createdAt', 'id'],
    linha: z.object({
      id,
      tipo: z.enum(NOTIFICATION_KINDS),
      params: z.record(z.string().max(40), z.union([texto(300), centavos])),
      lida: z.boolean(),
      createdAt: instante,
    }),
    // The links of a notification point at records of the file: they follow the new ids.
    preparar: (linha, mapa) => {
      const params = { ...(linha.params as Record<string, unknown>) };
      for (const [campo, key] of Object.entries(PARAMS_COM_ID)) {
        if (typeof params[campo] === 'string') params[campo] = mapa(key, params[campo]);
      }
      return { ...linha, params };
    },
  },
  {
    // The audit trail (ADR 037), in the order it was written. Never restored: see `historico`.
    key: 'auditoria',
    table: auditoria,
    desde: 6,
    historico: true,
    linha: z.object({
      id: inteiro(1, Number.MAX_SAFE_INTEGER),
      em: instante,
      autorTipo: z.enum(AUTORES_AUDITORIA),
      autorId: textoOpcional(100),
      autorNome: textoOpcional(200),
      acao: z.enum(ACOES_AUDITORIA),
      grupo: z.enum(GRUPOS_AUDITORIA),
      registroTipo: z.enum(REGISTROS_AUDITORIA),
      registroId: id.nullable(),
      registroNome: textoOpcional(200),
      clienteId: id.nullable(),
      mudancas: z.array(z.object({ campo: texto(100), item: texto(200).optional(), antes: valorAuditado, depois: valorAuditado })).max(100),
      detalhes: z.record(texto(100), valorAuditado),
      motivo: textoOpcional(),
      ip: textoOpcional(100),
    }),
  },
];

/** The tables a restore replaces and counts: every table of the file but its history. */
export const TABELAS_RESTAURADAS = TABELAS_BACKUP.filter((t) => !t.historico);

/** Ids a notification's params may carry, and the table each belongs to. */
const PARAMS_COM_ID: Record<string, string> = {
  vendaId: 'vendas',
  clienteId: 'clientes',
  produtoId: 'produtos',
  lancamentoId: 'lancamentos',
};

/** The tables a file of version `versao` holds, in file order. */
export const tabelasDaVersao = (versao: number) => TABELAS_BACKUP.filter((t) => (t.desde ?? 1) <= versao);

/**
 * Seller tables that are not rows of `dados` (docs/decisions/014): the profile, the PIX key and
 * the collection settings (in `perfil`), the backups themselves, what the database derives and
 * the restore rebuilds (the login registry, the customer search's version, the sales rollups by hour and by the shop's day, and
 * the reports' per-product and per-customer daily and monthly rollups), and the
 * Mercado Pago credentials — secrets
 * encrypted with this installation's key, which a downloadable file must not carry and another
 * installation could not read; a restore leaves them as they are. So does the shop's team
 * (pessoas, issue 37): each person is an account of this installation with its password and
 * sessions, which no file carries; the history keeps who did what.
 */
export const FORA_DO_BACKUP = [
  'backups_automaticos',
  'pessoas',
  'perfis',
  'chaves_pix',
  'cobranca_config',
  'logins_clientes',
  'mercadopago_contas',
  'clientes_totais',
  'clientes_versao',
  'pagamentos_por_hora',
  'vendas_por_hora',
  'vendas_totais',
  'produtos_por_dia',
  'clientes_por_dia',
  'produtos_por_mes',
  'clientes_por_mes',
  'vendas_por_dia_da_loja',
  'vendas_por_hora_do_mes',
  'pagamentos_por_dia_da_loja',
  'devedores_por_dia',
  'vendas_por_atendente',
  // What an import made, to undo it: a restore replaces those records, and clears these (restaurar.ts).
  'importacoes',
  'importacao_itens',
  // The outbox of messages to customers (ADR 043): delivery state, not the shop's records (each
  // entry it told of is in the file). A restored file must never send its old notices again.
  'mensagens',
  // The shop's WhatsApp credentials, like Mercado Pago's: typed again on a new installation.
  'whatsapp_contas',
];

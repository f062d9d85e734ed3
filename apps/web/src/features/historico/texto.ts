import {
  AMBIENTES_MERCADOPAGO,
  FORMAS_PAGAMENTO,
  FORMATO_CAMPO_AUDITADO,
  formatDocumento,
  formatPhone,
  METODOS_PAGAMENTO,
  STATUS_PAGAMENTO,
  type AcaoAuditoria,
  type AuditoriaItem,
  type Mudanca,
  type ValorAuditado,
} from '@caderneta/shared';
import { UNIDADE_PADRAO, UNIDADES, type Unidade } from '@caderneta/shared/unidades';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Celula } from '@/lib/csv';
import { useFormatters } from '@/lib/format';
import { isLanguage, LANGUAGE_NAMES, translateDynamic } from '@/lib/i18n';
import type { AutorDoHistorico } from './api/get-autores';

/** Fields whose values the trail keeps as codes: each value has its word (historico.json `valores.<campo>`). */
const CODIGOS: Record<string, readonly string[]> = {
  statusPagamento: STATUS_PAGAMENTO,
  formaPagamento: FORMAS_PAGAMENTO,
  unidade: UNIDADES,
  ambiente: AMBIENTES_MERCADOPAGO,
};

/**
 * A person's role and permissions (issue 37) keep their codes too, with the words of the Equipe
 * screen (equipe.json, which the Histórico loads): the permissions as one list, "a, b, c".
 */
const PALAVRAS_DA_EQUIPE: Record<string, string> = { papel: 'papeis', permissoes: 'permissoes' };

/** Secrets: the trail says they changed, never what they are (ADR 037). */
const SEGREDOS = new Set(['accessToken', 'webhookSecret', 'appSecret']);
/** The seller's photo: too large to keep, said to change. */
const FOTO = 'avatar';

/** The settings tab each change of the shop's settings was made on. */
const ABA_DA_CONFIGURACAO: Partial<Record<AcaoAuditoria, string>> = {
  'configuracoes.perfil': 'perfil',
  'configuracoes.loja': 'loja',
  'configuracoes.pix': 'loja',
  'configuracoes.mercadopago': 'mercadopago',
  'configuracoes.whatsapp': 'mensagens',
  'configuracoes.mensagens': 'mensagens',
  'configuracoes.regua': 'mensagens',
  'configuracoes.notificacoes': 'notificacoes',
  'configuracoes.sistema': 'sistema',
  'backup.restaurado': 'sistema',
};

const busca = (path: string, termo: string) => `${path}?busca=${encodeURIComponent(termo)}`;

/**
 * Where a row leads, as the notifications do: the sale, customer or product found by its number or
 * name in its list, the settings tab, or the due-date rule on Devedores. A record that was deleted
 * leads nowhere.
 */
export function linkDoRegistro(item: AuditoriaItem): string | null {
  const { tipo, nome } = item.registro;
  if (item.acao === 'cliente.excluido' || item.acao === 'produto.excluido') return null;
  if (tipo === 'venda') return nome ? busca('/vendas', nome) : null;
  if (tipo === 'cliente') return nome ? busca('/clientes', nome) : null;
  if (tipo === 'produto') return nome ? busca('/produtos', nome) : null;
  // A person of the shop: the Equipe screen, where everyone is on one list.
  if (tipo === 'pessoa') return '/equipe';
  if (item.acao === 'configuracoes.vencimento') return '/devedores';
  const aba = ABA_DA_CONFIGURACAO[item.acao];
  return aba ? `/configuracoes?aba=${aba}` : null;
}

/** A product's unit as the row says it (stock is kept in its steps: grams for kg); "un" when absent. */
function unidadeDe(item: AuditoriaItem): Unidade {
  const unidade = item.detalhes.unidade;
  return (UNIDADES as readonly unknown[]).includes(unidade) ? (unidade as Unidade) : UNIDADE_PADRAO;
}

/** Whether a change is said without its values ("Foto alterada", "Token de acesso: alterado"). */
const semValores = (m: Mudanca) => m.campo === FOTO || SEGREDOS.has(m.campo);

/**
 * The words of the Histórico in the seller's language, money and dates as the shop writes them:
 * the action, who, the record, each field and its values, the action's details. The page and the
 * CSV say the same.
 */
export function useTextoHistorico() {
  const { t } = useTranslation('historico');
  const fmt = useFormatters();

  return useMemo(() => {
    /** Centavos with a real minus sign: a balance is negative while the customer owes. */
    const dinheiro = (centavos: number) => (centavos < 0 ? `−${fmt.money(-centavos)}` : fmt.money(centavos));
    const comSinal = (centavos: number) => (centavos < 0 ? `−${fmt.money(-centavos)}` : `+${fmt.money(centavos)}`);
    /** A date or an instant the trail kept, in the shop's format; text that is no date stays as it is. */
    const valido = (texto: string) => !Number.isNaN(Date.parse(texto));
    const dataHora = (iso: string) => (valido(iso) ? fmt.dateTime(iso) : iso);

    const autor = (a: AutorDoHistorico) => (a.tipo === 'pessoa' ? a.nome || t('autores.pessoa') : t(`autores.${a.tipo}`));

    const acao = (a: AcaoAuditoria) => t(`acoes.${a}`);

    /** "Venda V123", a customer's or a product's name, "Loja"; null when the row names nothing. */
    function registro(item: AuditoriaItem): string | null {
      const { tipo, nome } = item.registro;
      if (tipo === 'venda') return nome ? t('registros.venda', { numero: nome }) : null;
      if (tipo === 'loja') return t('registros.loja');
      return nome;
    }

    /** "Preço de venda", or "Café — Preço de venda" for one line of a sale; an unknown field as it is. */
    function campo(m: Mudanca): string {
      const nome = translateDynamic(`historico:campos.${m.campo}`, m.campo);
      return m.item ? t('row.comItem', { item: m.item, campo: nome }) : nome;
    }

    /** A code's word ("pendente" → "Pendente", "pt-BR" → "Português (Brasil)"), a phone or CPF written out. */
    function texto(nomeDoCampo: string, valor: string): string {
      if (CODIGOS[nomeDoCampo]?.includes(valor)) return translateDynamic(`historico:valores.${nomeDoCampo}.${valor}`, valor);
      const daEquipe = PALAVRAS_DA_EQUIPE[nomeDoCampo];
      if (daEquipe) {
        const codigos = valor.split(',').map((codigo) => codigo.trim()).filter(Boolean);
        return codigos.length ? codigos.map((codigo) => translateDynamic(`equipe:${daEquipe}.${codigo}`, codigo)).join(', ') : t('valores.nenhuma');
      }
      if (nomeDoCampo === 'idioma' && isLanguage(valor)) return LANGUAGE_NAMES[valor];
      if (nomeDoCampo === 'telefone' || nomeDoCampo === 'telefoneLoja') return formatPhone(valor);
      if (nomeDoCampo === 'documento') return formatDocumento(valor);
      return valor;
    }

    /** A value as the row shows it: money, a quantity in the product's unit, Sim/Não, a date, "—". */
    function valor(nomeDoCampo: string, v: ValorAuditado, item: AuditoriaItem): string {
      if (v === null) return t('valores.vazio');
      if (typeof v === 'boolean') return v ? t('valores.sim') : t('valores.nao');
      const formato = FORMATO_CAMPO_AUDITADO[nomeDoCampo];
      if (typeof v === 'number') {
        if (formato === 'dinheiro') return dinheiro(v);
        if (nomeDoCampo === 'descontoMaximo') return fmt.percent(v);
        if (formato === 'quantidade') return fmt.quantidade(v, unidadeDe(item));
        return fmt.integer(v);
      }
      if (formato === 'data' && valido(v)) return fmt.date(v);
      return texto(nomeDoCampo, v);
    }

    /** The same value as a CSV cell: money and quantities as numbers a spreadsheet adds up, empty for none. */
    function celula(nomeDoCampo: string, v: ValorAuditado, item: AuditoriaItem): Celula {
      if (v === null) return null;
      const formato = FORMATO_CAMPO_AUDITADO[nomeDoCampo];
      if (typeof v === 'number' && formato === 'dinheiro') return { centavos: v };
      if (typeof v === 'number' && formato === 'quantidade') return { quantidade: v, unidade: unidadeDe(item) };
      if (typeof v === 'string' && formato === 'data' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return { data: v };
      if (typeof v === 'number') return v;
      return valor(nomeDoCampo, v, item);
    }

    /**
     * One change as the row says it: "Limite de crédito" with "R$ 100,00" → "R$ 250,00"; a secret as
     * "Token de acesso: alterado"; the photo as "Foto alterada", with no values at all.
     */
    function mudanca(m: Mudanca, item: AuditoriaItem): { campo: string; antes?: string; depois?: string } {
      if (m.campo === FOTO) return { campo: t('row.fotoAlterada') };
      if (SEGREDOS.has(m.campo)) return { campo: campo(m), depois: t('valores.alterado') };
      return { campo: campo(m), antes: valor(m.campo, m.antes, item), depois: valor(m.campo, m.depois, item) };
    }

    /** One change as CSV cells (Campo, Antes, Depois): a secret or the photo is "alterado", with no values. */
    function celulasDaMudanca(m: Mudanca, item: AuditoriaItem): [Celula, Celula, Celula] {
      if (semValores(m)) return [campo(m), null, t('valores.alterado')];
      return [campo(m), celula(m.campo, m.antes, item), celula(m.campo, m.depois, item)];
    }

    /** What the action carried, in a short line each: a sale's total and way of payment, a payment's amount and method. */
    function detalhes(item: AuditoriaItem): string[] {
      const d = item.detalhes;
      const numero = (chave: string) => (typeof d[chave] === 'number' ? (d[chave] as number) : null);
      const palavra = (chave: string) => (typeof d[chave] === 'string' ? (d[chave] as string) : null);
      const linhas: string[] = [];
      switch (item.acao) {
        case 'venda.criada':
        case 'venda.cancelada': {
          const total = numero('valorTotal');
          const forma = palavra('formaPagamento');
          const cliente = palavra('cliente');
          if (total !== null && forma) {
            const valores = { valor: fmt.money(total), forma: texto('formaPagamento', forma), cliente };
            linhas.push(cliente ? t('detalhes.vendaCliente', valores) : t('detalhes.venda', valores));
          }
          break;
        }
        case 'pagamento.registrado':
        case 'pagamento_online.creditado':
        case 'pagamento_online.estornado': {
          const quanto = numero('valor');
          const metodo = palavra('metodo') ?? palavra('metodoOnline');
          if (quanto === null) break;
          linhas.push(
            metodo && (METODOS_PAGAMENTO as readonly string[]).includes(metodo)
              ? t('detalhes.valorMetodo', { valor: fmt.money(quanto), metodo: translateDynamic(`historico:valores.metodo.${metodo}`, metodo) })
              : t('detalhes.valor', { valor: fmt.money(quanto) }),
          );
          break;
        }
        case 'ajuste.registrado': {
          // Signed: a credit lowers what the customer owes, a debit raises it.
          const quanto = numero('valor');
          if (quanto !== null) linhas.push(t('detalhes.valor', { valor: comSinal(quanto) }));
          break;
        }
        case 'cliente.lembrete_enviado': {
          const quanto = numero('valor');
          if (quanto !== null) linhas.push(t('detalhes.lembrete', { valor: fmt.money(quanto) }));
          break;
        }
        case 'cliente.contestacao_resolvida': {
          // How the dispute ended and the entry's amount; the answer the customer reads is the row's reason.
          const resolucao = palavra('resolucao');
          const quanto = numero('valor');
          if (resolucao && quanto !== null) {
            linhas.push(t('detalhes.contestacao', { resolucao: translateDynamic(`historico:valores.resolucao.${resolucao}`, resolucao), valor: fmt.money(quanto) }));
          }
          break;
        }
        case 'equipe.convidada': {
          const email = palavra('email');
          const papel = palavra('papel');
          if (email && d.reenviado === true) linhas.push(t('detalhes.conviteReenviado', { email }));
          else if (email) linhas.push(papel ? t('detalhes.convite', { email, papel: texto('papel', papel) }) : email);
          break;
        }
        case 'equipe.login_criado': {
          const usuario = palavra('usuario');
          const papel = palavra('papel');
          if (usuario) linhas.push(papel ? t('detalhes.login', { usuario, papel: texto('papel', papel) }) : t('detalhes.usuario', { usuario }));
          break;
        }
        case 'equipe.sessoes_encerradas': {
          const encerradas = numero('encerradas');
          if (encerradas !== null) linhas.push(t('detalhes.sessoes', { count: encerradas }));
          break;
        }
        case 'cliente.importado':
        case 'produto.importado': {
          const linha = numero('linha');
          if (linha !== null) linhas.push(t('detalhes.linhaImportada', { linha }));
          break;
        }
        case 'importacao.concluida': {
          const [criados, atualizados, ignorados] = [numero('criados'), numero('atualizados'), numero('ignorados')];
          if (criados !== null && atualizados !== null && ignorados !== null) linhas.push(t('detalhes.importacao', { criados, atualizados, ignorados }));
          const saldos = numero('totalSaldos');
          if (saldos) linhas.push(t('detalhes.saldosImportados', { valor: fmt.money(saldos) }));
          break;
        }
        case 'importacao.desfeita': {
          const [removidos, restaurados] = [numero('removidos'), numero('restaurados')];
          if (removidos !== null && restaurados !== null) linhas.push(t('detalhes.importacaoDesfeita', { removidos, restaurados }));
          break;
        }
        case 'backup.restaurado': {
          const exportadoEm = palavra('exportadoEm');
          if (exportadoEm) linhas.push(t('detalhes.backup', { data: dataHora(exportadoEm) }));
          break;
        }
        default:
          break;
      }
      // A sale or a payment the counter queued offline: when it was really made.
      const feitaEm = palavra('feitaEm');
      if (feitaEm) linhas.push(t('detalhes.feitaEm', { data: dataHora(feitaEm) }));
      return linhas;
    }

    return { dataHora, autor, acao, registro, mudanca, celulasDaMudanca, detalhes };
  }, [t, fmt]);
}

export type TextoHistorico = ReturnType<typeof useTextoHistorico>;

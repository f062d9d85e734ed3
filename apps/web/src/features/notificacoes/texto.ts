import type { Notificacao } from '@caderneta/shared';
import { ENTRADAS_CONTESTAVEIS, type EntradaContestavel } from '@caderneta/shared/contestacoes';
import { UNIDADE_PADRAO, UNIDADES, type Unidade } from '@caderneta/shared/unidades';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

const texto = (value: unknown) => (typeof value === 'string' ? value : '');
const numero = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);
/** A low-stock notice's unit; one written before products had units has none: "un". */
const unidade = (value: unknown): Unidade => ((UNIDADES as readonly unknown[]).includes(value) ? (value as Unidade) : UNIDADE_PADRAO);

const ENTRADAS = new Set<string>(ENTRADAS_CONTESTAVEIS);

/** Where a notification leads: the sale, the receipt, the product or the customer it is about. */
export function linkDaNotificacao(n: Notificacao): string | null {
  const p = n.params;
  switch (n.tipo) {
    case 'venda':
      return p.numero ? `/vendas?busca=${encodeURIComponent(texto(p.numero))}` : '/vendas';
    case 'pagamento':
      return p.lancamentoId ? `/recibos/${encodeURIComponent(texto(p.lancamentoId))}` : null;
    case 'estoque_baixo':
      return p.nome ? `/produtos?busca=${encodeURIComponent(texto(p.nome))}` : '/produtos';
    case 'devedor':
      return p.nome ? `/clientes?busca=${encodeURIComponent(texto(p.nome))}` : '/devedores';
    case 'pagamento_divergente':
      return p.cliente ? `/clientes?busca=${encodeURIComponent(texto(p.cliente))}` : '/clientes';
    case 'contestacao':
      // The customer's Detalhes on Devedores, where the dispute is resolved.
      return p.clienteId ? `/devedores?cliente=${encodeURIComponent(texto(p.clienteId))}` : '/devedores';
    default:
      return null;
  }
}

/** The title and sentence of a notification, in the seller's language and currency. */
export function useTextoNotificacao() {
  const { t } = useTranslation('notificacoes');
  const fmt = useFormatters();
  return (n: Notificacao): { title: string; text: string } => {
    const p = n.params;
    switch (n.tipo) {
      case 'venda': {
        const values = {
          numero: texto(p.numero),
          valor: fmt.money(numero(p.valor)),
          forma: p.forma === 'fiado' ? t('formas.fiado') : t('formas.vista'),
          cliente: texto(p.cliente),
        };
        const text = p.cliente ? t('tipos.venda.textCliente', values) : t('tipos.venda.text', values);
        return { title: t('tipos.venda.title'), text: p.por ? t('tipos.porPessoa', { text, por: texto(p.por) }) : text };
      }
      case 'pagamento': {
        const metodo = texto(p.metodo) as 'dinheiro' | 'pix' | 'cartao' | 'transferencia' | 'online';
        const text = t('tipos.pagamento.text', { cliente: texto(p.cliente), valor: fmt.money(numero(p.valor)), metodo: metodo ? t(`metodos.${metodo}`) : '' });
        return { title: t('tipos.pagamento.title'), text: p.por ? t('tipos.porPessoa', { text, por: texto(p.por) }) : text };
      }
      case 'estoque_baixo': {
        // "(3 unidades)" by the unit, as the spec words it; "(0,350 kg)" for anything else.
        const u = unidade(p.unidade);
        const text =
          u === 'un'
            ? t('tipos.estoque_baixo.text', { nome: texto(p.nome), count: numero(p.quantidade) })
            : t('tipos.estoque_baixo.textMedida', { nome: texto(p.nome), quantidade: fmt.quantidade(numero(p.quantidade), u) });
        return { title: t('tipos.estoque_baixo.title'), text };
      }
      case 'devedor': {
        const values = { nome: texto(p.nome), valor: fmt.money(numero(p.valor)) };
        // The daily overdue check adds how many days late; a customer falling into debt has none.
        const text = p.diasAtraso !== undefined ? t('tipos.devedor.textVencido', { ...values, count: numero(p.diasAtraso) }) : t('tipos.devedor.text', values);
        return { title: t('tipos.devedor.title'), text };
      }
      case 'pagamento_divergente':
        return {
          title: t('tipos.pagamento_divergente.title'),
          text: t('tipos.pagamento_divergente.text', { cliente: texto(p.cliente), valor: fmt.money(numero(p.valor)) }),
        };
      case 'contestacao': {
        const entrada = p.numeroVenda
          ? t('tipos.contestacao.entrada.compraNumero', { numero: texto(p.numeroVenda) })
          : ENTRADAS.has(texto(p.entrada))
            ? t(`tipos.contestacao.entrada.${texto(p.entrada) as EntradaContestavel}`)
            : t('tipos.contestacao.entrada.ajuste');
        return {
          title: t('tipos.contestacao.title'),
          text: t('tipos.contestacao.text', { cliente: texto(p.cliente), entrada, valor: fmt.money(numero(p.valor)), motivo: texto(p.motivo) }),
        };
      }
      default:
        return { title: '', text: '' };
    }
  };
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "há 5 minutos", "ontem"… from `now`, in `locale`. */
export function tempoRelativo(iso: string, locale: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  // One per language, shared by every notification in the list.
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

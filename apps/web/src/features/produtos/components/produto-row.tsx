import type { Produto } from '@caderneta/shared';
import { formatarQuantidade } from '@caderneta/shared/unidades';
import HistoryIcon from 'lucide-react/icons/history';
import PowerIcon from 'lucide-react/icons/power';
import { useTranslation } from 'react-i18next';
import { RecordRow, RecordTitle } from '@/components/record-row';
import { Badge } from '@/components/ui/badge';
import { RowActions, RowMenuItem } from '@/components/row-actions';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { cn } from '@/lib/utils';

/** What the row offers; the route leaves out what the person may not do (`editar_produtos`). */
export interface ProdutoRowActions {
  onEdit?: (produto: Produto) => void;
  onDelete?: (produto: Produto) => void;
  onToggleAtivo?: (produto: Produto) => void;
}

/** One product: category, stock state, prices, stock with its unit, margin and stock value (spec §2). */
export function ProdutoRow({ produto, actions }: { produto: Produto; actions: ProdutoRowActions }) {
  const { t } = useTranslation('produtos');
  const fmt = useFormatters();
  const titleId = `produto-${produto.id}-nome`;
  // The shop's history is for who looks after its people (GET /api/auditoria needs `equipe`).
  const veHistorico = usePode('equipe');
  const figures = [
    // Per kg or L for what is sold by weight or volume: "R$ 29,90/kg".
    { label: t('row.precoVenda'), value: fmt.preco(produto.precoVenda, produto.unidade) },
    { label: t('row.precoCusto'), value: fmt.preco(produto.precoCusto, produto.unidade) },
    {
      label: t('row.estoque'),
      value: fmt.quantidade(produto.estoqueAtual, produto.unidade),
      hint: t('row.minimo', { quantidade: formatarQuantidade(produto.estoqueMinimo, produto.unidade, fmt.locale) }),
      className: produto.estoqueBaixo ? 'text-amber-700 dark:text-amber-400' : undefined,
    },
    {
      label: t('row.margem'),
      value: fmt.percent(produto.margem),
      className: produto.margem < 0 ? 'text-destructive' : undefined,
    },
    { label: t('row.valorTotal'), value: fmt.money(produto.valorTotal) },
  ];

  return (
    <RecordRow titleId={titleId} className="lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0 space-y-1.5 lg:w-64 lg:shrink-0">
        <RecordTitle id={titleId} title={produto.nome} className="truncate" />
        <div className="flex flex-wrap gap-2">
          {produto.categoria && <Badge variant="secondary">{produto.categoria}</Badge>}
          {/* One state per row: a deactivated product is "Inativo" (its stock figures stay below). */}
          {!produto.ativo ? (
            <Badge variant="outline">{t('row.inativo')}</Badge>
          ) : produto.estoqueBaixo ? (
            <Badge variant="destructive">{t('row.estoqueBaixo')}</Badge>
          ) : (
            <Badge variant="outline">{t('row.normal')}</Badge>
          )}
        </div>
        {produto.descricao && <p className="truncate text-sm text-muted-foreground">{produto.descricao}</p>}
      </div>

      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className={cn('font-medium tabular-nums', f.className)}>
              {f.value}
              {f.hint && <span className="ml-1 text-xs font-normal text-muted-foreground">({f.hint})</span>}
            </dd>
          </div>
        ))}
      </dl>

      <RowActions
        className="justify-end"
        labels={{ edit: t('row.edit', { nome: produto.nome }), delete: t('row.delete', { nome: produto.nome }), more: t('row.more', { nome: produto.nome }) }}
        onEdit={actions.onEdit && (() => actions.onEdit?.(produto))}
        onDelete={actions.onDelete && (() => actions.onDelete?.(produto))}
      >
        {actions.onToggleAtivo && (
          <RowMenuItem icon={PowerIcon} label={produto.ativo ? t('row.deactivate') : t('row.reactivate')} onSelect={() => actions.onToggleAtivo?.(produto)} />
        )}
        {veHistorico && <RowMenuItem icon={HistoryIcon} label={t('row.historico')} to={`/historico?registro=produto&registroId=${produto.id}`} />}
      </RowActions>
    </RecordRow>
  );
}

import type { EstoqueFiltro, Produto } from '@caderneta/shared';
import PackageIcon from 'lucide-react/icons/package';
import PackageXIcon from 'lucide-react/icons/package-x';
import PlusIcon from 'lucide-react/icons/plus';
import SearchXIcon from 'lucide-react/icons/search-x';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { ListSearch } from '@/components/list-search';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useProdutos } from '@/features/produtos/api/get-produtos';
import { useSetProdutoAtivo } from '@/features/produtos/api/set-produto-ativo';
import { DeleteProdutoDialog } from '@/features/produtos/components/delete-produto-dialog';
import { ProdutoFormDialog } from '@/features/produtos/components/produto-form-dialog';
import { ProdutoRow } from '@/features/produtos/components/produto-row';
import { ProdutosStats } from '@/features/produtos/components/produtos-stats';
import { toastError } from '@/lib/api-client';
import { useListParams } from '@/lib/use-list-params';

const PAGE_SIZE = 20;
const ESTOQUE_FILTROS = ['todos', 'baixo', 'normal'] as const satisfies readonly EstoqueFiltro[];

function estoqueOf(value: string | null): EstoqueFiltro {
  return (ESTOQUE_FILTROS as readonly string[]).includes(value ?? '') ? (value as EstoqueFiltro) : 'todos';
}

/** /produtos: the four cards, search, stock filter, the paged list and the product dialogs. */
export function Component() {
  const { t } = useTranslation('produtos');
  const list = useListParams();
  const status = list.params.get('status') === 'inativos' ? 'inativos' : 'ativos';
  const estoque = estoqueOf(list.params.get('estoque'));
  const query = useProdutos({ busca: list.busca, estoque, status, page: list.page, pageSize: PAGE_SIZE });
  const data = query.data;

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Produto | null>(null);
  const [deleting, setDeleting] = useState<Produto | null>(null);
  const setAtivo = useSetProdutoAtivo();

  useEffect(() => {
    if (query.isError) toastError(query.error, 'produtos:toast.loadError');
  }, [query.isError, query.error]);

  const pageEmpty = !!data && data.items.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pageEmpty) setPage(1);
  }, [pageEmpty, setPage]);

  function openNew() {
    setEditing(null);
    setFormOpen(true);
  }

  async function toggleAtivo(produto: Produto) {
    const ativo = !produto.ativo;
    try {
      await setAtivo.mutateAsync({ id: produto.id, ativo });
    } catch (error) {
      toastError(error, 'produtos:toast.updateError');
      return;
    }
    toast.success(ativo ? t('toast.reactivated') : t('toast.deactivated'), {
      description: t(ativo ? 'toast.reactivatedDescription' : 'toast.deactivatedDescription', { nome: produto.nome }),
    });
  }

  const actions = {
    onEdit: (produto: Produto) => {
      setEditing(produto);
      setFormOpen(true);
    },
    onDelete: setDeleting,
    onToggleAtivo: (produto: Produto) => void toggleAtivo(produto),
  };

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!data) {
      return <LoadError title={t('toast.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (data.items.length === 0) {
      if (list.busca || estoque !== 'todos') {
        return <EmptyState icon={SearchXIcon} title={t('list.noResults')} description={t('list.noResultsDescription')} />;
      }
      if (status === 'inativos') {
        return <EmptyState icon={PackageXIcon} title={t('list.noInactive')} description={t('list.noInactiveDescription')} />;
      }
      return (
        <EmptyState
          icon={PackageIcon}
          title={t('list.empty')}
          description={t('list.emptyDescription')}
          action={
            <Button onClick={openNew}>
              <PlusIcon aria-hidden="true" />
              {t('list.addFirst')}
            </Button>
          }
        />
      );
    }
    return (
      <ul aria-label={t('list.label')} aria-busy={query.isPlaceholderData} className="divide-y">
        {data.items.map((produto) => (
          <ProdutoRow key={produto.id} produto={produto} actions={actions} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={openNew}>
            <PlusIcon aria-hidden="true" />
            {t('new')}
          </Button>
        }
      />

      <ProdutosStats resumo={data?.resumo} />

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 lg:flex-row lg:items-center">
          <ListSearch
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={list.typed}
            onChange={list.setTyped}
          />
          <div className="flex flex-wrap gap-2">
            <ToggleGroup
              type="single"
              aria-label={t('filters.estoqueLabel')}
              value={estoque}
              onValueChange={(value) => value && list.setFilter('estoque', value === 'todos' ? null : value)}
            >
              {ESTOQUE_FILTROS.map((filtro) => (
                <ToggleGroupItem key={filtro} value={filtro}>
                  {t(`filters.${filtro}`)}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
            <ToggleGroup
              type="single"
              aria-label={t('filters.statusLabel')}
              value={status}
              onValueChange={(value) => value && list.setFilter('status', value === 'ativos' ? null : value)}
            >
              <ToggleGroupItem value="ativos">{t('filters.ativos')}</ToggleGroupItem>
              <ToggleGroupItem value="inativos">{t('filters.inativos')}</ToggleGroupItem>
            </ToggleGroup>
          </div>
        </div>
        {data && (data.total > 0 || list.busca) && (
          <p className="px-4 pt-3 text-sm text-muted-foreground" aria-live="polite">
            {t('filters.found', { count: data.total })}
          </p>
        )}
        {renderBody()}
        {data && (
          <Pagination
            className="border-t px-4 pb-4"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            busy={query.isPlaceholderData}
            onPageChange={list.setPage}
          />
        )}
      </Card>

      {/* Keyed by record: switching between new and edit mounts a fresh dialog instead of reopening one mid-close. */}
      <ProdutoFormDialog key={editing?.id ?? 'novo'} open={formOpen} onOpenChange={setFormOpen} produto={editing} />
      <DeleteProdutoDialog
        produto={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeactivateInstead={(produto) => {
          setDeleting(null);
          void toggleAtivo(produto);
        }}
      />
    </>
  );
}

import type { Cliente } from '@caderneta/shared';
import PlusIcon from 'lucide-react/icons/plus';
import SearchXIcon from 'lucide-react/icons/search-x';
import UserXIcon from 'lucide-react/icons/user-x';
import UsersIcon from 'lucide-react/icons/users';
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
import { useClientes } from '@/features/clientes/api/get-clientes';
import { useSetClienteAtivo } from '@/features/clientes/api/set-cliente-ativo';
import { ClienteFormDialog } from '@/features/clientes/components/cliente-form-dialog';
import { ClienteRow } from '@/features/clientes/components/cliente-row';
import { ClientesStats } from '@/features/clientes/components/clientes-stats';
import { DeleteClienteDialog } from '@/features/clientes/components/delete-cliente-dialog';
import { RegenerarLoginDialog } from '@/features/clientes/components/regenerar-login-dialog';
import { AjusteDialog } from '@/features/financeiro/components/ajuste-dialog';
import { ExtratoDialog } from '@/features/financeiro/components/extrato-dialog';
import { PagamentoDialog } from '@/features/financeiro/components/pagamento-dialog';
import { toastError } from '@/lib/api-client';
import { useListParams } from '@/lib/use-list-params';

const PAGE_SIZE = 20;

/** /clientes: cards, search, the paged list and the customer dialogs (spec §2 "Customers"). */
export function Component() {
  const { t } = useTranslation('clientes');
  const list = useListParams();
  const status = list.params.get('status') === 'inativos' ? 'inativos' : 'ativos';
  const query = useClientes({ busca: list.busca, status, page: list.page, pageSize: PAGE_SIZE });
  const data = query.data;

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Cliente | null>(null);
  const [deleting, setDeleting] = useState<Cliente | null>(null);
  const [regenerating, setRegenerating] = useState<Cliente | null>(null);
  const [pagando, setPagando] = useState<Cliente | null>(null);
  const [ajustando, setAjustando] = useState<Cliente | null>(null);
  const [extrato, setExtrato] = useState<Cliente | null>(null);
  const setAtivo = useSetClienteAtivo();

  useEffect(() => {
    if (query.isError) toastError(query.error, 'clientes:toast.loadError');
  }, [query.isError, query.error]);

  // A page past the end (e.g. after deleting the last row of the last page): back to the first.
  const pageEmpty = !!data && data.items.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pageEmpty) setPage(1);
  }, [pageEmpty, setPage]);

  function openNew() {
    setEditing(null);
    setFormOpen(true);
  }

  async function toggleAtivo(cliente: Cliente) {
    const ativo = !cliente.ativo;
    try {
      await setAtivo.mutateAsync({ id: cliente.id, ativo });
    } catch (error) {
      toastError(error, 'clientes:toast.updateError');
      return;
    }
    toast.success(ativo ? t('toast.reactivated') : t('toast.deactivated'), {
      description: t(ativo ? 'toast.reactivatedDescription' : 'toast.deactivatedDescription', { nome: cliente.nome }),
    });
  }

  const actions = {
    onEdit: (cliente: Cliente) => {
      setEditing(cliente);
      setFormOpen(true);
    },
    onDelete: setDeleting,
    onToggleAtivo: (cliente: Cliente) => void toggleAtivo(cliente),
    onRegenerateLogin: setRegenerating,
    onPagamento: setPagando,
    onAjuste: setAjustando,
    onExtrato: setExtrato,
  };

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!data) {
      return <LoadError title={t('toast.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (data.items.length === 0) {
      if (list.busca) {
        return <EmptyState icon={SearchXIcon} title={t('list.noResults')} description={t('list.noResultsDescription')} />;
      }
      if (status === 'inativos') {
        return <EmptyState icon={UserXIcon} title={t('list.noInactive')} description={t('list.noInactiveDescription')} />;
      }
      return (
        <EmptyState
          icon={UsersIcon}
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
        {data.items.map((cliente) => (
          <ClienteRow key={cliente.id} cliente={cliente} actions={actions} />
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

      <ClientesStats resumo={data?.resumo} />

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center">
          <ListSearch
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={list.typed}
            onChange={list.setTyped}
          />
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
      <ClienteFormDialog key={editing?.id ?? 'novo'} open={formOpen} onOpenChange={setFormOpen} cliente={editing} />
      <DeleteClienteDialog
        cliente={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeactivateInstead={(cliente) => {
          setDeleting(null);
          void toggleAtivo(cliente);
        }}
      />
      <RegenerarLoginDialog cliente={regenerating} onOpenChange={(open) => !open && setRegenerating(null)} />
      <PagamentoDialog cliente={pagando} onOpenChange={(open) => !open && setPagando(null)} />
      <AjusteDialog cliente={ajustando} onOpenChange={(open) => !open && setAjustando(null)} />
      <ExtratoDialog cliente={extrato} onOpenChange={(open) => !open && setExtrato(null)} />
    </>
  );
}

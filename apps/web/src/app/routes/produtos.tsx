import type { EstoqueFiltro, Produto } from '@caderneta/shared';
import PackageIcon from 'lucide-react/icons/package';
import PackageXIcon from 'lucide-react/icons/package-x';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { EmptyState } from '@/components/empty-state';
import { ATIVOS_FILTROS, AtivosFilter, ToggleFilter } from '@/components/list-filters';
import { ListPage } from '@/components/list-page';
import { useProdutos } from '@/features/produtos/api/get-produtos';
import { useSetProdutoAtivo } from '@/features/produtos/api/set-produto-ativo';
import { DeleteProdutoDialog } from '@/features/produtos/components/delete-produto-dialog';
import { ProdutoFormDialog } from '@/features/produtos/components/produto-form-dialog';
import { ProdutoRow } from '@/features/produtos/components/produto-row';
import { ProdutosStats } from '@/features/produtos/components/produtos-stats';
import { usePode } from '@/lib/permissoes';
import { useListParams } from '@/lib/use-list-params';
import { useEditDialog } from '@/lib/use-edit-dialog';
import { useToggleAtivo } from '@/lib/use-toggle-ativo';
import { LinkImportar } from '@/features/importacao/components/link-importar';

const PAGE_SIZE = 20;
const ESTOQUE_FILTROS = ['todos', 'baixo', 'normal'] as const satisfies readonly EstoqueFiltro[];

/** /produtos: the four cards, search, stock filter, the paged list and the product dialogs. */
export function Component() {
  const { t } = useTranslation('produtos');
  const list = useListParams();
  const status = list.choice('status', ATIVOS_FILTROS);
  const estoque = list.choice('estoque', ESTOQUE_FILTROS);
  const query = useProdutos({ busca: list.busca, estoque, status, page: list.page, pageSize: PAGE_SIZE });
  const data = query.data;

  const form = useEditDialog<Produto>();
  const [deleting, setDeleting] = useState<Produto | null>(null);
  const toggleAtivo = useToggleAtivo<Produto>(useSetProdutoAtivo().mutateAsync, 'produtos');

  // Creating, changing, deactivating and deleting products: for who may edit them (`editar_produtos`).
  const edita = usePode('editar_produtos');
  // Importing a spreadsheet goes with "backup e importação" (issue 39).
  const importa = usePode('backup');
  const actions = edita
    ? {
        onEdit: form.openEdit,
        onDelete: setDeleting,
        onToggleAtivo: (produto: Produto) => void toggleAtivo(produto),
      }
    : {};

  return (
    <ListPage
      ns="produtos"
      actions={
        (edita || importa) && (
          <>
            {edita && <AddButton label={t('new')} onClick={form.openNew} />}
            {importa && <LinkImportar tipo="produtos">{t('importar')}</LinkImportar>}
          </>
        )
      }
      stats={<ProdutosStats resumo={data?.resumo} />}
      list={list}
      toolbarLayout="inline-wide"
      filters={
        <div className="flex flex-wrap gap-2">
          <ToggleFilter list={list} param="estoque" label={t('filters.estoqueLabel')} options={ESTOQUE_FILTROS} optionLabel={(f) => t(`filters.${f}`)} />
          <AtivosFilter ns="produtos" list={list} />
        </div>
      }
      query={query}
      filtered={!!list.busca || estoque !== 'todos'}
      empty={
        status === 'inativos' ? (
          <EmptyState icon={PackageXIcon} title={t('list.noInactive')} description={t('list.noInactiveDescription')} />
        ) : (
          <EmptyState icon={PackageIcon} title={t('list.empty')} description={t('list.emptyDescription')} action={edita && <AddButton label={t('list.addFirst')} onClick={form.openNew} />} />
        )
      }
      renderItem={(produto) => <ProdutoRow produto={produto} actions={actions} />}
    >
      {/* Keyed by record: switching between new and edit mounts a fresh dialog instead of reopening one mid-close. */}
      <ProdutoFormDialog key={form.editing?.id ?? 'novo'} open={form.open} onOpenChange={form.setOpen} produto={form.editing} />
      <DeleteProdutoDialog
        produto={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeactivateInstead={(produto) => {
          setDeleting(null);
          void toggleAtivo(produto);
        }}
      />
    </ListPage>
  );
}

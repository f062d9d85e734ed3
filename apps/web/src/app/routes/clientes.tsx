import type { Cliente } from '@caderneta/shared';
import UserXIcon from 'lucide-react/icons/user-x';
import UsersIcon from 'lucide-react/icons/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/add-button';
import { EmptyState } from '@/components/empty-state';
import { ATIVOS_FILTROS, AtivosFilter } from '@/components/list-filters';
import { ListPage } from '@/components/list-page';
import { useClientes } from '@/features/clientes/api/get-clientes';
import { useSetClienteAtivo } from '@/features/clientes/api/set-cliente-ativo';
import { ClienteFormDialog } from '@/features/clientes/components/cliente-form-dialog';
import { ClienteRow } from '@/features/clientes/components/cliente-row';
import { ClientesStats } from '@/features/clientes/components/clientes-stats';
import { DeleteClienteDialog } from '@/features/clientes/components/delete-cliente-dialog';
import { DesativarClienteDialog } from '@/features/clientes/components/desativar-cliente-dialog';
import { RegenerarLoginDialog } from '@/features/clientes/components/regenerar-login-dialog';
import { AjusteDialog } from '@/features/financeiro/components/ajuste-dialog';
import { ExtratoDialog } from '@/features/financeiro/components/extrato-dialog';
import { PagamentoDialog } from '@/features/financeiro/components/pagamento-dialog';
import { VendaRapidaDialog } from '@/features/vendas/components/venda-rapida-dialog';
import { usePessoa } from '@/lib/permissoes';
import { useListParams } from '@/lib/use-list-params';
import { useEditDialog } from '@/lib/use-edit-dialog';
import { useToggleAtivo } from '@/lib/use-toggle-ativo';
import { LinkImportar } from '@/features/importacao/components/link-importar';

const PAGE_SIZE = 20;

/** /clientes: cards, search, the paged list and the customer dialogs (spec §2 "Customers"). */
export function Component() {
  const { t } = useTranslation('clientes');
  const list = useListParams();
  const status = list.choice('status', ATIVOS_FILTROS);
  const query = useClientes({ busca: list.busca, status, page: list.page, pageSize: PAGE_SIZE });
  const data = query.data;

  const form = useEditDialog<Cliente>();
  const [deleting, setDeleting] = useState<Cliente | null>(null);
  const [regenerating, setRegenerating] = useState<Cliente | null>(null);
  const [pagando, setPagando] = useState<Cliente | null>(null);
  const [ajustando, setAjustando] = useState<Cliente | null>(null);
  const [extrato, setExtrato] = useState<Cliente | null>(null);
  const [vendendo, setVendendo] = useState<Cliente | null>(null);
  const toggleAtivo = useToggleAtivo<Cliente>(useSetClienteAtivo().mutateAsync, 'clientes');
  // Deactivating asks first (what changes for the customer); reactivating does not.
  const [desativando, setDesativando] = useState<Cliente | null>(null);

  // Each action for who may do it (issue 37); the statement is everyone's.
  const { pode } = usePessoa();
  const edita = pode('editar_clientes');
  // Importing a spreadsheet goes with "backup e importação" (issue 39).
  const importa = pode('backup');
  const actions = {
    ...(edita && {
      onEdit: form.openEdit,
      onDelete: setDeleting,
      onToggleAtivo: (cliente: Cliente) => (cliente.ativo ? setDesativando(cliente) : void toggleAtivo(cliente)),
      onRegenerateLogin: setRegenerating,
    }),
    ...(pode('registrar_pagamento') && { onPagamento: setPagando }),
    ...(pode('ajustar_saldo') && { onAjuste: setAjustando }),
    onExtrato: setExtrato,
    // A fiado sale of a loose amount.
    ...(pode('vender_fiado') && { onVendaRapida: setVendendo }),
  };

  return (
    <ListPage
      ns="clientes"
      actions={
        (edita || importa) && (
          <>
            {edita && <AddButton label={t('new')} onClick={form.openNew} />}
            {importa && <LinkImportar tipo="clientes">{t('importar')}</LinkImportar>}
          </>
        )
      }
      stats={<ClientesStats resumo={data?.resumo} />}
      list={list}
      filters={<AtivosFilter ns="clientes" list={list} />}
      query={query}
      filtered={!!list.busca}
      empty={
        status === 'inativos' ? (
          <EmptyState icon={UserXIcon} title={t('list.noInactive')} description={t('list.noInactiveDescription')} />
        ) : (
          <EmptyState icon={UsersIcon} title={t('list.empty')} description={t('list.emptyDescription')} action={edita && <AddButton label={t('list.addFirst')} onClick={form.openNew} />} />
        )
      }
      renderItem={(cliente) => <ClienteRow cliente={cliente} actions={actions} />}
    >
      {/* Keyed by record: switching between new and edit mounts a fresh dialog instead of reopening one mid-close. */}
      <ClienteFormDialog
        key={form.editing?.id ?? 'novo'}
        open={form.open}
        onOpenChange={form.setOpen}
        cliente={form.editing}
        // The customer who already exists, found in the list (among the inactive ones if deactivated).
        onAbrirCliente={(existente) => {
          form.setOpen(false);
          list.setTyped(existente.nome);
          list.setFilter('status', existente.ativo ? null : 'inativos');
        }}
      />
      <DeleteClienteDialog
        cliente={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeactivateInstead={(cliente) => {
          setDeleting(null);
          void toggleAtivo(cliente);
        }}
      />
      <DesativarClienteDialog
        cliente={desativando}
        onOpenChange={(open) => !open && setDesativando(null)}
        onConfirm={async (cliente) => {
          if (await toggleAtivo(cliente)) setDesativando(null);
        }}
      />
      <RegenerarLoginDialog cliente={regenerating} onOpenChange={(open) => !open && setRegenerating(null)} />
      <PagamentoDialog cliente={pagando} onOpenChange={(open) => !open && setPagando(null)} />
      <AjusteDialog cliente={ajustando} onOpenChange={(open) => !open && setAjustando(null)} />
      <ExtratoDialog cliente={extrato} onOpenChange={(open) => !open && setExtrato(null)} />
      <VendaRapidaDialog cliente={vendendo} onOpenChange={(open) => !open && setVendendo(null)} />
    </ListPage>
  );
}

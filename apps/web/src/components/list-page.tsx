import SearchXIcon from 'lucide-react/icons/search-x';
import { Fragment, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { ListSearch } from '@/components/list-search';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Card } from '@/components/ui/card';
import type { AppResources } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** One page of a list as every list endpoint answers it (`paginatedSchema` in packages/shared). */
export interface ListPageData<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the page needs of its TanStack query (a `useQuery` result fits as it is). */
export interface ListPageQuery<T> {
  data: ListPageData<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The search box and the page number, as `useListParams()` keeps them in the URL. */
export interface ListPageParams {
  /** The search in the URL (what the list is filtered by). */
  busca: string;
  /** What the search box shows (the URL catches up once typing pauses). */
  typed: string;
  setTyped: (value: string) => void;
  page: number;
  setPage: (page: number) => void;
}

/** The locale keys a list page reads from its namespace (`clientes.json` has them all). */
interface ListPageKeys {
  title: string;
  description: string;
  filters: { searchLabel: string; searchPlaceholder: string; found_one: string; found_other: string };
  list: { label: string; loading: string; noResults: string; noResultsDescription: string };
  toast: { loadError: string };
}
type Resources = AppResources;
/** The namespaces that have every key of `ListPageKeys` (a new one joins by having them). */
export type ListPageNamespace = { [N in keyof Resources]: Resources[N] extends ListPageKeys ? N : never }[keyof Resources];

const TOOLBAR_LAYOUTS = {
  /** Search and one short filter side by side from 640 px. */
  inline: 'sm:flex-row sm:items-center',
  /** Search and several filters side by side from 1024 px. */
  'inline-wide': 'lg:flex-row lg:items-center',
  /** Filters on their own row under the search (a grid of labelled fields, say). */
  stacked: '',
} as const;

export interface ListPageProps<T extends { id: string }> {
  /** Locale namespace of the page: title, description, search, loading, "found", "no results"
   * and load-error texts come from its keys (`ListPageKeys`). */
  ns: ListPageNamespace;
  /** Header buttons ("Novo Cliente"). */
  actions?: ReactNode;
  /** The cards above the list; give them `query.data?.resumo` (undefined while loading). */
  stats?: ReactNode;
  /** `useListParams()`: the search box, the found line and the pagination read and drive it. */
  list: ListPageParams;
  /** Tabs, toggle groups or selects beside (or under) the search box. */
  filters?: ReactNode;
  toolbarLayout?: keyof typeof TOOLBAR_LAYOUTS;
  /** The page's `useQuery` result. */
  query: ListPageQuery<T>;
  /** True when the search or a filter narrows the list: an empty page then says "no results"
   * (`list.noResults`) instead of showing `empty`. */
  filtered: boolean;
  /** What an empty, unfiltered list shows ("Nenhum cliente cadastrado" + "add the first"). */
  empty: ReactNode;
  /** The line under the toolbar; by default `filters.found` ("3 clientes encontrados") once
   * there are rows or a search. Pass your own node to say more, or null to hide it. */
  found?: ReactNode;
  /** One row, rendered as an `<li>` (the list is a `<ul>`); keyed by the item's `id`. */
  renderItem: (item: T) => ReactNode;
  /** The page's dialogs, rendered after the card. */
  children?: ReactNode;
}

/**
 * The scaffold every list page shares: header, stats, a card with the search box and filters,
 * the found-count line, then loading / load error with "Tentar novamente" / empty or "no results"
 * / the rows, and pagination. It also toasts a load error and, when a page past the end comes
 * back empty (the last row of the last page was deleted), goes back to page 1.
 *
 * A new list page (e.g. /devedores) is a short route file:
 *
 *   const { t } = useTranslation('devedores');
 *   const list = useListParams();
 *   const query = useDevedores({ busca: list.busca, ordem, page: list.page, pageSize: 20 });
 *   return (
 *     <ListPage
 *       ns="devedores"              // devedores.json has title, description, filters.*, list.*, toast.loadError
 *       actions={<Button …>{t('configurarVencimento')}</Button>}
 *       stats={<DevedoresStats resumo={query.data?.resumo} />}
 *       list={list}
 *       filters={<NativeSelect …>…</NativeSelect>}
 *       query={query}
 *       filtered={!!list.busca}
 *       empty={<EmptyState icon={…} title={t('list.empty')} description={t('list.emptyDescription')} />}
 *       renderItem={(devedor) => <DevedorRow devedor={devedor} … />}
 *     >
 *       <PagamentoDialog … />
 *     </ListPage>
 *   );
 */
export function ListPage<T extends { id: string }>({
  ns,
  actions,
  stats,
  list,
  filters,
  toolbarLayout = 'inline',
  query,
  filtered,
  empty,
  found,
  renderItem,
  children,
}: ListPageProps<T>) {
  const { t } = useTranslation(ns);
  const { data, error } = query;
  const loadError = t('toast.loadError');

  useLoadErrorToast(query, loadError);

  // A page past the end (e.g. after deleting the last row of the last page): back to the first.
  const pageEmpty = !!data && data.items.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pageEmpty) setPage(1);
  }, [pageEmpty, setPage]);

  const foundLine = found !== undefined ? found : data && (data.total > 0 || list.busca) && t('filters.found', { count: data.total });

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!data) return <LoadError title={loadError} error={error} onRetry={() => void query.refetch()} />;
    if (data.items.length === 0) {
      if (!filtered) return empty;
      return <EmptyState icon={SearchXIcon} title={t('list.noResults')} description={t('list.noResultsDescription')} />;
    }
    return (
      <ul aria-label={t('list.label')} aria-busy={query.isPlaceholderData} className="divide-y">
        {data.items.map((item) => (
          <Fragment key={item.id}>{renderItem(item)}</Fragment>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      {stats}
      <Card className="gap-0 py-0">
        <div className={cn('flex flex-col gap-3 border-b p-4', TOOLBAR_LAYOUTS[toolbarLayout])}>
          <ListSearch
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={list.typed}
            onChange={list.setTyped}
          />
          {filters}
        </div>
        {data && foundLine ? (
          <p className="px-4 pt-3 text-sm text-muted-foreground" aria-live="polite">
            {foundLine}
          </p>
        ) : null}
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
      {children}
    </>
  );
}

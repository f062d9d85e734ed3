import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { AppResources } from '@/lib/i18n';
import type { ListParams } from '@/lib/use-list-params';

/**
 * Filters of a list page, kept in the URL through `useListParams()`: each reads its value from the
 * URL parameter `param` and, when changed, sets it and goes back to page 1. The page reads the
 * same value for its query with `list.choice(param, options)` or `list.optional(param, options)`.
 */
interface FilterProps<V extends string> {
  list: Pick<ListParams, 'choice' | 'optional' | 'setFilter'>;
  param: string;
  /** The filter's name ("Situação dos clientes"): above a select; for screen readers on toggles. */
  label: string;
  optionLabel: (option: V) => string;
}

/** A row of exclusive choices; the first option is the default and leaves the URL. */
export function ToggleFilter<V extends string>({
  list,
  param,
  label,
  options,
  optionLabel,
}: FilterProps<V> & { options: readonly [V, ...V[]] }) {
  return (
    <ToggleGroup
      type="single"
      aria-label={label}
      value={list.choice(param, options)}
      onValueChange={(next) => next && list.setFilter(param, next === options[0] ? null : next)}
    >
      {options.map((option) => (
        <ToggleGroupItem key={option} value={option}>
          {optionLabel(option)}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}

/** A labelled select whose first entry, `allLabel`, filters nothing. */
export function SelectFilter<V extends string>({
  list,
  param,
  label,
  options,
  optionLabel,
  allLabel,
}: FilterProps<V> & { options: readonly V[]; allLabel: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={list.optional(param, options) ?? ''} onChange={(event) => list.setFilter(param, event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

type Resources = AppResources;
/** The namespaces whose `filters` name the active / inactive choice (clientes, produtos). */
type AtivosNamespace = {
  [N in keyof Resources]: Resources[N] extends { filters: { statusLabel: string; ativos: string; inativos: string } } ? N : never;
}[keyof Resources];

/** Active first (the default), then inactive: the `status` filter of customers and products. */
export const ATIVOS_FILTROS = ['ativos', 'inativos'] as const;

/** Ativos / Inativos in the URL's `status`, labelled by the feature (`filters.statusLabel`, `.ativos`, `.inativos`). */
export function AtivosFilter({ ns, list }: { ns: AtivosNamespace; list: FilterProps<string>['list'] }) {
  const { t } = useTranslation(ns);
  return <ToggleFilter list={list} param="status" label={t('filters.statusLabel')} options={ATIVOS_FILTROS} optionLabel={(f) => t(`filters.${f}`)} />;
}

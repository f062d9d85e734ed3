import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { ListParams } from '@/lib/use-list-params';
import { cn } from '@/lib/utils';

/** Someone of the shop the list can be narrowed to: their account's id and name. */
export interface Atendente {
  id: string;
  nome: string | null;
}

interface AtendenteFilterProps {
  list: Pick<ListParams, 'setFilter'>;
  /** The person of the URL's `atendente`, if any. */
  value: string | undefined;
  /** The shop's people (GET /api/auditoria/autores); empty while they load. */
  pessoas: readonly Atendente[];
  className?: string;
}

/**
 * "Atendente": one person's sales, or everyone's ("Todos", the default). Kept in the URL's
 * `atendente` like the other filters; a person of the URL stays shown as chosen while the list of
 * people loads (or if it could not).
 */
export function AtendenteFilter({ list, value, pessoas, className }: AtendenteFilterProps) {
  const { t } = useTranslation('vendas');
  const id = useId();
  const opcoes = pessoas.map((p) => ({ id: p.id, nome: p.nome || t('filters.outroAtendente') }));
  if (value && !opcoes.some((p) => p.id === value)) opcoes.push({ id: value, nome: t('filters.outroAtendente') });
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{t('filters.atendente')}</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(event) => list.setFilter('atendente', event.target.value)}>
        <option value="">{t('filters.todosAtendentes')}</option>
        {opcoes.map((p) => (
          <option key={p.id} value={p.id}>
            {p.nome}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

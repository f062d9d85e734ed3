import { GRUPOS_AUDITORIA, type AuditoriaItem } from '@caderneta/shared';
import type { TFunction } from 'i18next';
import XIcon from 'lucide-react/icons/x';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '@/components/date-field';
import { SelectFilter } from '@/components/list-filters';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { ListParams } from '@/lib/use-list-params';
import type { FiltrosHistorico } from '../api/get-auditoria';
import { useAutores } from '../api/get-autores';
import { PARAMETROS_DO_REGISTRO, PARAMETROS_DOS_FILTROS } from '../filtros';
import type { TextoHistorico } from '../texto';

interface HistoricoFiltrosProps {
  list: ListParams;
  filtros: FiltrosHistorico;
  /** The rows loaded so far: they name the record the page is narrowed to. */
  items: readonly AuditoriaItem[];
  texto: TextoHistorico;
}

/**
 * Pessoa, Tipo and the period, kept in the URL; on a phone one under the other. Opened from a
 * customer, a sale or a product, the page shows "Somente: <nome>" with a button back to everything.
 */
export function HistoricoFiltros({ list, filtros, items, texto }: HistoricoFiltrosProps) {
  const { t } = useTranslation('historico');
  const [, setParams] = useSearchParams();
  const autores = useAutores();
  const ids = { pessoa: useId(), de: useId(), ate: useId() };

  const pessoas = (autores.data ?? []).map((autor) => ({ valor: autor.id ?? autor.tipo, rotulo: texto.autor(autor) }));
  // A person of the URL stays shown as chosen while the list loads (or if it could not).
  if (filtros.autor && !pessoas.some((p) => p.valor === filtros.autor)) pessoas.push({ valor: filtros.autor, rotulo: t('autores.pessoa') });

  const filtrado = !!(filtros.autor || filtros.grupo || filtros.de || filtros.ate);
  const escopo = nomeDoEscopo(filtros, items, texto, t);

  function remover(chaves: readonly string[]) {
    setParams(
      (atual) => {
        const next = new URLSearchParams(atual);
        for (const chave of chaves) next.delete(chave);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="flex flex-col gap-3 border-b p-4">
      {/* On a phone Pessoa and Tipo take the whole width, one under the other, and the two dates share a line. */}
      <div role="group" aria-label={t('filters.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor={ids.pessoa}>{t('filters.pessoa')}</Label>
          <NativeSelect id={ids.pessoa} value={filtros.autor ?? ''} onChange={(event) => list.setFilter('autor', event.target.value)}>
            <option value="">{t('filters.todasPessoas')}</option>
            {pessoas.map((p) => (
              <option key={p.valor} value={p.valor}>
                {p.rotulo}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <SelectFilter list={list} param="grupo" label={t('filters.tipo')} allLabel={t('filters.todosTipos')} options={GRUPOS_AUDITORIA} optionLabel={(g) => t(`grupos.${g}`)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.de}>{t('filters.de')}</Label>
          <DateField id={ids.de} value={filtros.de} max={filtros.ate} onChange={(value) => list.setFilter('de', value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.ate}>{t('filters.ate')}</Label>
          <DateField id={ids.ate} value={filtros.ate} min={filtros.de} onChange={(value) => list.setFilter('ate', value)} />
        </div>
        {filtrado && (
          <Button variant="ghost" className="col-span-2 lg:col-span-1" onClick={() => remover(PARAMETROS_DOS_FILTROS)}>
            <XIcon aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        )}
      </div>
      {escopo && (
        <p className="flex w-fit max-w-full items-center gap-1 rounded-full border bg-secondary py-0 pl-3 text-sm text-secondary-foreground">
          <span className="min-w-0 [overflow-wrap:anywhere]">{t('filters.somente', { nome: escopo })}</span>
          <Button variant="ghost" size="icon" className="shrink-0 rounded-full" aria-label={t('filters.mostrarTudo')} onClick={() => remover(PARAMETROS_DO_REGISTRO)}>
            <XIcon aria-hidden="true" />
          </Button>
        </p>
      )}
    </div>
  );
}

/**
 * The name of the record the page is narrowed to, as its newest row has it ("José da Silva",
 * "Venda V123"); before any row has loaded, or when none names it, "este cliente" and the like.
 * Null when the page is not narrowed to a record.
 */
function nomeDoEscopo(filtros: FiltrosHistorico, items: readonly AuditoriaItem[], texto: TextoHistorico, t: TFunction<'historico'>): string | null {
  if (filtros.clienteId) {
    const proprio = items.find((i) => i.registro.tipo === 'cliente' && i.registro.id === filtros.clienteId)?.registro.nome;
    const daVenda = items.find((i) => i.clienteId === filtros.clienteId && typeof i.detalhes.cliente === 'string')?.detalhes.cliente;
    return proprio ?? (typeof daVenda === 'string' ? daVenda : t('filters.registro.cliente'));
  }
  if (filtros.registroId) {
    const item = items.find((i) => i.registro.id === filtros.registroId);
    const nome = item ? texto.registro(item) : null;
    if (nome) return nome;
    return filtros.registro === 'cliente' || filtros.registro === 'venda' || filtros.registro === 'produto' || filtros.registro === 'pessoa'
      ? t(`filters.registro.${filtros.registro}`) : t('filters.registro.qualquer');
  }
  return null;
}

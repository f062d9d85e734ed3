import type { Importacao } from '@caderneta/shared';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '@/components/empty-state';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useImportacoes } from '../api/get-importacoes';
import { DesfazerDialog } from './desfazer-dialog';
import { LinkImportar } from './link-importar';

/**
 * Configurações › Sistema › "Importar planilha": the ways in (customers, products) and the last
 * imports, each with "Desfazer" while it can be undone. The list is asked for when opened: the
 * Sistema tab does not wait on it, and most visits never look.
 */
export function ImportacoesSecao() {
  const { t } = useTranslation('importacao');
  const listaId = useId();
  const [aberta, setAberta] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('secao.titulo')}</h2>
        </CardTitle>
        <CardDescription>{t('secao.descricao')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2 sm:flex-row">
          <LinkImportar tipo="clientes">{t('secao.clientes')}</LinkImportar>
          <LinkImportar tipo="produtos">{t('secao.produtos')}</LinkImportar>
        </div>
        <section className="flex flex-col gap-2">
          <h3>
            <Button variant="ghost" className="-mx-3 w-fit font-semibold" aria-expanded={aberta} aria-controls={listaId} onClick={() => setAberta((a) => !a)}>
              {t('secao.ultimas')}
              <ChevronDownIcon aria-hidden="true" className={cn('transition-transform', aberta && 'rotate-180')} />
            </Button>
          </h3>
          <div id={listaId} hidden={!aberta}>
            {aberta && <UltimasImportacoes />}
          </div>
        </section>
      </CardContent>
    </Card>
  );
}

function UltimasImportacoes() {
  const { t } = useTranslation('importacao');
  const fmt = useFormatters();
  const query = useImportacoes();
  const [desfazendo, setDesfazendo] = useState<Importacao | null>(null);
  useLoadErrorToast(query, t('secao.erro'));

  if (query.isPending) return <ListLoading text={t('secao.carregando')} className="py-6" />;
  if (!query.data) return <LoadError title={t('secao.erro')} error={query.error} onRetry={() => void query.refetch()} className="py-6" />;
  if (query.data.items.length === 0) return <p className="text-sm text-muted-foreground">{t('secao.vazio')}</p>;
  return (
    <>
      <ul aria-label={t('secao.ultimas')} className="divide-y">
        {query.data.items.map((importacao) => (
          <li key={importacao.id} aria-label={importacao.nomeArquivo} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-col gap-0.5 text-sm">
              <span className="font-medium break-all">{importacao.nomeArquivo}</span>
              <span className="text-muted-foreground">
                {t('secao.quando', { data: fmt.dateTime(importacao.criadoEm), tipo: t(`secao.tipo.${importacao.tipo}`) })}
                {importacao.por && ` · ${t('secao.por', { nome: importacao.por })}`}
              </span>
              <span>{t('secao.contagens', { criados: fmt.integer(importacao.criados), atualizados: fmt.integer(importacao.atualizados), ignorados: fmt.integer(importacao.ignorados) })}</span>
              {importacao.tipo === 'clientes' && importacao.saldos > 0 && <span>{t('secao.saldos', { count: importacao.saldos, total: fmt.money(importacao.totalSaldos) })}</span>}
              {importacao.desfeitaEm && <span className="font-medium">{t('secao.desfeita', { data: fmt.dateTime(importacao.desfeitaEm) })}</span>}
            </div>
            {!importacao.desfeitaEm && (
              <Button variant="outline" className="w-fit" aria-label={t('secao.desfazerDe', { arquivo: importacao.nomeArquivo })} onClick={() => setDesfazendo(importacao)}>
                {t('secao.desfazer')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <DesfazerDialog importacao={desfazendo} onOpenChange={(open) => !open && setDesfazendo(null)} />
    </>
  );
}

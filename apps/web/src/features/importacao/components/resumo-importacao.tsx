import type { Importacao } from '@caderneta/shared';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import Undo2Icon from 'lucide-react/icons/undo-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormatters } from '@/lib/format';
import { DesfazerDialog } from './desfazer-dialog';

/** What the import did — created, updated, skipped, opening balances — where to see it, and "Desfazer importação". */
export function ResumoImportacao({ importacao, onAtualizada, onOutro }: { importacao: Importacao; onAtualizada: (importacao: Importacao) => void; onOutro: () => void }) {
  const { t } = useTranslation('importacao');
  const fmt = useFormatters();
  const [desfazendo, setDesfazendo] = useState(false);
  const linhas: Array<[string, string]> = [
    [t('resumo.criados'), fmt.integer(importacao.criados)],
    [t('resumo.atualizados'), fmt.integer(importacao.atualizados)],
    [t('resumo.ignorados'), fmt.integer(importacao.ignorados)],
    ...(importacao.tipo === 'clientes' ? [[t('resumo.saldos'), t('resumo.saldosValor', { count: importacao.saldos, total: fmt.money(importacao.totalSaldos) })] as [string, string]] : []),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircleIcon className="size-5 text-emerald-600" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{t('resumo.titulo')}</h2>
        </CardTitle>
        <CardDescription className="break-all">{importacao.nomeArquivo}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
          {linhas.map(([rotulo, valor]) => (
            <div key={rotulo} className="contents">
              <dt className="text-muted-foreground">{rotulo}</dt>
              <dd className="text-right font-medium tabular-nums">{valor}</dd>
            </div>
          ))}
        </dl>
        {importacao.desfeitaEm && (
          <p role="status" className="text-sm font-medium">
            {t('resumo.desfeita', { data: fmt.dateTime(importacao.desfeitaEm) })}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {importacao.tipo === 'clientes' && (
            <Button asChild>
              <Link to="/devedores">{t('resumo.verDevedores')}</Link>
            </Button>
          )}
          <Button asChild variant={importacao.tipo === 'clientes' ? 'outline' : 'default'}>
            <Link to={importacao.tipo === 'clientes' ? '/clientes' : '/produtos'}>{importacao.tipo === 'clientes' ? t('resumo.verClientes') : t('resumo.verProdutos')}</Link>
          </Button>
          <Button variant="outline" onClick={onOutro}>
            {t('resumo.outro')}
          </Button>
          {!importacao.desfeitaEm && (
            <Button variant="outline" className="text-destructive" onClick={() => setDesfazendo(true)}>
              <Undo2Icon aria-hidden="true" />
              {t('resumo.desfazer')}
            </Button>
          )}
        </div>
      </CardContent>
      <DesfazerDialog importacao={desfazendo ? importacao : null} onOpenChange={setDesfazendo} onDesfeita={onAtualizada} />
    </Card>
  );
}

import type { TipoImportacao } from '@caderneta/shared';
import DownloadIcon from 'lucide-react/icons/download';
import UploadIcon from 'lucide-react/icons/upload';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { ErroPlanilha, gerarModelo, lerPlanilha, type Planilha } from '../lib';
import { cabecalhosDoModelo, linhaDeExemplo, mensagemErroPlanilha, tamanhoMaximo } from '../textos';
import { baixarArquivo } from '@/lib/csv';
import { SecaoTitulada } from '@/components/secao-titulada';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ArquivoLido {
  nome: string;
  planilha: Planilha;
}

/**
 * Step 1: the file (CSV or XLSX, read here in the browser) and the templates to fill in. A file
 * that cannot be read says why, in words, and stays on this step.
 */
export function PassoArquivo({ tipo, hoje, onLido }: { tipo: TipoImportacao; hoje: string; onLido: (arquivo: ArquivoLido) => void }) {
  const { t, i18n } = useTranslation('importacao');
  const locale = i18n.resolvedLanguage ?? 'pt-BR';
  const input = useRef<HTMLInputElement>(null);
  const [lendo, setLendo] = useState(false);
  const [gerando, setGerando] = useState<'csv' | 'xlsx' | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  async function escolher(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    setErro(null);
    setLendo(true);
    try {
      const planilha = await lerPlanilha(file);
      onLido({ nome: file.name, planilha });
    } catch (error) {
      // The reader's own refusals are said in words; anything else is a bug worth seeing.
      if (!(error instanceof ErroPlanilha)) console.error(error);
      setErro(mensagemErroPlanilha(t, error, locale));
    } finally {
      setLendo(false);
    }
  }

  async function baixarModelo(formato: 'csv' | 'xlsx') {
    setGerando(formato);
    try {
      const blob = await gerarModelo(formato, cabecalhosDoModelo(t, tipo), linhaDeExemplo(t, tipo, locale, hoje), locale);
      baixarArquivo(`${t(`arquivo.nomeModelo.${tipo}`)}.${formato}`, blob);
    } catch (error) {
      console.error(error);
      toast.error(t('arquivo.erroModelo'));
    } finally {
      setGerando(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('arquivo.titulo')}</h2>
        </CardTitle>
        <CardDescription>{t(`arquivo.oQue.${tipo}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">{t('arquivo.formatos', { tamanho: tamanhoMaximo(locale) })}</p>
          <Button className="w-full sm:w-fit" onClick={() => input.current?.click()} disabled={lendo}>
            <UploadIcon aria-hidden="true" />
            {lendo ? t('arquivo.lendo') : t('arquivo.escolher')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            aria-label={t('arquivo.inputLabel')}
            className="sr-only"
            tabIndex={-1}
            disabled={lendo}
            onChange={(event) => void escolher(event.target.files?.[0])}
          />
          {lendo && (
            <p role="status" className="text-sm text-muted-foreground">
              {t('arquivo.lendo')}
            </p>
          )}
          {erro && (
            <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
              <p className="font-medium text-destructive">{t('arquivo.erroTitulo')}</p>
              <p>{erro}</p>
            </div>
          )}
        </div>
        <SecaoTitulada titulo={t('arquivo.modeloTitulo')} nivel="h3" tituloClassName="font-semibold" className="flex flex-col gap-2 border-t pt-4">
          <p className="text-sm text-muted-foreground">{t('arquivo.modelo')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => void baixarModelo('xlsx')} disabled={gerando !== null}>
              <DownloadIcon aria-hidden="true" />
              {t('arquivo.baixarXlsx')}
            </Button>
            <Button variant="outline" onClick={() => void baixarModelo('csv')} disabled={gerando !== null}>
              <DownloadIcon aria-hidden="true" />
              {t('arquivo.baixarCsv')}
            </Button>
          </div>
        </SecaoTitulada>
      </CardContent>
    </Card>
  );
}

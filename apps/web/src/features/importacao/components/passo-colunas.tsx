import { CAMPOS_CLIENTE, CAMPOS_OBRIGATORIOS, CAMPOS_PRODUTO, type CampoImportacao, type Celula, numberFormat, type TipoImportacao } from '@caderneta/shared';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { rotuloCampo } from '../textos';
import type { ArquivoLido } from './passo-arquivo';

/** How many of a column's values the mapping shows. */
const EXEMPLOS = 3;
const NAO_IMPORTAR = '';

/** The first few values a column has (empty cells skipped), as the interface language writes numbers. */
function exemplosDa(linhas: Celula[][], coluna: number, locale: string): string[] {
  const numero = numberFormat(locale, { useGrouping: false, maximumFractionDigits: 10 });
  const achados: string[] = [];
  for (const linha of linhas) {
    const celula = linha[coluna];
    if (celula === null || celula === undefined || celula === '') continue;
    achados.push(typeof celula === 'number' ? numero.format(celula) : celula.trim());
    if (achados.length >= EXEMPLOS) break;
  }
  return achados.filter(Boolean);
}

/**
 * Step 2: each column of the file — its title and first values — and the field it fills, starting
 * from what the titles suggest. A field goes to one column only: choosing it for another moves it.
 * The required fields must each have a column before the rows are checked.
 */
export function PassoColunas({
  tipo,
  arquivo,
  mapa,
  onMapa,
  onTrocarArquivo,
  onContinuar,
  conferindo,
}: {
  tipo: TipoImportacao;
  arquivo: ArquivoLido;
  mapa: Array<CampoImportacao | null>;
  onMapa: (mapa: Array<CampoImportacao | null>) => void;
  onTrocarArquivo: () => void;
  onContinuar: () => void;
  conferindo: boolean;
}) {
  const { t, i18n } = useTranslation('importacao');
  const locale = i18n.resolvedLanguage ?? 'pt-BR';
  const id = useId();
  const [aviso, setAviso] = useState('');
  const campos: readonly CampoImportacao[] = tipo === 'clientes' ? CAMPOS_CLIENTE : CAMPOS_PRODUTO;
  const { cabecalhos, linhas } = arquivo.planilha;
  const titulo = (coluna: number) => cabecalhos[coluna]?.trim() || t('colunas.semTitulo', { numero: coluna + 1 });
  const faltam = CAMPOS_OBRIGATORIOS[tipo].filter((campo) => !mapa.includes(campo));

  function escolher(coluna: number, valor: string) {
    const campo = valor === NAO_IMPORTAR ? null : (valor as CampoImportacao);
    const anterior = campo === null ? -1 : mapa.findIndex((c, i) => c === campo && i !== coluna);
    onMapa(mapa.map((c, i) => (i === coluna ? campo : i === anterior ? null : c)));
    setAviso(campo !== null && anterior >= 0 ? t('colunas.movido', { campo: rotuloCampo(t, tipo, campo), coluna: titulo(coluna), anterior: titulo(anterior) }) : '');
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('colunas.titulo')}</h2>
        </CardTitle>
        <CardDescription>{t('colunas.descricao')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="min-w-0">
            <span className="font-medium break-all">{arquivo.nome}</span>
            <span className="text-muted-foreground"> · {t('colunas.linhas', { count: linhas.length })}</span>
          </p>
          <Button variant="outline" size="sm" onClick={onTrocarArquivo} disabled={conferindo}>
            {t('colunas.trocarArquivo')}
          </Button>
        </div>
        <ul className="divide-y rounded-md border">
          {cabecalhos.map((_, coluna) => {
            const exemplos = exemplosDa(linhas, coluna, locale);
            const selectId = `${id}-coluna-${coluna}`;
            return (
              <li key={coluna} className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center sm:gap-4">
                <div className="min-w-0">
                  <label htmlFor={selectId} className="font-medium break-words">
                    {titulo(coluna)}
                  </label>
                  <p className="text-sm break-words text-muted-foreground">
                    {exemplos.length > 0 ? `${t('colunas.exemplos')} ${exemplos.join(' · ')}` : t('colunas.vazia')}
                  </p>
                </div>
                <NativeSelect
                  id={selectId}
                  aria-label={t('colunas.campoDe', { coluna: titulo(coluna) })}
                  value={mapa[coluna] ?? NAO_IMPORTAR}
                  disabled={conferindo}
                  onChange={(event) => escolher(coluna, event.target.value)}
                >
                  <option value={NAO_IMPORTAR}>{t('colunas.naoImportar')}</option>
                  {campos.map((campo) => (
                    <option key={campo} value={campo}>
                      {rotuloCampo(t, tipo, campo)}
                    </option>
                  ))}
                </NativeSelect>
              </li>
            );
          })}
        </ul>
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {aviso}
        </p>
        {faltam.length > 0 && (
          <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
            {t('colunas.faltam', { campos: new Intl.ListFormat(locale, { type: 'conjunction' }).format(faltam.map((campo) => rotuloCampo(t, tipo, campo))) })}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button onClick={onContinuar} disabled={conferindo || faltam.length > 0}>
            {conferindo ? t('colunas.conferindo') : t('colunas.continuar')}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

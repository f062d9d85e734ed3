import { type CampoImportacao, type ExistentesResposta, type Importacao, sugerirMapeamento, type TipoImportacao, today } from '@caderneta/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { useReportDirty } from '@/components/unsaved-changes';
import { toastApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { conferirExistentes } from '../api/conferir-existentes';
import { chavesDaPrevia, montarPrevia, type Previa } from '../previa';
import { type ArquivoLido, PassoArquivo } from './passo-arquivo';
import { PassoColunas } from './passo-colunas';
import { PassoPrevia } from './passo-previa';
import { ResumoImportacao } from './resumo-importacao';

type Passo =
  | { passo: 'arquivo' }
  | { passo: 'colunas' }
  | { passo: 'previa'; previa: Previa; existentes: ReadonlyMap<string, ExistentesResposta['existentes'][number]> }
  | { passo: 'concluido'; importacao: Importacao };

const ETAPAS = ['arquivo', 'colunas', 'previa'] as const;

/**
 * /importar/:tipo (issue 39): a spreadsheet of customers (with what each owes from before) or of
 * products, in three steps — the file, what each column holds, the rows as they will be read —
 * then one request that writes them all or nothing, and what it did, with a way to undo it. The
 * file is read here in the browser; leaving halfway asks first ("Descartar alterações?").
 */
export function ImportarPlanilha({ tipo }: { tipo: TipoImportacao }) {
  const { t, i18n } = useTranslation('importacao');
  const locale = i18n.resolvedLanguage ?? 'pt-BR';
  const { perfil } = useSession();
  // The shop's "today": an opening balance dated after it is refused, here and on the server.
  const hoje = today(perfil.fusoHorario);
  const [arquivo, setArquivo] = useState<ArquivoLido | null>(null);
  const [mapa, setMapa] = useState<Array<CampoImportacao | null>>([]);
  const [passo, setPasso] = useState<Passo>({ passo: 'arquivo' });
  const [conferindo, setConferindo] = useState(false);
  useReportDirty(passo.passo === 'colunas' || passo.passo === 'previa');

  // Each step starts at its top: on a phone the buttons that lead to it are at the previous one's end.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [passo.passo]);

  function lido(novo: ArquivoLido) {
    adiantada.current = null;
    setArquivo(novo);
    setMapa(sugerirMapeamento(tipo, novo.planilha.cabecalhos));
    setPasso({ passo: 'colunas' });
  }

  /**
   * The preview for a mapping, with the server's answer on which rows the shop already has. It is
   * started as soon as the columns are on screen (and again when the person changes one), so on a
   * slow network the question is usually answered before "Conferir as linhas" is pressed; pressing
   * it with the same mapping takes the answer already under way.
   */
  const adiantada = useRef<{ chave: string; resultado: Promise<Extract<Passo, { passo: 'previa' }>> } | null>(null);
  const prepararPrevia = useCallback(
    (planilha: ArquivoLido['planilha'], colunas: Array<CampoImportacao | null>) => {
      const chave = JSON.stringify([colunas, locale, hoje]);
      if (adiantada.current?.chave === chave) return adiantada.current.resultado;
      const resultado = (async () => {
        // "Conferindo as linhas..." is on screen before up to 20,000 rows are read.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const previa = montarPrevia(tipo, planilha, colunas, { locale, hoje });
        const existentes = await conferirExistentes(tipo, chavesDaPrevia(previa));
        return { passo: 'previa' as const, previa, existentes };
      })();
      adiantada.current = { chave, resultado };
      // A failed attempt is not kept: pressing the button asks again (and says why, if it fails again).
      resultado.catch(() => {
        if (adiantada.current?.resultado === resultado) adiantada.current = null;
      });
      return resultado;
    },
    [tipo, locale, hoje],
  );

  const primeiraMapa = useRef(true);
  useEffect(() => {
    if (passo.passo !== 'colunas' || !arquivo) {
      primeiraMapa.current = true;
      return;
    }
    // At once for the suggested mapping; after a pause while the person is changing columns.
    const espera = primeiraMapa.current ? 0 : 600;
    primeiraMapa.current = false;
    const id = setTimeout(() => void prepararPrevia(arquivo.planilha, mapa).catch(() => undefined), espera);
    return () => clearTimeout(id);
  }, [passo.passo, arquivo, mapa, prepararPrevia]);

  async function conferir() {
    if (!arquivo) return;
    setConferindo(true);
    try {
      setPasso(await prepararPrevia(arquivo.planilha, mapa));
    } catch (error) {
      toastApiError(error, t('colunas.erroExistentes'));
    } finally {
      setConferindo(false);
    }
  }

  function recomecar() {
    adiantada.current = null;
    setArquivo(null);
    setMapa([]);
    setPasso({ passo: 'arquivo' });
  }

  function conteudo() {
    switch (passo.passo) {
      case 'arquivo':
        return <PassoArquivo tipo={tipo} hoje={hoje} onLido={lido} />;
      case 'colunas':
        return arquivo && <PassoColunas tipo={tipo} arquivo={arquivo} mapa={mapa} onMapa={setMapa} onTrocarArquivo={recomecar} onContinuar={() => void conferir()} conferindo={conferindo} />;
      case 'previa':
        return (
          arquivo && (
            <PassoPrevia
              tipo={tipo}
              arquivo={arquivo}
              previa={passo.previa}
              existentes={passo.existentes}
              onVoltar={() => setPasso({ passo: 'colunas' })}
              onImportado={(importacao) => setPasso({ passo: 'concluido', importacao })}
            />
          )
        );
      case 'concluido':
        return <ResumoImportacao importacao={passo.importacao} onAtualizada={(importacao) => setPasso({ passo: 'concluido', importacao })} onOutro={recomecar} />;
    }
  }

  const atual = passo.passo === 'concluido' ? ETAPAS.length : ETAPAS.indexOf(passo.passo);
  return (
    <>
      <PageHeader title={t(`titulo.${tipo}`)} description={t(`descricao.${tipo}`)} />
      <ol aria-label={t('passos.label')} className="mb-4 flex gap-2 text-sm">
        {ETAPAS.map((etapa, i) => (
          <li
            key={etapa}
            aria-current={i === atual ? 'step' : undefined}
            className={cn(
              'flex min-w-0 flex-1 items-center gap-2 rounded-md border px-2 py-1.5',
              i === atual && 'border-primary bg-primary/5 font-medium',
              i < atual && 'text-muted-foreground',
            )}
          >
            <span className={cn('inline-flex size-6 shrink-0 items-center justify-center rounded-full border text-xs', i <= atual && 'border-primary bg-primary text-primary-foreground')}>{i + 1}</span>
            <span className="truncate">{t(`passos.${etapa}`)}</span>
          </li>
        ))}
      </ol>
      {conteudo()}
    </>
  );
}

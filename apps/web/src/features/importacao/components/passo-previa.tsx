import { type Celula, type ExistentesImportacao, type ExistentesResposta, type Importacao, numberFormat, type TipoImportacao } from '@caderneta/shared';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import DownloadIcon from 'lucide-react/icons/download';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage, isApiError, sessionEnded } from '@/lib/api-client';
import { baixarArquivo, gerarCsv } from '@/lib/csv';
import { useFormatters } from '@/lib/format';
import { translateDynamic } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useImportar } from '../api/importar';
import { contar, type LinhaPrevia, type Previa } from '../previa';
import { rotuloCampo, useProblemas } from '../textos';
import type { ArquivoLido } from './passo-arquivo';

const POR_PAGINA = 50;
/** The longest file name the server keeps. */
const MAX_NOME_ARQUIVO = 200;

type Existentes = ReadonlyMap<string, ExistentesResposta['existentes'][number]>;

/**
 * Step 3: every row as it will be read — counts, each row's problems in words, the records the
 * shop already has and what to do with them — then "Importar N", after a confirmation that says
 * what will happen. Rows with problems stay out; they can be downloaded to fix and import later.
 */
export function PassoPrevia({
  tipo,
  arquivo,
  previa,
  existentes,
  onVoltar,
  onImportado,
}: {
  tipo: TipoImportacao;
  arquivo: ArquivoLido;
  previa: Previa;
  existentes: Existentes;
  onVoltar: () => void;
  onImportado: (importacao: Importacao) => void;
}) {
  const { t, i18n } = useTranslation('importacao');
  const locale = i18n.resolvedLanguage ?? 'pt-BR';
  const fmt = useFormatters();
  const { problema } = useProblemas(tipo);
  const radios = useId();
  const [modo, setModo] = useState<ExistentesImportacao>('ignorar');
  const [soProblemas, setSoProblemas] = useState(false);
  const [pagina, setPagina] = useState(1);
  const [confirmando, setConfirmando] = useState(false);
  const [baixando, setBaixando] = useState(false);
  const importar = useImportar();
  const ocupado = importar.isPending;

  const c = contar(previa, existentes, modo);
  const visiveis = soProblemas ? previa.linhas.filter((l) => l.problemas.length > 0) : previa.linhas;
  const paginas = Math.max(1, Math.ceil(visiveis.length / POR_PAGINA));
  const atual = Math.min(pagina, paginas);
  const daPagina = visiveis.slice((atual - 1) * POR_PAGINA, atual * POR_PAGINA);

  async function baixarProblemas() {
    setBaixando(true);
    try {
      const numero = numberFormat(locale, { useGrouping: false, maximumFractionDigits: 10 });
      const texto = (celula: Celula | undefined) => (celula === null || celula === undefined ? null : typeof celula === 'number' ? numero.format(celula) : celula);
      const { cabecalhos } = arquivo.planilha;
      const linhas = previa.linhas
        .filter((l) => l.problemas.length > 0)
        .map((l) => [...cabecalhos.map((_, i) => texto(l.celulas[i])), l.problemas.map(problema).join('; ')]);
      const csv = await gerarCsv([[...cabecalhos, t('previa.colunaProblemas')], ...linhas], locale);
      const base = arquivo.nome.replace(/\.(csv|xlsx)$/i, '');
      baixarArquivo(`${t('previa.arquivoProblemas', { nome: base })}.csv`, csv);
    } catch (error) {
      console.error(error);
      toast.error(t('previa.erroProblemas'));
    } finally {
      setBaixando(false);
    }
  }

  /** The server refused a row (it checks them all again): which row and why, and that nothing was saved. */
  function avisarErro(error: unknown) {
    if (sessionEnded(error)) return;
    if (!isApiError(error)) console.error(error);
    const issue = isApiError(error, 'VALIDATION') ? error.issues[0] : undefined;
    const onde = issue && /^linhas\.(\d+)\.(\w+)/.exec(issue.path);
    let descricao = errorMessage(error);
    if (onde) {
      const linha = previa.validas[Number(onde[1])]?.linha;
      const campo = onde[2]!;
      // The server's checks of the whole file say the problem's code; its schemas, a validation key.
      const mensagem =
        issue.message === 'duplicadoNoArquivo'
          ? t('problemas.repetido')
          : issue.message === 'dataFutura'
            ? t('problemas.dataFutura')
            : translateDynamic(`validation:${issue.message}`, translateDynamic('validation:invalid', issue.message));
      const rotulo = translateDynamic(`importacao:campos.${tipo}.${campo}`, campo);
      if (linha !== undefined) descricao = t('problemas.linhaCampo', { linha, campo: rotulo, problema: mensagem });
    }
    const frase = /[.!?]$/.test(descricao) ? descricao : `${descricao}.`;
    toast.error(t('toast.erro'), { description: `${frase} ${t('toast.nadaGravado')}` });
  }

  async function enviar() {
    const nomeArquivo = arquivo.nome.trim().slice(0, MAX_NOME_ARQUIVO) || t(`titulo.${tipo}`);
    try {
      const importacao = await importar.mutateAsync(
        previa.tipo === 'clientes'
          ? { tipo: 'clientes', nomeArquivo, existentes: modo, linhas: previa.validas }
          : { tipo: 'produtos', nomeArquivo, existentes: modo, linhas: previa.validas },
      );
      setConfirmando(false);
      toast.success(t('toast.sucesso'), { description: t('toast.sucessoDescricao', { arquivo: importacao.nomeArquivo }) });
      onImportado(importacao);
    } catch (error) {
      avisarErro(error);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('previa.titulo')}</h2>
        </CardTitle>
        <CardDescription className="break-all">{arquivo.nome}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul aria-label={t('previa.contagens')} className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <li className="rounded-md border border-emerald-600/30 bg-emerald-500/5 p-3 font-medium">{t('previa.prontas', { count: c.novas })}</li>
          <li className={cn('rounded-md border p-3 font-medium', c.comProblemas > 0 && 'border-destructive/50 bg-destructive/5')}>{t('previa.problemas', { count: c.comProblemas })}</li>
          <li className="rounded-md border p-3 font-medium">{t('previa.existentes', { count: c.existentes })}</li>
        </ul>
        {tipo === 'clientes' && <p className="text-sm font-medium">{t('previa.totalSaldos', { total: fmt.money(c.totalSaldos) })}</p>}

        {c.existentes > 0 && (
          <fieldset className="grid gap-2" disabled={ocupado}>
            <legend className="mb-2 text-sm font-medium">{t('previa.escolhaExistentes')}</legend>
            {(['atualizar', 'ignorar'] as const).map((opcao) => (
              <label
                key={opcao}
                className="grid min-h-11 cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
              >
                <input type="radio" name={radios} value={opcao} checked={modo === opcao} onChange={() => setModo(opcao)} className="row-span-2 mt-1 size-4 accent-primary" />
                <span className="font-medium">{t(`previa.${opcao}`)}</span>
                <span className="text-muted-foreground">{opcao === 'atualizar' ? t(`previa.atualizarDica.${tipo}`) : t('previa.ignorarDica')}</span>
              </label>
            ))}
          </fieldset>
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={soProblemas}
              onChange={(event) => {
                setSoProblemas(event.target.checked);
                setPagina(1);
              }}
              className="size-4 accent-primary"
            />
            {t('previa.soProblemas')}
          </label>
          {c.comProblemas > 0 && (
            <Button variant="outline" onClick={() => void baixarProblemas()} disabled={baixando}>
              <DownloadIcon aria-hidden="true" />
              {t('previa.baixarProblemas')}
            </Button>
          )}
        </div>

        {visiveis.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{soProblemas ? t('previa.nenhumProblema') : t('previa.semLinhas')}</p>
        ) : (
          <div>
            <ul aria-label={t('previa.lista')} className="divide-y rounded-md border">
              {daPagina.map((linha) => (
                <LinhaDaPrevia key={linha.linha} tipo={tipo} linha={linha} existente={linha.chave ? existentes.get(linha.chave) : undefined} modo={modo} problema={problema} />
              ))}
            </ul>
            <Pagination page={atual} pageSize={POR_PAGINA} total={visiveis.length} onPageChange={setPagina} />
          </div>
        )}

        {c.aImportar === 0 && previa.linhas.length > 0 && <p className="text-sm text-muted-foreground">{t('previa.nadaParaImportar')}</p>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onVoltar} disabled={ocupado}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('previa.voltarColunas')}
          </Button>
          <Button onClick={() => setConfirmando(true)} disabled={ocupado || c.aImportar === 0}>
            {t(`previa.importar.${tipo}`, { count: c.aImportar })}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirmando}
        onOpenChange={setConfirmando}
        title={t(`confirmar.titulo.${tipo}`)}
        description={t('confirmar.descricao')}
        cancelLabel={t('confirmar.cancelar')}
        confirmLabel={t('confirmar.confirmar')}
        busyLabel={t('confirmar.enviando')}
        onConfirm={enviar}
      >
        <ul className="list-disc pl-5 text-sm">
          <li>{t(`confirmar.novos.${tipo}`, { count: c.novas })}</li>
          {c.existentes > 0 && <li>{modo === 'atualizar' ? t('confirmar.atualizados', { count: c.existentes }) : t('confirmar.ignorados', { count: c.existentes })}</li>}
          {tipo === 'clientes' && <li>{t('confirmar.saldos', { count: c.saldos, total: fmt.money(c.totalSaldos) })}</li>}
        </ul>
      </ConfirmDialog>
    </Card>
  );
}

/** One row: its number, name, phone or barcode, balance or price, and its problems or its match. */
function LinhaDaPrevia({
  tipo,
  linha,
  existente,
  modo,
  problema,
}: {
  tipo: TipoImportacao;
  linha: LinhaPrevia;
  existente: ExistentesResposta['existentes'][number] | undefined;
  modo: ExistentesImportacao;
  problema: (p: LinhaPrevia['problemas'][number]) => string;
}) {
  const { t } = useTranslation('importacao');
  const fmt = useFormatters();
  const rotulo = t('previa.linha', { linha: linha.linha });
  // What the app wrote (an amount, a phone) stays whole on its line: "R$" never apart from its number.
  const inteiro = (texto: string) => texto.replace(/ /g, '\u00a0');
  const valor = linha.valor !== null ? (linha.valor > 0 || tipo === 'produtos' ? inteiro(fmt.money(linha.valor)) : '') : linha.valorTexto;
  const chave = linha.chave !== null ? inteiro(linha.chaveTexto) : linha.chaveTexto;
  const detalhes = [
    chave && `${rotuloCampo(t, tipo, tipo === 'clientes' ? 'telefone' : 'codigoBarras')}: ${chave}`,
    valor && (tipo === 'clientes' ? t('previa.saldo', { valor }) : t('previa.preco', { valor })),
  ].filter(Boolean);
  return (
    <li aria-label={rotulo} className="flex min-w-0 flex-col gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words">
          <span className="text-muted-foreground">{rotulo}</span> · <span className="font-medium">{linha.nome || t('previa.semNome')}</span>
        </p>
        {linha.problemas.length === 0 && !existente && <span className="text-xs font-medium text-emerald-700 dark:text-emerald-400">{t('previa.pronta')}</span>}
      </div>
      {detalhes.length > 0 && <p className="break-words text-muted-foreground">{detalhes.join(' · ')}</p>}
      {linha.problemas.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-destructive">
          {linha.problemas.map((p, i) => (
            <li key={i}>{problema(p)}</li>
          ))}
        </ul>
      )}
      {existente && (
        <p className="break-words">
          {t('previa.jaCadastrado', { nome: existente.nome })} {modo === 'atualizar' ? t('previa.seraAtualizado') : t('previa.seraIgnorado')}
        </p>
      )}
    </li>
  );
}

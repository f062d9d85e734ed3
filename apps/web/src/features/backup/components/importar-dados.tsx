import { MAX_BACKUP_BYTES, type BackupErro, type BackupRelatorio, type BackupResumo } from '@caderneta/shared';
import { useQueryClient } from '@tanstack/react-query';
import UploadIcon from 'lucide-react/icons/upload';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { errorMessage, isApiError, sessionEnded } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { translateDynamic } from '@/lib/i18n';
import { refreshAfter } from '@/lib/query-keys';
import { pareceBackup, prepararEnvio, restoreBackup, validateBackup, type Envio } from '../api/import-backup';
import { tamanhoLegivel } from '../tamanho';
import { SecaoTitulada } from '@/components/secao-titulada';

type Estado =
  | { fase: 'fechado' }
  | { fase: 'conferindo'; envio: number | null }
  | { fase: 'confirmar'; resumo: BackupResumo; envio: Envio; nome: string }
  | { fase: 'restaurando'; tabela: string | null; feitos: number; total: number; envio: number | null }
  | { fase: 'concluido'; relatorio: BackupRelatorio }
  | { fase: 'recusado'; motivo: string; onde: string | null };

/**
 * "Importar Dados": choose a file → the server checks all of it and says what it holds → the
 * seller confirms → the restore runs in one transaction with its progress → what it did. A
 * refused file says why, and nothing changed.
 */
export function ImportarDados() {
  const { t, i18n } = useTranslation('backup');
  const fmt = useFormatters();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [estado, setEstado] = useState<Estado>({ fase: 'fechado' });
  const ocupado = estado.fase === 'conferindo' || estado.fase === 'restaurando';
  const tabela = (key: string) => translateDynamic(`backup:tabelas.${key}`, key);

  function recusado(error: unknown) {
    if (isApiError(error, 'BACKUP_INVALIDO')) {
      const details = (error.details ?? {}) as Partial<BackupErro>;
      const onde =
        details.tabela && details.linha
          ? details.campo
            ? t('onde', { tabela: tabela(details.tabela), linha: details.linha, campo: details.campo })
            : t('ondeSemCampo', { tabela: tabela(details.tabela), linha: details.linha })
          : null;
      setEstado({ fase: 'recusado', motivo: translateDynamic(`backup:motivos.${details.motivo ?? 'formato'}`, errorMessage(error)), onde });
      return;
    }
    setEstado({ fase: 'fechado' });
    if (sessionEnded(error)) return;
    toast.error(t('importar.errorTitle'), { description: `${errorMessage(error)} ${t('importar.nothingChanged')}` });
  }

  async function escolher(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_BACKUP_BYTES) {
      toast.error(t('importar.errorTitle'), { description: t('importar.tooLarge', { max: tamanhoLegivel(MAX_BACKUP_BYTES, i18n.resolvedLanguage ?? 'pt-BR') }) });
      return;
    }
    if (!(await pareceBackup(file))) {
      setEstado({ fase: 'recusado', motivo: t('motivos.formato'), onde: null });
      return;
    }
    setEstado({ fase: 'conferindo', envio: 0 });
    try {
      const envio = await prepararEnvio(file);
      const resumo = await validateBackup(envio, (fraction) => setEstado({ fase: 'conferindo', envio: fraction < 1 ? fraction : null }));
      setEstado({ fase: 'confirmar', resumo, envio, nome: file.name });
    } catch (error) {
      recusado(error);
    }
  }

  async function restaurar(envio: Envio) {
    setEstado({ fase: 'restaurando', tabela: null, feitos: 0, total: 0, envio: 0 });
    try {
      const relatorio = await restoreBackup(
        envio,
        (evento) => {
          if (evento.tipo === 'progresso') setEstado({ fase: 'restaurando', tabela: evento.tabela, feitos: evento.feitos, total: evento.total, envio: null });
        },
        (fraction) => setEstado((atual) => (atual.fase === 'restaurando' && atual.tabela === null ? { ...atual, envio: fraction < 1 ? fraction : null } : atual)),
      );
      await refreshAfter(queryClient, 'restoreBackup');
      setEstado({ fase: 'concluido', relatorio });
      toast.success(t('importar.doneTitle'), { description: t('importar.doneDescription') });
    } catch (error) {
      recusado(error);
    }
  }

  const percent = (fraction: number) => new Intl.NumberFormat(i18n.resolvedLanguage, { style: 'percent' }).format(fraction);
  /** Sending the file (how much of it went), then the server checking it. */
  const envioOuConferencia = (envio: number | null) => (envio !== null ? t('importar.uploading', { percent: percent(envio) }) : t('importar.checking'));

  function conteudo() {
    switch (estado.fase) {
      case 'fechado':
        return null;
      case 'conferindo':
        return (
          <EmCurso
            titulo={t('importar.action')}
            descricao={envioOuConferencia(estado.envio)}
            valor={estado.envio !== null ? estado.envio * 100 : undefined}
          />
        );
      case 'confirmar': {
        const { resumo } = estado;
        return (
          <>
            <Cabecalho titulo={t('importar.confirmTitle')} descricao={t('importar.confirmDescription')} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t('importar.arquivo')}</dt>
              <dd className="break-all">{estado.nome}</dd>
              <dt className="text-muted-foreground">{t('importar.loja')}</dt>
              <dd>{resumo.nomeLoja}</dd>
              <dt className="text-muted-foreground">{t('importar.exportadoEm')}</dt>
              <dd>{fmt.dateTime(resumo.exportadoEm)}</dd>
            </dl>
            <TabelaDeTres
              colunas={[t('importar.noArquivo'), t('importar.atual')]}
              numeros
              linhas={Object.entries(resumo.contagens).map(([key, n]) => ({ chave: key, rotulo: tabela(key), valores: [fmt.integer(n), fmt.integer(resumo.atuais[key] ?? 0)] }))}
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => setEstado({ fase: 'fechado' })}>
                {t('importar.cancel')}
              </Button>
              <Button variant="destructive" onClick={() => void restaurar(estado.envio)}>
                {t('importar.confirm')}
              </Button>
            </DialogFooter>
          </>
        );
      }
      case 'restaurando': {
        const value = estado.tabela ? (estado.total ? (estado.feitos / estado.total) * 100 : 100) : estado.envio !== null ? estado.envio * 100 : undefined;
        return (
          <EmCurso
            titulo={t('importar.restoringStart')}
            descricao={
              estado.tabela
                ? t('importar.restoring', { tabela: tabela(estado.tabela), feitos: fmt.integer(estado.feitos), total: fmt.integer(estado.total) })
                : envioOuConferencia(estado.envio)
            }
            valor={value}
          />
        );
      }
      case 'concluido': {
        const { relatorio } = estado;
        return (
          <>
            <Cabecalho titulo={t('importar.doneTitle')} descricao={t('importar.doneDescription')} />
            <SecaoTitulada titulo={t('importar.reportTitle')} nivel="h3" tituloClassName="text-sm font-semibold" className="flex flex-col gap-2">
              <ul className="text-sm">
                {Object.entries(relatorio.restaurados).map(([key, n]) => (
                  <li key={key} className="flex justify-between gap-4 border-t py-1">
                    <span>{tabela(key)}</span>
                    <span className="tabular-nums">{fmt.integer(n)}</span>
                  </li>
                ))}
              </ul>
            </SecaoTitulada>
            {relatorio.loginsAlterados.length > 0 && (
              <SecaoTitulada titulo={t('importar.loginsTitle', { count: relatorio.loginsAlterados.length })} nivel="h3" tituloClassName="text-sm font-semibold" className="flex flex-col gap-2">
                <p className="text-sm text-muted-foreground">{t('importar.loginsDescription')}</p>
                <TabelaDeTres
                  colunas={[t('importar.loginAnterior'), t('importar.loginNovo')]}
                  linhas={relatorio.loginsAlterados.map((l) => ({ chave: l.loginNovo, rotulo: l.nome, valores: [l.loginAnterior, l.loginNovo] }))}
                />
              </SecaoTitulada>
            )}
            <DialogFooter>
              <Button onClick={() => setEstado({ fase: 'fechado' })}>{t('importar.close')}</Button>
            </DialogFooter>
          </>
        );
      }
      case 'recusado':
        return (
          <>
            <Cabecalho titulo={t('importar.refusedTitle')} descricao={t('importar.nothingChanged')} />
            <div role="alert" className="flex flex-col gap-1 text-sm">
              <p>{estado.motivo}</p>
              {estado.onde && <p className="text-muted-foreground">{estado.onde}</p>}
            </div>
            <DialogFooter>
              <Button onClick={() => setEstado({ fase: 'fechado' })}>{t('importar.close')}</Button>
            </DialogFooter>
          </>
        );
    }
  }

  return (
    <>
      <Button variant="outline" className="w-fit" onClick={() => input.current?.click()} disabled={ocupado}>
        <UploadIcon aria-hidden="true" />
        {t('importar.action')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        aria-label={t('importar.chooseLabel')}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => void escolher(event.target.files?.[0])}
      />
      <Dialog
        open={estado.fase !== 'fechado'}
        onOpenChange={(open) => {
          // A check or a restore under way cannot be dismissed: it finishes, then says what happened.
          if (!open && !ocupado) setEstado({ fase: 'fechado' });
        }}
      >
        <DialogContent busy={ocupado}>
          {conteudo()}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A step of the import under way (sending, checking, restoring): what is happening and how far it got. */
/**
 * A table of rows named in their first cell, with two columns of values: the counts of the file
 * beside the shop's (`numeros`: right-aligned), or the logins that changed.
 */
function TabelaDeTres({ colunas, linhas, numeros = false }: { colunas: [string, string]; linhas: Array<{ chave: string; rotulo: string; valores: [string, string] }>; numeros?: boolean }) {
  const celula = numeros ? 'py-1 text-right tabular-nums' : 'py-1 pr-2 break-all';
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1 font-medium" />
          {colunas.map((coluna) => (
            <th key={coluna} scope="col" className={cn('py-1 font-medium', numeros && 'text-right')}>
              {coluna}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {linhas.map((linha) => (
          <tr key={linha.chave} className="border-t">
            <th scope="row" className="py-1 pr-2 text-left font-normal break-words">
              {linha.rotulo}
            </th>
            {linha.valores.map((valor, i) => (
              <td key={i} className={celula}>
                {valor}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A step of the dialog: its title and what it says. */
function Cabecalho({ titulo, descricao }: { titulo: string; descricao: string }) {
  return (
    <DialogHeader>
      <DialogTitle>{titulo}</DialogTitle>
      <DialogDescription>{descricao}</DialogDescription>
    </DialogHeader>
  );
}

function EmCurso({ titulo, descricao, valor }: { titulo: string; descricao: string; valor: number | undefined }) {
  const { t } = useTranslation('backup');
  return (
    <>
      <Cabecalho titulo={titulo} descricao={descricao} />
      <div role="status" aria-live="polite">
        <Progress value={valor} aria-label={t('importar.progressLabel')} />
      </div>
    </>
  );
}

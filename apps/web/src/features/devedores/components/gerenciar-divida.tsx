import { addDays, PROMESSA_MAX_DIAS, type DevedorDetalhe } from '@caderneta/shared';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import PlusIcon from 'lucide-react/icons/plus';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { BusyFieldset } from '@/components/busy-fieldset';
import { DateField } from '@/components/date-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useConfirmDiscard, useReportDirty } from '@/components/unsaved-changes';
import { ApiError, errorMessage, sessionEnded, toastError } from '@/lib/api-client';
import { translateDynamic } from '@/lib/i18n';
import { useSalvarCobrancaCliente, useSalvarPromessa } from '../api/salvar-cobranca-cliente';

interface GerenciarDividaProps {
  devedor: DevedorDetalhe;
  /** The ledger's dialogs (payment subtracts, "Adicionar Saldo" adds), each with its balance preview. */
  onPagamento: () => void;
  onAdicionarSaldo: () => void;
  onVoltar: () => void;
}

const OBSERVACOES_MAX = 500;

/**
 * Manage debt (spec §4): every change to the balance is a ledger entry made in the ledger's own
 * dialogs; here, the notes, the customer's own due date and a promise to pay.
 */
export function GerenciarDivida({ devedor, onPagamento, onAdicionarSaldo, onVoltar }: GerenciarDividaProps) {
  const { t } = useTranslation('devedores');
  const salvar = useSalvarCobrancaCliente();
  const promessa = useSalvarPromessa();
  const [observacoes, setObservacoes] = useState(devedor.observacoes ?? '');
  const [vencimento, setVencimento] = useState<string | null>(devedor.dataVencimentoPropria);
  const [dataPromessa, setDataPromessa] = useState<string | null>(devedor.promessa?.data ?? null);
  const [erroVencimento, setErroVencimento] = useState<string | null>(null);
  const [erroPromessa, setErroPromessa] = useState<string | null>(null);
  const ids = { obs: useId(), venc: useId(), prom: useId(), erroVenc: useId(), erroProm: useId() };
  const devendo = devedor.saldoPendente > 0;
  const ocupado = salvar.isPending || promessa.isPending;
  // Typed and not saved yet: closing the dialog or going back to the details asks first. A saved
  // value comes back in `devedor` (the details are loaded again), so it no longer counts.
  const alterado =
    observacoes !== (devedor.observacoes ?? '') || (devendo && vencimento !== devedor.dataVencimentoPropria) || (devendo && dataPromessa !== (devedor.promessa?.data ?? null));
  useReportDirty(alterado);
  const confirmDiscard = useConfirmDiscard();

  function fieldError(error: unknown, path: string): string | null {
    if (!(error instanceof ApiError)) return null;
    const issue = error.issues.find((i) => i.path === path);
    return issue ? translateDynamic(`validation:${issue.message}`, issue.message) : null;
  }

  async function salvarInformacoes() {
    setErroVencimento(null);
    try {
      await salvar.mutateAsync({ id: devedor.id, input: { observacoes, dataVencimento: vencimento } });
      toast.success(t('toast.atualizado'));
    } catch (error) {
      const campo = fieldError(error, 'dataVencimento');
      if (campo) {
        setErroVencimento(campo);
        return;
      }
      if (sessionEnded(error)) return;
      // "Erro ao atualizar" with what the server said, or "Não foi possível atualizar as informações."
      const known = error instanceof ApiError && !['INTERNAL', 'NETWORK'].includes(error.code);
      toast.error(t('toast.atualizarErro'), { description: known ? errorMessage(error) : t('toast.atualizarErroDescription') });
    }
  }

  async function salvarPromessa(data: string | null) {
    setErroPromessa(null);
    try {
      await promessa.mutateAsync({ id: devedor.id, input: { data } });
      toast.success(data ? t('toast.promessaSalva') : t('toast.promessaRemovida'));
      if (!data) setDataPromessa(null);
    } catch (error) {
      const campo = fieldError(error, 'data');
      if (campo) setErroPromessa(campo);
      else toastError(error, 'devedores:toast.atualizarErro');
    }
  }

  return (
    <div className="grid gap-5">
      <BusyFieldset busy={ocupado}>
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('gerenciar.lancamentos')}</h3>
          <p className="text-sm text-muted-foreground">{t('gerenciar.lancamentosHint')}</p>
          <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
            <Button variant="outline" onClick={onPagamento}>
              <HandCoinsIcon aria-hidden="true" />
              {t('gerenciar.pagamento')}
            </Button>
            <Button variant="outline" onClick={onAdicionarSaldo}>
              <PlusIcon aria-hidden="true" />
              {t('gerenciar.adicionarSaldo')}
            </Button>
          </div>
        </section>

        <section className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor={ids.obs}>{t('gerenciar.observacoes')}</Label>
            <Textarea
              id={ids.obs}
              maxLength={OBSERVACOES_MAX}
              placeholder={t('gerenciar.observacoesPlaceholder')}
              value={observacoes}
              onChange={(event) => setObservacoes(event.target.value)}
            />
          </div>
          {devendo && (
            <div className="grid gap-2">
              <Label htmlFor={ids.venc}>{t('gerenciar.vencimento')}</Label>
              <DateField id={ids.venc} value={vencimento ?? undefined} onChange={setVencimento} className="max-w-48" />
              <p className="text-sm text-muted-foreground">{t('gerenciar.vencimentoHint')}</p>
              {erroVencimento && (
                <p id={ids.erroVenc} className="text-sm text-destructive">
                  {erroVencimento}
                </p>
              )}
            </div>
          )}
          <div>
            <Button onClick={() => void salvarInformacoes()} disabled={salvar.isPending}>
              {salvar.isPending ? t('gerenciar.salvando') : t('gerenciar.salvar')}
            </Button>
          </div>
        </section>

        {devendo && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('gerenciar.promessa')}</h3>
            <p className="text-sm text-muted-foreground">{t('gerenciar.promessaHint')}</p>
            <Label htmlFor={ids.prom} className="sr-only">
              {t('gerenciar.promessa')}
            </Label>
            <DateField
              id={ids.prom}
              value={dataPromessa ?? undefined}
              onChange={setDataPromessa}
              min={devedor.hoje}
              max={addDays(devedor.hoje, PROMESSA_MAX_DIAS)}
              className="max-w-48"
            />
            {erroPromessa && (
              <p id={ids.erroProm} className="text-sm text-destructive">
                {erroPromessa}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void salvarPromessa(dataPromessa)} disabled={promessa.isPending || !dataPromessa}>
                {promessa.isPending && promessa.variables.input.data ? t('gerenciar.salvando') : t('gerenciar.registrarPromessa')}
              </Button>
              {devedor.promessa && (
                <Button variant="ghost" onClick={() => void salvarPromessa(null)} disabled={promessa.isPending}>
                  {promessa.isPending && !promessa.variables.input.data ? t('gerenciar.salvando') : t('gerenciar.removerPromessa')}
                </Button>
              )}
            </div>
          </section>
        )}

        <div>
          <Button variant="ghost" onClick={() => confirmDiscard(onVoltar)}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('detalhes.fecharGerenciar')}
          </Button>
        </div>
      </BusyFieldset>
    </div>
  );
}

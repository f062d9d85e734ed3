import { type Cliente, fiadoBloqueado, type LimiteExcedidoDetails, verificarLimite } from '@caderneta/shared';
import { MAX_DESCRICAO_AVULSO } from '@caderneta/shared/schemas/vendas';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { CampoValorAvulso } from './campo-valor-avulso';
import { useChavePorAbertura } from '@/lib/idempotency-key';
import { translateDynamic } from '@/lib/i18n';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useLastPresent } from '@/lib/use-last-present';
import { useCreateVenda } from '../api/create-venda';
import { lerAvulso } from '../carrinho';
import { LimiteDialog } from './limite-dialog';

interface VendaRapidaDialogProps {
  /** The customer the sale is for (an active one); null while closed. */
  cliente: Cliente | null;
  onOpenChange: (open: boolean) => void;
}

type AvisoLimite = LimiteExcedidoDetails & { cliente: string; valorVenda: number };

/**
 * "Venda rápida" from a customer's card: "R$ 12,50 de pão e leite, põe na minha conta" in one step.
 * A fiado sale of one loose line (a value and an optional note, no product), under the same rules
 * as any fiado sale: past the credit limit it asks first (and is sent again confirmed), a customer
 * who may not buy on credit is refused. The balance on the list follows (the sale refreshes it).
 */
export function VendaRapidaDialog({ cliente, onOpenChange }: VendaRapidaDialogProps) {
  const { t } = useTranslation('vendas');
  const shown = useLastPresent(cliente);
  const createVenda = useCreateVenda();
  const busy = createVenda.isPending;
  return (
    <Dialog open={!!cliente} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('vendaRapida.title')}</DialogTitle>
          <DialogDescription>{t('vendaRapida.description', { nome: shown?.nome ?? '' })}</DialogDescription>
        </DialogHeader>
        {/* Mounted with each opening: every opening starts empty, with a key of its own. */}
        {shown && <VendaRapidaForm cliente={shown} createVenda={createVenda} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function VendaRapidaForm({ cliente, createVenda, onDone }: { cliente: Cliente; createVenda: ReturnType<typeof useCreateVenda>; onDone: () => void }) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const obsId = useId();
  const [valor, setValor] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [aviso, setAviso] = useState<AvisoLimite | null>(null);
  const valor$ = useRef<HTMLInputElement>(null);
  const chave = useChavePorAbertura(cliente);
  const busy = createVenda.isPending;

  const semFiado = () => ({ title: t('nova.toast.semFiadoTitle'), description: translateDynamic('errors:FIADO_NAO_PERMITIDO', '', { cliente: cliente.nome }) });

  async function registrar(confirmarLimiteExcedido: boolean) {
    if (busy) return;
    const lido = lerAvulso(valor, observacao, fmt.locale);
    if (!lido.ok) {
      setErro(lido.campo === 'valor' ? t('vendaRapida.valorInvalidoDescription') : null);
      toastRefused({ title: t('vendaRapida.valorInvalido'), description: t('vendaRapida.valorInvalidoDescription') });
      valor$.current?.focus();
      return;
    }
    // The counter's checks, with the balance this list loaded; the server decides with its own.
    if (fiadoBloqueado({ limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: lido.valor })) {
      toastRefused(semFiado());
      return;
    }
    if (!confirmarLimiteExcedido) {
      const limite = verificarLimite({ limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: lido.valor });
      if (limite.excedido) {
        setAviso({ limite: cliente.limiteCredito, disponivel: limite.disponivel, saldoPendente: limite.saldoPendente, cliente: cliente.nome, valorVenda: lido.valor });
        return;
      }
    }
    const input = {
      formaPagamento: 'fiado' as const,
      clienteId: cliente.id,
      itens: [{ valor: lido.valor, descricao: lido.descricao }],
      confirmarLimiteExcedido,
      chave: chave.current,
    };
    await submitForm(() => undefined, () => createVenda.mutateAsync(input), {
      errorTitle: 'vendas:vendaRapida.erro',
      onError: (error) => {
        if (isApiError(error, 'FIADO_NAO_PERMITIDO')) return semFiado();
        if (isApiError(error, 'LIMITE_EXCEDIDO') && error.details) {
          // The balance moved since the list loaded it: the server's figures decide.
          setAviso({ ...error.details, cliente: cliente.nome, valorVenda: lido.valor });
          return true;
        }
        // Past the limit for a person who may not sell past it: the limit's dialog says so.
        if (isApiError(error, 'SEM_PERMISSAO') && error.details?.permissao === 'vender_acima_limite') {
          const limite = verificarLimite({ limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: lido.valor });
          setAviso({ limite: cliente.limiteCredito, disponivel: limite.disponivel, saldoPendente: limite.saldoPendente, cliente: cliente.nome, valorVenda: lido.valor });
          return true;
        }
        if (isApiError(error, 'NETWORK')) return { title: t('vendaRapida.erro'), description: t('nova.toast.semResposta') };
      },
      success: (venda) => ({ title: t('vendaRapida.sucesso'), description: t('vendaRapida.sucessoDescription', { valor: fmt.money(venda.valorTotal), nome: cliente.nome }) }),
      onSuccess: onDone,
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void registrar(false);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <BusyFieldset busy={busy}>
        <div className="grid gap-4">
          <CampoValorAvulso
            ref={valor$}
            label={t('vendaRapida.valor')}
            placeholder={t('vendaRapida.valorPlaceholder')}
            value={valor}
            erro={erro}
            onChange={(texto) => {
              setValor(texto);
              setErro(null);
            }}
          />
          <div className="grid gap-2">
            <Label htmlFor={obsId}>{t('vendaRapida.observacao')}</Label>
            <Input
              id={obsId}
              autoComplete="off"
              maxLength={MAX_DESCRICAO_AVULSO}
              placeholder={t('vendaRapida.observacaoPlaceholder')}
              value={observacao}
              onChange={(event) => setObservacao(event.target.value)}
            />
          </div>
        </div>
      </BusyFieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            {t('vendaRapida.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? t('vendaRapida.submitting') : t('vendaRapida.submit')}
        </Button>
      </DialogFooter>
      <LimiteDialog
        aviso={aviso}
        onCancel={() => setAviso(null)}
        onConfirm={() => {
          setAviso(null);
          void registrar(true);
        }}
      />
    </form>
  );
}

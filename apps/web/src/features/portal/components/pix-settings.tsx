import { leiturasChavePix, pixConfigInputSchema, type PixConfig, type TipoChavePix } from '@caderneta/shared';
import { Fragment, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { useReportDirty } from '@/components/unsaved-changes';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePixConfig } from '../api/get-pix-config';
import { useUpdatePixConfig } from '../api/update-pix-config';
import { CampoDeTexto, CartaoDePagamento, ErroDoCampo, useSalvarConfiguracao } from './cartao-de-pagamento';

/** The shop's PIX key (part of the "Loja" settings): the customer page's copia-e-cola code. */
export function PixSettings() {
  const { t } = useTranslation('portal');
  const config = usePixConfig();
  if (config.isPending) return <Skeleton aria-busy="true" className="h-64 w-full" />;
  if (config.isError) return <LoadError title={t('config.toast.erroCarregar')} error={config.error} onRetry={() => void config.refetch()} />;
  return <PixForm config={config.data} />;
}

const FIELDS = ['chave', 'nomeRecebedor', 'cidade'] as const;

function PixForm({ config }: { config: PixConfig }) {
  const { t, i18n } = useTranslation('portal');
  const [values, setValues] = useState({ chave: config.chave ?? '', nomeRecebedor: config.nomeRecebedor ?? '', cidade: config.cidade ?? '' });
  // The type the seller chose for a key that reads as two (11 digits: a CPF and a mobile number).
  const [tipo, setTipo] = useState<TipoChavePix | ''>(config.tipo ?? '');
  const salvar = useUpdatePixConfig();
  const leituras = leiturasChavePix(values.chave);
  const ambigua = leituras.length > 1;
  // What is saved comes back as `config` (the query's data is set from the answer).
  useReportDirty(
    values.chave !== (config.chave ?? '') ||
      values.nomeRecebedor !== (config.nomeRecebedor ?? '') ||
      values.cidade !== (config.cidade ?? '') ||
      (ambigua && tipo !== (config.tipo ?? '')),
  );

  const { erros, enviar } = useSalvarConfiguracao(pixConfigInputSchema, (dados) => salvar.mutateAsync(dados), (saved) => {
    setValues({ chave: saved.chave ?? '', nomeRecebedor: saved.nomeRecebedor ?? '', cidade: saved.cidade ?? '' });
    setTipo(saved.tipo ?? '');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enviar({ ...values, ...(ambigua && tipo ? { tipo } : {}) });
  };

  const labels = { chave: t('config.pix.chave'), nomeRecebedor: t('config.pix.nome'), cidade: t('config.pix.cidade') };
  const max = { chave: 100, nomeRecebedor: 25, cidade: 15 };
  const erro = (campo: string) => <ErroDoCampo id={`pix-${campo}-erro`} codigo={erros[campo]} />;
  const tipos = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(leituras.map((l) => t(`config.pix.tipoNome.${l.tipo}`)));
  return (
    <CartaoDePagamento titulo={t('config.pix.title')} descricao={t('config.pix.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <BusyFieldset busy={salvar.isPending}>
          {FIELDS.map((campo) => (
            <Fragment key={campo}>
              <CampoDeTexto
                id={`pix-${campo}`}
                rotulo={labels[campo]}
                valor={values[campo]}
                mudar={(valor) => setValues((v) => ({ ...v, [campo]: valor }))}
                maxLength={max[campo]}
                placeholder={campo === 'chave' ? t('config.pix.chavePlaceholder') : undefined}
                erro={erros[campo]}
              />
              {campo === 'chave' && ambigua ? (
                // Never guessed: the seller says which type the key is registered as.
                <fieldset className="grid gap-2" aria-describedby={erros.tipo ? 'pix-tipo-ajuda pix-tipo-erro' : 'pix-tipo-ajuda'}>
                  <legend className="mb-1 text-sm font-medium">{t('config.pix.tipoPergunta')}</legend>
                  <p id="pix-tipo-ajuda" className="text-sm text-muted-foreground">
                    {t('config.pix.tipoAmbigua', { tipos })}
                  </p>
                  {leituras.map((leitura) => (
                    <label
                      key={leitura.tipo}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                    >
                      <input
                        type="radio"
                        name="pix-tipo"
                        value={leitura.tipo}
                        checked={tipo === leitura.tipo}
                        onChange={() => setTipo(leitura.tipo)}
                        className="accent-primary"
                      />
                      <span>
                        <span className="font-medium">{t(`config.pix.tipoRotulo.${leitura.tipo}`)}</span>{' '}
                        <span className="text-muted-foreground">{leitura.chave}</span>
                      </span>
                    </label>
                  ))}
                  {erro('tipo')}
                </fieldset>
              ) : null}
            </Fragment>
          ))}
          <Button type="submit" size="lg" className="self-start" disabled={salvar.isPending}>
            {salvar.isPending ? t('config.pix.salvando') : t('config.pix.salvar')}
          </Button>
        </BusyFieldset>
      </form>
    </CartaoDePagamento>
  );
}

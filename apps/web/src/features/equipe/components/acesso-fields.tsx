import { MAX_DESCONTO_PESSOA, PAPEIS, type Papel, type Permissao, PERMISSOES, PERMISSOES_DO_PAPEL } from '@caderneta/shared';
import { useId } from 'react';
import { type FieldValues, type Resolver, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/form-fields';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { usePessoa } from '@/lib/permissoes';

/** The access the owner chooses for a person (the invitation, the login and "Editar acesso" share it). */
export interface AcessoValues {
  papel: Papel;
  permissoes?: Permissao[];
  /** NaN while the field is empty (the schema then says it is required). */
  descontoMaximo?: number;
}

/** A role's starting point: its permissions and discount cap (PERMISSOES_DO_PAPEL). */
export function acessoDoPapel(papel: Papel): Required<AcessoValues> {
  const padrao = PERMISSOES_DO_PAPEL[papel];
  return { papel, permissoes: [...padrao.permissoes], descontoMaximo: padrao.descontoMaximo };
}

/** The access fields of a form whose schema may leave them out (the PATCH of "Editar acesso"). */
type ComAcesso = FieldValues & { papel?: Papel; permissoes?: Permissao[]; descontoMaximo?: number };

/**
 * What is sent: a Dono's role alone (they may always do everything); anyone else's permissions in
 * the screen's order, and a discount cap of 0 without "Dar desconto" (the field was hidden).
 */
export function acessoNormalizado<V extends ComAcesso>(values: V): V {
  if (values.papel === 'dono') return { ...values, permissoes: undefined, descontoMaximo: undefined };
  const permissoes = PERMISSOES.filter((p) => values.permissoes?.includes(p));
  return { ...values, permissoes, descontoMaximo: permissoes.includes('dar_desconto') ? values.descontoMaximo : 0 };
}

/** The shared schema's resolver, judging the access as it will be sent (a hidden field never blocks the form). */
export function comAcessoNormalizado<V extends ComAcesso, C, O>(resolver: Resolver<V, C, O>): Resolver<V, C, O> {
  return (values, context, options) => resolver(acessoNormalizado(values), context, options);
}

/** The roles the signed-in person may give: only a Dono makes another Dono. */
export function usePapeisPermitidos(): readonly Papel[] {
  const { papel: meu } = usePessoa();
  return meu === 'dono' ? PAPEIS : PAPEIS.filter((papel) => papel !== 'dono');
}

/**
 * Role, permissions and discount cap: the role's select starts the checklist at its defaults; the
 * owner then ticks what this person may do. A Dono may do everything (nothing to tick); a person
 * who is not a Dono grants only what they may do themself (the rest shows, locked).
 */
export function AcessoFields() {
  const { t } = useTranslation('equipe');
  const eu = usePessoa();
  const papeis = usePapeisPermitidos();
  const form = useFormContext<AcessoValues>();
  const [papel, permissoes] = useWatch({ control: form.control, name: ['papel', 'permissoes'] });
  const dono = papel === 'dono';
  const marcadas = new Set(dono ? PERMISSOES : (permissoes ?? []));
  const souDono = eu.papel === 'dono';
  const bloqueada = (permissao: Permissao) => dono || (!souDono && !eu.pode(permissao));
  const maximo = souDono ? MAX_DESCONTO_PESSOA : Math.min(eu.descontoMaximo, MAX_DESCONTO_PESSOA);
  const hintId = useId();

  function escolherPapel(novo: Papel) {
    const padrao = acessoDoPapel(novo);
    form.setValue('papel', novo, { shouldDirty: true });
    form.setValue('permissoes', padrao.permissoes, { shouldDirty: true });
    form.setValue('descontoMaximo', padrao.descontoMaximo, { shouldDirty: true });
    form.clearErrors(['permissoes', 'descontoMaximo']);
  }

  function marcar(permissao: Permissao, marcada: boolean) {
    const atuais = form.getValues('permissoes') ?? [];
    form.setValue('permissoes', marcada ? [...atuais.filter((p) => p !== permissao), permissao] : atuais.filter((p) => p !== permissao), { shouldDirty: true });
    // "Dar desconto" turned on with no cap: start at the role's (the field shows it, to change).
    if (permissao === 'dar_desconto' && marcada && !form.getValues('descontoMaximo')) {
      form.setValue('descontoMaximo', Math.min(PERMISSOES_DO_PAPEL[form.getValues('papel')].descontoMaximo, maximo), { shouldDirty: true });
    }
  }

  return (
    <>
      <Field control={form.control} name="papel" label={t('form.papel')} description={t(`form.papelHint.${papel}`)}>
        {(field) => (
          <FormControl>
            <NativeSelect name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={(event) => escolherPapel(event.target.value as Papel)}>
              {papeis.map((p) => (
                <option key={p} value={p}>
                  {t(`papeis.${p}`)}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        )}
      </Field>
      <fieldset className="grid gap-1" aria-describedby={hintId}>
        <legend className="mb-1 text-sm font-medium">{t('form.permissoes')}</legend>
        <p id={hintId} className="mb-1 text-sm text-muted-foreground">
          {dono ? t('form.donoPodeTudo') : souDono ? t('form.permissoesHint') : t('form.permissoesHintBloqueadas')}
        </p>
        {/* Two columns from 640 px; on a phone one per line, each a fingertip tall. */}
        <div className="grid gap-x-4 sm:grid-cols-2">
          {PERMISSOES.map((permissao) => (
            <label
              key={permissao}
              data-disabled={bloqueada(permissao) || undefined}
              className="flex min-h-11 cursor-pointer items-center gap-3 text-sm data-[disabled]:cursor-not-allowed data-[disabled]:text-muted-foreground"
            >
              <input
                type="checkbox"
                name="permissoes"
                value={permissao}
                className="size-4 shrink-0 accent-primary"
                checked={marcadas.has(permissao)}
                disabled={bloqueada(permissao)}
                onChange={(event) => marcar(permissao, event.target.checked)}
              />
              {t(`permissoes.${permissao}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {!dono && marcadas.has('dar_desconto') && (
        <Field control={form.control} name="descontoMaximo" label={t('form.descontoMaximo')} description={t('form.descontoMaximoHint', { maximo })}>
          {(field) => (
            <FormControl>
              <Input
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                className="max-w-24 tabular-nums"
                value={typeof field.value === 'number' && !Number.isNaN(field.value) ? String(field.value) : ''}
                onChange={(event) => {
                  const digitos = event.target.value.replace(/\D/g, '');
                  field.onChange(digitos === '' ? Number.NaN : Number(digitos));
                }}
              />
            </FormControl>
          )}
        </Field>
      )}
    </>
  );
}

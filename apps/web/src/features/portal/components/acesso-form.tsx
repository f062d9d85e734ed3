import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useExemplos } from '../api/get-exemplos';

/** The same rule as the shared `loginClienteSchema`, without pulling zod into this page. */
function validar(codigo: string): 'codigoObrigatorio' | 'codigoInvalido' | null {
  const text = codigo.trim();
  if (!text) return 'codigoObrigatorio';
  if (text.length > 40 || !/^[a-z0-9]+$/i.test(text)) return 'codigoInvalido';
  return null;
}

/** "Código de Acesso": opens /cliente/{login}; the sample shortcuts only on a demo installation. */
export function AcessoForm({ onSubmit, busy, inicial = '' }: { onSubmit: (login: string) => void; busy: boolean; inicial?: string }) {
  const { t } = useTranslation(['portal', 'validation']);
  const [codigo, setCodigo] = useState(inicial);
  const [erro, setErro] = useState<string | null>(null);
  const exemplos = useExemplos();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problema = validar(codigo);
    setErro(problema);
    if (!problema) onSubmit(codigo.trim().toLowerCase());
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Label htmlFor="codigo-acesso">{t('portal:acesso.codigo')}</Label>
      <Input
        id="codigo-acesso"
        value={codigo}
        onChange={(e) => setCodigo(e.target.value)}
        placeholder={t('portal:acesso.codigoPlaceholder')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={60}
        aria-invalid={erro ? true : undefined}
        aria-describedby={erro ? 'codigo-acesso-erro' : undefined}
        className="h-11"
      />
      {erro ? (
        <p id="codigo-acesso-erro" className="text-sm text-destructive">
          {erro === 'codigoObrigatorio' ? t('validation:codigoObrigatorio') : t('validation:codigoInvalido')}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('portal:acesso.buscando') : t('portal:acesso.entrar')}
      </Button>
      {exemplos.data && exemplos.data.codigos.length > 0 ? (
        <div className="mt-2 flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('portal:acesso.exemplos')}</p>
          {exemplos.data.codigos.map((c) => (
            <Button key={c} type="button" variant="outline" size="lg" disabled={busy} onClick={() => onSubmit(c)}>
              {t('portal:acesso.exemplo', { codigo: c })}
            </Button>
          ))}
        </div>
      ) : null}
    </form>
  );
}

import { PERIODOS_DIAS, mesesDisponiveis, type PeriodoResolvido } from '@caderneta/shared/relatorios';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormatters } from '@/lib/format';
import { escolhaDoValor, valorDaEscolha, type EscolhaPeriodo } from '../periodo';

/** Spec §2 "Período, or Mês/Ano": the last 7/30/90/365 days or one of the last 24 months. */
export function PeriodoSelect({ escolha, hoje, onChange }: { escolha: EscolhaPeriodo; hoje: string; onChange: (escolha: EscolhaPeriodo) => void }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const id = useId();
  const nomeMes = new Intl.DateTimeFormat(fmt.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const mes = (m: string) => {
    const texto = nomeMes.format(new Date(`${m}-15T12:00:00Z`));
    return texto.charAt(0).toLocaleUpperCase(fmt.locale) + texto.slice(1);
  };
  return (
    <div className="grid w-full gap-1.5 sm:max-w-sm">
      {/* A plain label: the shared one (Radix) would be split off the login page's chunk. */}
      <label htmlFor={id} className="text-sm leading-none font-medium">
        {t('periodo.label')}
      </label>
      <NativeSelect id={id} className="h-11" value={valorDaEscolha(escolha)} onChange={(e) => onChange(escolhaDoValor(e.target.value))}>
        <optgroup label={t('periodo.dias')}>
          {PERIODOS_DIAS.map((d) => (
            <option key={d} value={`d${d}`}>
              {t('periodo.ultimosDias', { count: d })}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('periodo.meses')}>
          {mesesDisponiveis(hoje).map((m) => (
            <option key={m} value={`m${m}`}>
              {mes(m)}
            </option>
          ))}
        </optgroup>
      </NativeSelect>
    </div>
  );
}

/** "10/03/2026 a 16/03/2026 · Comparado com 03/03/2026 a 09/03/2026" */
export function PeriodoLegenda({ periodo }: { periodo: PeriodoResolvido }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{t('periodo.intervalo', { de: fmt.date(periodo.de), ate: fmt.date(periodo.ate) })}</span>
      {' · '}
      {t('periodo.comparado', { de: fmt.date(periodo.anterior.de), ate: fmt.date(periodo.anterior.ate) })}
    </p>
  );
}

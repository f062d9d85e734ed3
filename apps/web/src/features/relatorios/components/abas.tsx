import { RELATORIO_ABAS, type RelatorioAba } from '@caderneta/shared/relatorios';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/*
 * The report's tabs, written for this page (WAI-ARIA tabs pattern: arrow keys, Home and End move
 * and select) rather than with the shared Radix tabs: sharing that module with the login page
 * would move it into a chunk of its own that /auth then loads separately (more bytes for it).
 */

const tabId = (aba: RelatorioAba) => `relatorio-aba-${aba}`;
const panelId = (aba: RelatorioAba) => `relatorio-painel-${aba}`;

export function Abas({ aba, onChange, children }: { aba: RelatorioAba; onChange: (aba: RelatorioAba) => void; children: ReactNode }) {
  const { t } = useTranslation('relatorios');
  const refs = useRef<Partial<Record<RelatorioAba, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const i = RELATORIO_ABAS.indexOf(aba);
    const n = RELATORIO_ABAS.length;
    const next = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const destino = RELATORIO_ABAS[next]!;
    onChange(destino);
    refs.current[destino]?.focus();
  }

  return (
    <div className="grid gap-2">
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus sits on the selected tab (roving tabindex) */}
      <div role="tablist" aria-label={t('abas.label')} onKeyDown={onKeyDown} className="mb-2 grid w-full grid-cols-3 gap-1 rounded-lg bg-muted p-[3px] sm:grid-cols-5">
        {RELATORIO_ABAS.map((a) => (
          <button
            key={a}
            ref={(el) => {
              refs.current[a] = el;
            }}
            type="button"
            role="tab"
            id={tabId(a)}
            aria-selected={a === aba}
            aria-controls={panelId(a)}
            tabIndex={a === aba ? 0 : -1}
            onClick={() => onChange(a)}
            className={cn(
              'min-h-11 rounded-md px-2 text-sm font-medium text-muted-foreground transition-[color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              a === aba && 'bg-background text-foreground shadow-sm dark:bg-input/30',
            )}
          >
            {t(`abas.${a}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(aba)} aria-labelledby={tabId(aba)} tabIndex={0} className="outline-none">
        {children}
      </div>
    </div>
  );
}

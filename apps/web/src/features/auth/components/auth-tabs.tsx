import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '@/lib/utils';

export interface AuthTab<T extends string> {
  id: T;
  label: string;
  content: ReactNode;
}

/**
 * The login page's two tabs ("Entrar", "Criar Conta"), written out instead of Radix Tabs so the
 * page a phone loads first carries no tab library (issue 11's 170 KB): the WAI-ARIA tabs pattern —
 * one tab in the Tab order, arrows, Home and End move and select, each panel named by its tab.
 * Every panel stays mounted (hidden when inactive), so what was typed survives switching.
 */
export function AuthTabs<T extends string>({ tabs, value, onChange }: { tabs: AuthTab<T>[]; value: T; onChange: (value: T) => void }) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onChange(tab.id);
    refs.current[tabs.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  return (
    <div className="flex flex-col gap-2">
      <div role="tablist" aria-orientation="horizontal" className="mb-4 grid h-[3.125rem] w-full grid-cols-2 items-center rounded-lg bg-muted p-[3px] text-muted-foreground md:pointer-fine:h-10">
        {tabs.map((tab, index) => {
          const active = tab.id === value;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              data-state={active ? 'active' : 'inactive'}
              onClick={() => onChange(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'inline-flex h-full items-center justify-center rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-foreground transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 focus-visible:outline-ring dark:text-muted-foreground',
                active && 'bg-background shadow-sm dark:border-input dark:bg-input/30 dark:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== value}
          tabIndex={0}
          className="flex-1 outline-none"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Brand } from '@/components/layout/brand';
import { LanguageSelect } from '@/components/layout/language-select';

/** The public customer page's frame: no app shell, phone-first, one narrow column. */
export function PortalShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="mx-auto flex w-full max-w-lg items-center justify-between px-4 py-3">
        <Brand />
        <LanguageSelect />
      </header>
      <main className="mx-auto w-full max-w-lg flex-1 px-4 pb-10">{children}</main>
    </div>
  );
}

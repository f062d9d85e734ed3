import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { LanguageSelect } from '@/components/layout/language-select';
import { Button } from '@/components/ui/button';

/** Frame of the public account pages (/auth, /reset-password). */
export function AuthPageShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-primary/10 via-background to-background">
      <title>{`${title} · ${t('common:appName')}`}</title>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Button asChild variant="ghost">
          <Link to="/">
            <ArrowLeftIcon aria-hidden="true" />
            {t('backHome')}
          </Link>
        </Button>
        <LanguageSelect />
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pt-4 pb-16 sm:pt-10">
        <Brand className="mb-6 text-xl" />
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

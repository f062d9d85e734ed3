import LockIcon from 'lucide-react/icons/lock';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type QualquerPermissao, usePode } from '@/lib/permissoes';
import type { AppResources } from '@/lib/i18n';

/** The pages whose title layout.json has (`pages.<page>.title`). */
export type PaginaDoMenu = keyof AppResources['layout']['pages'];

/**
 * A page the person's role does not let them use (issue 37), opened by its address or an old link:
 * its title and, instead of the errors its requests would bring (403), why not and a way back.
 */
export function SemPermissao({ pagina }: { pagina: PaginaDoMenu }) {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader title={t(`pages.${pagina}.title`)} />
      <Card className="items-center gap-3 px-4 py-12 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LockIcon className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">{t('semPermissao.title')}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{t('semPermissao.hint')}</p>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t('semPermissao.voltar')}</Link>
        </Button>
      </Card>
    </>
  );
}

/** Renders `children` (the page) only for a person who has `permissao` (any of a list); else `SemPermissao`. */
export function ExigePermissao({ permissao, pagina, children }: { permissao: QualquerPermissao; pagina: PaginaDoMenu; children: ReactNode }) {
  return usePode(permissao) ? children : <SemPermissao pagina={pagina} />;
}

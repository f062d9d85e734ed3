import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import BoxesIcon from 'lucide-react/icons/boxes';
import ChartNoAxesCombinedIcon from 'lucide-react/icons/chart-no-axes-combined';
import ReceiptTextIcon from 'lucide-react/icons/receipt-text';
import UsersIcon from 'lucide-react/icons/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { LanguageSelect } from '@/components/layout/language-select';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SecaoTitulada } from '@/components/secao-titulada';

const FEATURES = [
  { key: 'dashboard', icon: ChartNoAxesCombinedIcon },
  { key: 'clientes', icon: UsersIcon },
  { key: 'estoque', icon: BoxesIcon },
  { key: 'vendas', icon: ReceiptTextIcon },
] as const;

export function Component() {
  const { t } = useTranslation('landing');
  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-primary/10 via-background to-background">
      <title>{`${t('title')} — ${t('tagline')}`}</title>
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Brand />
        <div className="flex items-center gap-1">
          <LanguageSelect />
          <Button asChild variant="ghost">
            <Link to="/auth">{t('signIn')}</Link>
          </Button>
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 sm:px-6">
        <section className="flex flex-col items-center py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{t('title')}</h1>
          <p className="mt-4 text-xl font-medium text-primary sm:text-2xl">{t('tagline')}</p>
          <p className="mt-4 max-w-2xl text-muted-foreground sm:text-lg">{t('intro')}</p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/auth">
              {t('cta')}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </section>

        <SecaoTitulada titulo={t('featuresTitle')} tituloClassName="sr-only" className="pb-20">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <CardTitle>
                      <h3>{t(`features.${key}.title`)}</h3>
                    </CardTitle>
                    <CardDescription>{t(`features.${key}.description`)}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </SecaoTitulada>
      </main>

      <footer className="border-t py-6 text-center text-sm text-muted-foreground">{t('footer')}</footer>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHeaderProps {
  title: string;
  description?: string;
  /** Browser tab title when it should differ from `title` (e.g. a greeting). */
  documentTitle?: string;
  /** Buttons shown on the right (below the title on small screens). */
  actions?: ReactNode;
}

/** Title of a page inside the app; also sets the browser tab's title. */
export function PageHeader({ title, description, documentTitle, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${documentTitle ?? title} · ${t('appName')}`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

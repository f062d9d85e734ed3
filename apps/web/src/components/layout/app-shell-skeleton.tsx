import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** What the signed-in area looks like while the session is being checked. */
export function AppShellSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')} className="min-h-svh bg-background">
      <div className="hidden border-r bg-sidebar p-4 md:fixed md:inset-y-0 md:flex md:w-64 md:flex-col md:gap-3">
        <Skeleton className="mb-4 h-8 w-36" />
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
      <div className="md:pl-64">
        <div className="flex h-16 items-center gap-3 border-b px-4 sm:px-6">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-40" />
        </div>
        <div className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-80 max-w-full" />
          <div className="grid gap-4 pt-2 sm:grid-cols-2 lg:grid-cols-3">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        </div>
      </div>
    </div>
  );
}

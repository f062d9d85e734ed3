import type { ReactNode } from 'react';
import { CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * A card's header that is only its title: an h2 (the page's h1 above it), with an icon before the
 * words when given. `id` names the card's region (`aria-labelledby`).
 */
export function CardTitulo({ children, icon, id, className, headerClassName }: { children: ReactNode; icon?: ReactNode; id?: string; className?: string; headerClassName?: string }) {
  return (
    <CardHeader className={headerClassName}>
      <CardTitle>
        <h2 id={id} className={cn(icon !== undefined && 'flex items-center gap-2', className) || undefined}>
          {icon}
          {children}
        </h2>
      </CardTitle>
    </CardHeader>
  );
}

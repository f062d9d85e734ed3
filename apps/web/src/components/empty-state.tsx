import type { ComponentType, ReactNode, SVGProps } from 'react';
import { cn } from '@/lib/utils';

/** What a list shows when it has nothing: an icon, a title, a hint and maybe an action. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action}
    </div>
  );
}

/** The loading line of a list ("Carregando clientes..."), announced politely. */
export function ListLoading({ text, className }: { text: string; className?: string }) {
  return (
    <p role="status" className={cn('px-4 py-12 text-center text-muted-foreground', className)}>
      {text}
    </p>
  );
}

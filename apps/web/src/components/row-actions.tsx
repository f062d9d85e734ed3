import EllipsisVerticalIcon from 'lucide-react/icons/ellipsis-vertical';
import PencilIcon from 'lucide-react/icons/pencil';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { Children, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

interface RowActionsProps {
  /** Accessible names naming the record: "Editar José", "Deletar José", "Mais ações para José". */
  labels: { edit: string; delete: string; more: string };
  /** Absent: no edit button (the person may not change the record). */
  onEdit?: () => void;
  /** Absent: no delete button. */
  onDelete?: () => void;
  /** The "more actions" menu: `RowMenuItem`s (none: no menu). */
  children?: ReactNode;
  className?: string;
}

/** A list row's buttons: edit, delete (in red) and a menu of the rest; each only when it has something to do. */
export function RowActions({ labels, onEdit, onDelete, children, className }: RowActionsProps) {
  // (toArray leaves out the items a row did not render: `{cond && <RowMenuItem …/>}`.)
  const menu = Children.toArray(children).length > 0;
  if (!onEdit && !onDelete && !menu) return null;
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {onEdit && (
        <Button variant="ghost" size="icon" aria-label={labels.edit} onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" aria-label={labels.delete} onClick={onDelete}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      )}
      {menu && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={labels.more}>
              <EllipsisVerticalIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">{children}</DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}

type RowMenuItemProps = { icon: ComponentType<SVGProps<SVGSVGElement>>; label: string } & ({ onSelect: () => void; to?: never } | { to: string; onSelect?: never });

/** One entry of a row's "more actions" menu: an action (`onSelect`), or a link to another page (`to`). */
export function RowMenuItem({ icon: Icon, label, onSelect, to }: RowMenuItemProps) {
  if (to !== undefined) {
    return (
      <DropdownMenuItem asChild>
        <Link to={to}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem onSelect={onSelect}>
      <Icon aria-hidden="true" />
      {label}
    </DropdownMenuItem>
  );
}

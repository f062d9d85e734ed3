import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * shadcn/ui's table, written into the repo. Two changes: no scroll container and no
 * `whitespace-nowrap` on cells (a phone at 390 px must not scroll sideways), and `stackOnPhone`:
 * below 640 px the header hides and the body and footer become blocks; each row's own `max-sm:`
 * classes lay it out (a grid of description and amount, say, with `max-sm:[&>*]:p-0`).
 */
function Table({ className, stackOnPhone = false, ...props }: React.ComponentProps<'table'> & { stackOnPhone?: boolean }) {
  return (
    <table
      data-slot="table"
      data-stack={stackOnPhone ? '' : undefined}
      className={cn('group/table w-full caption-bottom text-sm max-sm:data-stack:block', className)}
      {...props}
    />
  );
}

function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption data-slot="table-caption" className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}

function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('text-muted-foreground [&_tr]:border-b max-sm:group-data-stack/table:hidden', className)}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0 max-sm:group-data-stack/table:block', className)}
      {...props}
    />
  );
}

function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return <tfoot data-slot="table-footer" className={cn('max-sm:group-data-stack/table:block', className)} {...props} />;
}

function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn('border-b', className)} {...props} />;
}

/** A column header (`scope="col"`), or a row header inside the body with `scope="row"`. */
function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn('py-2 pr-2 text-left align-middle font-medium last:pr-0', className)}
      {...props}
    />
  );
}

function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn('py-2 pr-2 align-middle last:pr-0', className)}
      {...props}
    />
  );
}

export { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow };

import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A row of mutually exclusive choices (filters). With `type="single"` Radix renders a radio group:
 * each item is `role="radio"` with `aria-checked`, and arrow keys move between items. On a narrow
 * phone a label wraps onto a second line inside its item rather than running out of it.
 */
function ToggleGroup({
  className,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Root>) {
  return (
    <ToggleGroupPrimitive.Root
      data-slot="toggle-group"
      className={cn(
        'inline-flex h-[3.125rem] w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground md:pointer-fine:h-10',
        className,
      )}
      {...props}
    />
  );
}

function ToggleGroupItem({
  className,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Item>) {
  return (
    <ToggleGroupPrimitive.Item
      data-slot="toggle-group-item"
      className={cn(
        'inline-flex h-full min-w-11 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-center text-sm leading-tight font-medium text-foreground transition-[color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-background data-[state=on]:shadow-sm dark:text-muted-foreground dark:data-[state=on]:bg-input/30 dark:data-[state=on]:text-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export { ToggleGroup, ToggleGroupItem };

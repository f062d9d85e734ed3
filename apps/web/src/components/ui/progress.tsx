import { Progress as ProgressPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A progress bar; without `value` it shows work whose size is not known yet. */
function Progress({ className, value, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  const known = typeof value === 'number';
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      value={value}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn('h-full bg-primary transition-all', known ? 'w-full' : 'w-1/3 animate-pulse')}
        style={known ? { transform: `translateX(-${100 - Math.max(0, Math.min(100, value))}%)` } : undefined}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress };

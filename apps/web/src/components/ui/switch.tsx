import { Switch as SwitchPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * An on/off switch. The visible track is small, but the button around it is a fingertip's size
 * (44 px) on phones and touch screens.
 */
function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer group inline-flex size-11 shrink-0 items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 md:pointer-fine:h-6 md:pointer-fine:w-11',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent bg-input shadow-xs transition-colors group-data-[state=checked]:bg-primary dark:bg-input/80"
      >
        <SwitchPrimitive.Thumb
          data-slot="switch-thumb"
          className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0.5"
        />
      </span>
    </SwitchPrimitive.Root>
  );
}

export { Switch };

import { cloneElement, type ComponentType, type ReactElement, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';

/** What a deferred popup module's component receives: the trigger to wrap, and that it was asked open. */
export interface PopupProps {
  trigger: ReactElement;
  defaultOpen: boolean;
}

type TriggerProps = Pick<React.ComponentProps<'button'>, 'onClick' | 'onFocus' | 'onPointerDown' | 'onPointerEnter'>;

/**
 * A header control whose popup (a Radix menu or drawer: focus trapping, positioning, some 30 KB
 * with its dependencies) is downloaded on first use instead of with every signed-in page. The
 * trigger renders at once as the same button; pointing at it, touching or focusing it fetches the
 * popup's module and the click opens it (the popup then owns the button, so Escape and closing
 * return focus to it).
 */
export function DeferredPopup({ load, trigger }: { load: () => Promise<ComponentType<PopupProps>>; trigger: ReactElement<TriggerProps> }) {
  const [Popup, setPopup] = useState<ComponentType<PopupProps> | null>(null);
  if (Popup) return <Popup trigger={trigger} defaultOpen />;
  const preload = () => {
    void load();
  };
  return cloneElement(trigger, {
    onPointerEnter: preload,
    onPointerDown: preload,
    onFocus: preload,
    onClick: () => {
      void load().then((component) => setPopup(() => component));
    },
  });
}

/** A header icon button (the language, the theme) whose menu is downloaded on first use. */
export function HeaderMenuButton({ load, label, children }: { load: () => Promise<ComponentType<PopupProps>>; label: string; children: ReactNode }) {
  return (
    <DeferredPopup
      load={load}
      trigger={
        <Button variant="ghost" size="icon" aria-label={label} title={label}>
          {children}
        </Button>
      }
    />
  );
}

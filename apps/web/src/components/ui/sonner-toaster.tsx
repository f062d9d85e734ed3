import { type CSSProperties, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toasterMounted } from '@/lib/toast';

/** Wider than sonner's phone layout (600 px), where toasts take the whole width. */
const DESKTOP = '(min-width: 640px)';
const subscribeDesktop = (listener: () => void) => {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};
const isDesktop = () => window.matchMedia(DESKTOP).matches;

/**
 * sonner's toaster in the app's theme and language; loaded with the first toast (ui/sonner.tsx).
 * On a desktop the toasts stack at the bottom right, away from the header and each page's own
 * actions at the top ("Configurar Vencimento" could not be clicked under a stack of them); on a
 * phone they stay at the top, clear of the sale's bar and the dialogs' buttons at the bottom.
 */
export function SonnerToaster(props: ToasterProps) {
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => true);
  const [theme] = useTheme();
  const { t } = useTranslation();
  // After sonner's own effect has subscribed to its store: the waiting toasts can be shown.
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      theme={theme}
      position={desktop ? 'bottom-right' : 'top-center'}
      className="toaster group"
      richColors
      closeButton
      // sonner's own labels are English ("Notifications alt+T", "Close toast").
      customAriaLabel={t('toaster.label')}
      toastOptions={{
        closeButtonAriaLabel: t('toaster.close'),
        // A thumb's size to tap: the action ("Ver recibo") 44 px tall, the 20 px close button
        // with an invisible 12 px margin around it that takes the tap too.
        classNames: { actionButton: '!h-11 !px-3 !text-sm', closeButton: "after:absolute after:-inset-3 after:content-['']" },
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as CSSProperties
      }
      {...props}
    />
  );
}

import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toasterMounted } from '@/lib/toast';

/** sonner's toaster in the app's theme and language; loaded with the first toast (ui/sonner.tsx). */
export function SonnerToaster(props: ToasterProps) {
  const [theme] = useTheme();
  const { t } = useTranslation();
  // After sonner's own effect has subscribed to its store: the waiting toasts can be shown.
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      richColors
      closeButton
      // sonner's own labels are English ("Notifications alt+T", "Close toast").
      customAriaLabel={t('toaster.label')}
      toastOptions={{ closeButtonAriaLabel: t('toaster.close') }}
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

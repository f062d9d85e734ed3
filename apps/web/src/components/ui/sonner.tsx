import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme';

function Toaster(props: ToasterProps) {
  const [theme] = useTheme();
  const { t } = useTranslation();
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
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };

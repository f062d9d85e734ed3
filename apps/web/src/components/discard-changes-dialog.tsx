import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** "Descartar alterações?" — "Continuar editando" (focused, and what Escape does) or "Descartar". */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: { open: boolean; onKeepEditing: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  // ConfirmDialog closes itself after "Descartar" too: that close is no "Continuar editando".
  const discarding = useRef(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !discarding.current) onKeepEditing();
        discarding.current = false;
      }}
      title={t('discard.title')}
      description={t('discard.description')}
      cancelLabel={t('discard.keepEditing')}
      confirmLabel={t('discard.confirm')}
      destructive
      onConfirm={() => {
        discarding.current = true;
        onDiscard();
      }}
    />
  );
}


import { useState } from 'react';

/**
 * The open state of a page's "new / edit" form dialog and the record being edited (null: new).
 * Render the dialog keyed by `editing?.id ?? 'novo'` so switching mounts a fresh form.
 */
export function useEditDialog<T>() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  return {
    open,
    setOpen,
    editing,
    openNew: () => {
      setEditing(null);
      setOpen(true);
    },
    openEdit: (record: T) => {
      setEditing(record);
      setOpen(true);
    },
  };
}

import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useId, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { isLeavingOnPurpose } from '@/lib/leave-app';

/**
 * Nothing a seller typed is thrown away without a word. A form says whether it holds changes not
 * saved yet (`useReportDirty`); the dialog around it (`Dialog`, which reports in turn while open)
 * or the signed-in app (`UnsavedChangesGuard`) then asks "Descartar alterações?" before closing or
 * leaving, with "Continuar editando" first.
 */

type Report = (id: string, dirty: boolean) => void;
const DirtyContext = createContext<Report | null>(null);

/** The forms under a dialog or page that hold unsaved changes; `dirty` when any does. */
export function useDirtySources() {
  const [sources, setSources] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>(
    (id, dirty) =>
      setSources((current) => {
        if (current.has(id) === dirty) return current;
        const next = new Set(current);
        if (dirty) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  return { dirty: sources.size > 0, report };
}

/** Where the forms below report to (the nearest dialog or guarded page). */
export function DirtyProvider({ report, children }: { report: Report; children: ReactNode }) {
  return <DirtyContext.Provider value={report}>{children}</DirtyContext.Provider>;
}

/** A form tells the dialog or page around it whether it holds changes that are not saved yet. */
export function useReportDirty(dirty: boolean) {
  const report = useContext(DirtyContext);
  const id = useId();
  useEffect(() => {
    report?.(id, dirty);
  }, [report, id, dirty]);
  // Gone (closed, another tab): nothing of it is left to lose.
  useEffect(() => () => report?.(id, false), [report, id]);
}

// The question's dialog loads when it is first asked: the signed-in app's first load (the
// dashboard's 170 KB) does not carry the alert dialog for a question most visits never see.
const DiscardChangesDialog = lazy(() => import('@/components/discard-changes-dialog').then((m) => ({ default: m.DiscardChangesDialog })));

/** "Descartar alterações?" while `open`; nothing (and nothing loaded) otherwise. */
function DiscardQuestion(props: { open: boolean; onKeepEditing: () => void; onDiscard: () => void }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DiscardChangesDialog {...props} />
    </Suspense>
  );
}

/**
 * Runs an action that would throw away what was typed (closing a dialog, going back a step) at
 * once when nothing is unsaved, and after "Descartar" otherwise. Render `question`.
 */
export function useDiscardGuard(dirty: boolean) {
  const [pending, setPending] = useState<{ action: () => void } | null>(null);
  const confirm = useCallback(
    (action: () => void) => {
      if (dirty) setPending({ action });
      else action();
    },
    [dirty],
  );
  const question = (
    <DiscardQuestion
      open={pending !== null}
      onKeepEditing={() => setPending(null)}
      onDiscard={() => {
        setPending(null);
        pending?.action();
      }}
    />
  );
  return { confirm, question };
}

/** Inside a dialog: `confirm(action)` asks first when the dialog's forms hold unsaved changes. */
const GuardContext = createContext<((action: () => void) => void) | null>(null);
export const DiscardGuardProvider = GuardContext.Provider;

/** The nearest dialog's guard (e.g. "Voltar aos detalhes" throws away the manage-debt fields too). */
export function useConfirmDiscard(): (action: () => void) => void {
  return useContext(GuardContext) ?? ((action) => action());
}

const LeaveContext = createContext<((action: () => void) => void) | null>(null);

/**
 * Leaving the signed-in app on purpose ("Sair"): `confirm(action)` asks "Descartar alterações?"
 * first while a form holds unsaved changes, and runs `action` at once otherwise. The action should
 * leave through `leaveApp`, so the browser does not ask its own "leave site?" question after ours.
 */
export function useConfirmLeaveApp(): (action: () => void) => void {
  return useContext(LeaveContext) ?? ((action) => action());
}

/**
 * Around the signed-in app: while a form (a settings tab, an open dialog) holds unsaved changes,
 * going elsewhere in the app (menu, bottom bar, back button, another tab of Configurações) asks
 * first, and closing or reloading the browser tab gets the browser's own "leave site?" question.
 * "Sair" asks the app's question instead (`useConfirmLeaveApp`).
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { dirty, report } = useDirtySources();
  const leaving = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useBlocker(leaving);
  const leave = useDiscardGuard(dirty);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (isLeavingOnPurpose()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <DirtyProvider report={report}>
      <LeaveContext.Provider value={leave.confirm}>{children}</LeaveContext.Provider>
      {leave.question}
      <DiscardQuestion
        open={blocker.state === 'blocked'}
        onKeepEditing={() => blocker.reset?.()}
        onDiscard={() => blocker.proceed?.()}
      />
    </DirtyProvider>
  );
}

import { createContext, useContext, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';

/** What is being written: the question names it, as Instagram's "Discard post?" does. */
export type DraftKind = 'post' | 'story' | 'comment' | 'message';

/** Instagram's question: Discard in red, then Cancel (closing it is Cancel too). */
function DiscardDialog({
  kind,
  onCancel,
  onDiscard,
}: {
  kind: DraftKind | null;
  onCancel: () => void;
  onDiscard: () => void;
}) {
  // The title stays while the dialog fades out after a choice.
  const [shown, setShown] = useState<DraftKind>('post');
  if (kind !== null && kind !== shown) setShown(kind);
  return (
    <ConfirmDialog
      open={kind !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={`Discard ${kind ?? shown}?`}
      confirmLabel="Discard"
      busyLabel="Discard"
      onConfirm={onDiscard}
    >
      If you leave, your edits won&apos;t be saved.
    </ConfirmDialog>
  );
}

/**
 * Asks before throwing away something the person wrote or picked, as Instagram does: each way of
 * leaving (Back, Escape, a click outside, the close button) calls `requestDiscard`, which
 * discards at once when nothing is held and otherwise asks "Discard post?" (Discard / Cancel).
 * Render `discardDialog` inside the dialog that asked: it is a dialog of its own, above it.
 */
export function useDiscardGuard(kind: DraftKind, holdsSomething: boolean, discard: () => void) {
  const [asking, setAsking] = useState(false);
  const requestDiscard = () => {
    if (holdsSomething) setAsking(true);
    else discard();
  };
  const discardDialog = (
    <DiscardDialog
      kind={asking ? kind : null}
      onCancel={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        discard();
      }}
    />
  );
  return { requestDiscard, discardDialog };
}

/** Drafts written inside a container (a comment in the post's dialog), by whoever holds them. */
type HeldDrafts = Map<string, DraftKind>;
const HeldDraftsContext = createContext<HeldDrafts | null>(null);

/** Provided by a container that asks before closing: its `heldDrafts` from `useHeldDraftsGuard`. */
export const HeldDraftsProvider = HeldDraftsContext;

/**
 * A field's part: tells the container around it (if any asks) that it holds words. The field
 * need not know what closes around it: the post's dialog, today; nothing on the post's page.
 */
export function useHoldDraft(kind: DraftKind, holds: boolean) {
  const drafts = useContext(HeldDraftsContext);
  const id = useId();
  useEffect(() => {
    if (!drafts || !holds) return;
    drafts.set(id, kind);
    return () => {
      drafts.delete(id);
    };
  }, [drafts, id, kind, holds]);
}

/**
 * The container's part of `useHoldDraft`: `requestDiscard` closes at once when no field inside
 * holds words, otherwise asks, naming what is held ("Discard comment?").
 */
export function useHeldDraftsGuard(discard: () => void) {
  // Read only when asked, never drawn: a Map the fields change, not state that re-renders.
  const [heldDrafts] = useState<HeldDrafts>(() => new Map());
  const [asking, setAsking] = useState<DraftKind | null>(null);
  const requestDiscard = () => {
    const held = heldDrafts.values().next();
    if (held.done) discard();
    else setAsking(held.value);
  };
  const discardDialog = (
    <DiscardDialog
      kind={asking}
      onCancel={() => setAsking(null)}
      onDiscard={() => {
        setAsking(null);
        discard();
      }}
    />
  );
  return { heldDrafts, requestDiscard, discardDialog };
}

/**
 * For a page that holds words (a message being written): a click on a link away from it, or
 * closing the tab, asks first. The app's router has no blocking of its own (a `BrowserRouter`),
 * so links are caught as they are clicked, before the router's own handler.
 */
export function useLeaveGuard(kind: DraftKind, holds: boolean) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!holds) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      // A new tab or window leaves nothing behind.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      if (link.origin !== window.location.origin || link.pathname === pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(`${link.pathname}${link.search}${link.hash}`);
    };
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // Capturing on the document runs before React's listeners on its root.
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [holds, pathname]);

  const leaveDialog = (
    <DiscardDialog
      kind={leavingTo === null ? null : kind}
      onCancel={() => setLeavingTo(null)}
      onDiscard={() => {
        const to = leavingTo;
        setLeavingTo(null);
        if (to !== null) void navigate(to);
      }}
    />
  );
  return { leaveDialog };
}

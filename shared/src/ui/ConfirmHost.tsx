import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { ConfirmStore, PendingConfirm } from './confirmStore';

// a lazy chunk (with DOMPurify for its HTML text), loaded when a page first asks to confirm: the
// sign-in pages never do (issue 14)
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * Renders the current request of a confirm store. The host mounts one and puts `store.confirm`
 * into PortalContext.
 */
export function ConfirmHost({ store }: { store: ConfirmStore }) {
  const pending = useSyncExternalStore(store.subscribe, store.current, store.current);
  // keyed, so the loading state of one request never leaks into the next
  return pending ? (
    <Suspense fallback={null}>
      <PendingDialog key={pending.id} pending={pending} store={store} />
    </Suspense>
  ) : null;
}

function PendingDialog({ pending, store }: { pending: PendingConfirm; store: ConfirmStore }) {
  const [loading, setLoading] = useState(false);
  const { action, ...options } = pending.request;
  const onConfirm = async () => {
    if (!action) return store.settle(pending.id, true);
    setLoading(true);
    try {
      if ((await action()) === false) setLoading(false);
      else store.settle(pending.id, true);
    } catch (error) {
      store.fail(pending.id, error);
    }
  };
  return (
    <ConfirmDialog
      {...options}
      open
      loading={loading}
      onConfirm={() => void onConfirm()}
      onCancel={() => store.settle(pending.id, false)}
    />
  );
}

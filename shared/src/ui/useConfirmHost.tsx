import { type ReactElement, useMemo, useState } from 'react';
import { ConfirmHost } from './ConfirmHost';
import { type ConfirmFn, createConfirmStore } from './confirmStore';

/** `confirm` of the portal contract and the dialog that answers it; render `confirmHost` once. */
export function useConfirmHost(): { confirm: ConfirmFn; confirmHost: ReactElement } {
  const [store] = useState(createConfirmStore);
  return useMemo(() => ({ confirm: store.confirm, confirmHost: <ConfirmHost store={store} /> }), [store]);
}

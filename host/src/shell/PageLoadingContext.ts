import { createContext } from 'react';

/**
 * Lets a page that is still loading (a remote chunk in flight) tell the shell, which shows the
 * progress bar meanwhile. The function marks the start and returns the end.
 */
export const PageLoadingContext = createContext<() => () => void>(() => () => {});

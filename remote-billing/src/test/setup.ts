import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Fluent's MessageBar and TabList measure themselves; jsdom has no ResizeObserver
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

// unmount after each test, so Fluent's observers do not outlive the test environment
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// findBy…/waitFor wait for what the test expects, however slowly a busy machine renders it
configure({ asyncUtilTimeout: 10_000 });

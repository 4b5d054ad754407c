import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 10 s (not Testing Library's 1 s): on a loaded 2-core CI machine a
// render can take longer than a second; a passing wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// unmount after each test, so Fluent's observers do not outlive the test environment
afterEach(() => cleanup());

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// unmount after each test, so Fluent's observers do not outlive the test environment
afterEach(() => cleanup());

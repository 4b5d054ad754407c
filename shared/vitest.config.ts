import { defineConfig } from 'vitest/config';
import { uiTestConfig } from './build/vitest.mjs';

export default defineConfig(uiTestConfig());

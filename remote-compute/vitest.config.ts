import { uiTestConfig } from '@portal/shared/build/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig(uiTestConfig());

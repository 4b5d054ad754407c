import { translationDiff } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { workspaceDe } from './de';
import { workspaceEn } from './en';

describe('German texts of the workspace remote', () => {
  it('workspace: the same keys, values and tags as English', () => {
    expect(translationDiff(workspaceEn, workspaceDe)).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

registerRemotes([{ name: 'floor_remote', entry: '/remote/mf-manifest.json' }]);
void loadRemote<{ default: ComponentType }>('floor_remote/Page').then((page) => {
  if (page) createRoot(document.getElementById('root') as HTMLElement).render(<page.default />);
});

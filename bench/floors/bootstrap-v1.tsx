// @ts-expect-error: the remote's module, resolved by the container plugin at build time
import Page from 'floor_remote/Page';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<Page />);

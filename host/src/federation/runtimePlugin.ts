import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { addBreadcrumb } from '../errors/reportError';

/**
 * Federation runtime hooks of the host. A remote that fails to load (down, 404, incompatible
 * shared version) leaves a breadcrumb and rethrows: the page's error boundary shows the fallback
 * and reports the error once, with Retry.
 */
export default function portalRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-runtime-plugin',
    errorLoadRemote(args) {
      addBreadcrumb(`remote ${args.id} failed in ${args.lifecycle}`);
      return undefined;
    },
  };
}

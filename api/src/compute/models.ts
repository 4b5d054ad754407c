import type { Instance } from '../graphql/generated/types.js';

/**
 * What a resolver answering an `Instance` hands on (codegen's mapper for `Instance`): the fields
 * other domains add with field resolvers (`Instance.network`, see `network/resolvers.ts`; `Instance.sshKeys`, `lifecycle/resolvers.ts`) are theirs
 * to resolve, so `toInstance` does not carry them.
 */
export type InstanceModel = Omit<Instance, 'network' | 'sshKeys'>;

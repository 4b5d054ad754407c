/**
 * Third-party (SSO) providers, as `/config` and the 401 flows list them. The registry is empty until
 * a provider module registers into it; that module drives its own redirect and callback routes and
 * finishes with `beginLogin` (known account) or `startPendingFlow({ id: 'provider_signup', … })`
 * from `flows.ts`.
 */
export interface ProviderInfo {
  id: string;
  name: string;
  flows: ('provider_redirect' | 'provider_token')[];
  client_id?: string;
  openid_configuration_url?: string;
}

export interface ProviderRegistry {
  list(): readonly ProviderInfo[];
}

export class StaticProviderRegistry implements ProviderRegistry {
  private readonly providers: ProviderInfo[] = [];
  register(provider: ProviderInfo): void {
    this.providers.push(provider);
  }
  list(): readonly ProviderInfo[] {
    return this.providers;
  }
}

/**
 * Third-party (SSO) providers, as `/config`, the 401 flows and the `provider_signup` flow list them
 * (allauth's `Provider` schema). By default the OpenID Connect providers of `PORTAL_OIDC_PROVIDERS`
 * (`socialProviderConfig` in `sso/oidcProviders.ts`); `routes/provider.ts` drives their redirect,
 * callback and sign-up, and finishes with `beginLogin` (known account) or `startPendingFlow({ id:
 * 'provider_signup', … })` from `flows.ts`.
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
  private readonly providers: ProviderInfo[];
  constructor(providers: readonly ProviderInfo[] = []) {
    this.providers = [...providers];
  }
  register(provider: ProviderInfo): void {
    this.providers.push(provider);
  }
  list(): readonly ProviderInfo[] {
    return this.providers;
  }
}

// E-mail sign-in through an external OpenID Connect provider: authorization code flow with PKCE,
// state and nonce (openid-client v6).
import * as client from "openid-client";
import type { OidcConfig } from "../../config";
import type { OidcProfile } from "../auth/account.service";
import { DomainError } from "../../domain-error";

/** What the browser keeps between leaving for the provider and coming back. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

export class OidcSignIn {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly oidc: OidcConfig,
    /** `${APP_URL}/api/auth/oidc/callback`, registered at the provider. */
    readonly redirectUri: string,
  ) {}

  /** Discovery runs once and is cached; a failure is retried by the next sign-in. */
  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      // client_secret_basic: the default of OpenID Connect client registration.
      .discovery(this.oidc.issuer, this.oidc.clientId, undefined, client.ClientSecretBasic(this.oidc.clientSecret), {
        // config.ts allows http issuers outside production only (a provider on this machine).
        execute: this.oidc.issuer.protocol === "http:" ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw new DomainError("OIDC_PROVIDER_UNAVAILABLE", { cause: error });
      });
    return this.configuration;
  }

  async start(): Promise<{ url: URL; pending: PendingLogin }> {
    const configuration = await this.discover();
    const pending: PendingLogin = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: "S256",
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /** Exchanges the code from the callback's query string and reads who signed in. */
  async finish(callbackQuery: string, pending: PendingLogin): Promise<OidcProfile> {
    const configuration = await this.discover();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = callbackQuery;
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("no ID token");
      claims = { ...idClaims };
      // Providers often keep e-mail and names out of the ID token of a code flow.
      if (configuration.serverMetadata().userinfo_endpoint) {
        claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...claims };
      }
    } catch (error) {
      throw new DomainError("OIDC_FAILED", { cause: error });
    }
    const email = stringClaim(claims, "email")?.toLowerCase() ?? null;
    return {
      issuer: configuration.serverMetadata().issuer,
      subject: String(claims.sub),
      verifiedEmail: email && claims.email_verified === true ? email : null,
      firstName: stringClaim(claims, "given_name"),
      lastName: stringClaim(claims, "family_name"),
      preferredUsername: stringClaim(claims, "preferred_username"),
    };
  }
}

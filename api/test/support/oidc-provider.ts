import type { Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./ports";

export const OIDC_CLIENT = { id: "loop-test", secret: "loop-test-secret-0123456789" };

export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
}

/** A real OpenID Connect provider (node-oidc-provider) with its development login pages. */
export async function startOidcProvider(redirectUri: string, accounts: Record<string, TestAccount>) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [redirectUri] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "preferred_username"] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, ...accounts[sub] }) }),
    cookies: { keys: ["test-cookie-key"] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { issuer, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A browser at the provider: keeps its cookies and signs in through the dev login and consent pages. */
export async function loginAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  };

  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await send(url, form);
    form = undefined;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 500)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (prompt === "login") form = { prompt, login, password: "any" };
    else if (prompt === "consent") form = { prompt };
    else throw new Error(`unexpected provider page: ${html.slice(0, 500)}`);
  }
  throw new Error("too many steps at the provider");
}

/** A loop card with the toaster, its API calls answered by `routes` (tests only). */
import type { ClientConfig } from "@loop/rules/chains";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Toaster } from "@/components/ui/toaster";
import { makeClientConfig } from "@/testing/make-client-config";
import { type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { LoopCard } from "../components/loop-card";

/** The card tests' viewer ("viewer-1"), and GET /api/auth/user answers: signed in as them, or signed out. */
export const VIEWER = makeUser({ id: "viewer-1" });
export const signedIn = () => json(VIEWER);
export const signedOut = () => json({ message: "Unauthorized" }, 401);

export function renderCard(loop: PublicLoop, routes: ApiRoutes) {
  const api = stubApi(routes);
  const result = renderWithProviders(
    <>
      <LoopCard loop={loop} />
      <Toaster />
    </>,
  );
  return { ...result, api };
}

/**
 * The card for a signed-in viewer ("viewer-1", with an e-mail address) with no LOOP: GET /api/config
 * answers `makeClientConfig(config)`, and `routes` are answered on top.
 */
export function renderCardForViewer(loop: PublicLoop, config: Partial<ClientConfig>, routes: ApiRoutes) {
  return renderCard(loop, {
    "GET /api/auth/user": () => json(makeUser({ id: "viewer-1", email: "viewer@example.com" })),
    "GET /api/config": () => json(makeClientConfig(config)),
    "GET /api/tokens/balance": () => json({ balance: "0.00000000", available: "0.00000000", held: "0.00000000" }),
    ...routes,
  });
}

import type { LicenceSummary } from "@loop/rules/schemas/licences";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fullPageNavigate } from "@/lib/navigation";
import { expectLoginRedirectAfter401 } from "@/testing/expect-login-redirect";
import { makeLoop } from "@/testing/make-loop";
import { renderWithApi } from "@/testing/render-with-api";
import { type ApiHandler, type ApiRoutes, json, stubApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { signedIn, signedOut } from "@/testing/viewer";
import { DownloadButton } from "./download-button";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());

/** Download for `loop` in every format (a free loop's), with the toaster. */
function renderButton(loop: PublicLoop, routes: ApiRoutes) {
  return renderWithApi(<DownloadButton loopId={loop.id} title={loop.title} mp3Kbps={loop.mp3Kbps} />, routes);
}

const LOOP_ID = "7c000000-0000-4000-8000-000000000001";
const licence = (overrides: Partial<LicenceSummary>): LicenceSummary => ({
  id: "8a1c0000-0000-4000-8000-000000000001",
  format: "wav",
  status: "valid",
  purchaseId: "9b000000-0000-4000-8000-000000000001",
  issuedAt: "2026-11-30T08:00:00.000Z",
  ...overrides,
});

describe("DownloadButton's licences", () => {
  it("asks for the viewer's licences when the menu opens, and offers each valid one's PDF and its verification page", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })),
      "GET /api/licences": () =>
        json([licence({}), licence({ id: "8a1c0000-0000-4000-8000-000000000002", format: "mp3", status: "revoked" })]),
    });
    const { user } = renderWithProviders(<DownloadButton loopId={LOOP_ID} title="Deep Night" formats={["wav"]} mp3Kbps={320} />);
    const button = await screen.findByRole("button", { name: "Download Deep Night", expanded: false });
    expect(api.calls("GET /api/licences")).toHaveLength(0);

    await user.click(button);
    const pdf = await screen.findByRole("menuitem", { name: /Licence \(WAV\)/ });
    expect(api.calls("GET /api/licences")[0]!.url.searchParams.get("loopId")).toBe(LOOP_ID);
    // The revoked MP3 licence is not offered.
    expect(screen.queryByRole("menuitem", { name: /MP3/ })).not.toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Verify licence (WAV)" })).toHaveAttribute(
      "href",
      "/licences/8a1c0000-0000-4000-8000-000000000001",
    );

    await user.click(pdf);
    expect(fullPageNavigate).toHaveBeenCalledWith("/api/licences/8a1c0000-0000-4000-8000-000000000001/pdf");
  });

  it("without licences (a creator's own loop, a free loop) the menu lists the formats only", async () => {
    const api = stubApi({
      "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })),
      "GET /api/licences": () => json([]),
    });
    const { user } = renderWithProviders(<DownloadButton loopId={LOOP_ID} title="Deep Night" mp3Kbps={320} />);
    await user.click(await screen.findByRole("button", { name: "Download Deep Night", expanded: false }));
    await waitFor(() => expect(api.calls("GET /api/licences")).toHaveLength(1));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual(["MP3320 kbps", "WAVlossless"]);
    expect(screen.queryByText("Licence")).not.toBeInTheDocument();
  });

  it("a free loop: right after the member's first download (which issues its licence), the reopened menu offers it", async () => {
    let licences: LicenceSummary[] = [];
    const api = stubApi({
      "GET /api/auth/user": () => json(makeUser({ id: "viewer-1" })),
      "GET /api/licences": () => json(licences),
      [`GET /api/loops/${LOOP_ID}/download`]: () => {
        // The server records the download (and the database issues the licence) when the browser fetches the file.
        licences = [licence({ format: "mp3", purchaseId: null })];
        return json({ downloadUrl: "/api/downloads/token", filename: "deep-night.mp3" });
      },
    });
    const { user, queryClient } = renderWithProviders(<DownloadButton loopId={LOOP_ID} title="Deep Night" mp3Kbps={320} />);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const button = await screen.findByRole("button", { name: "Download Deep Night", expanded: false });
    await user.click(button);
    await waitFor(() => expect(api.calls("GET /api/licences")).toHaveLength(1));
    await user.click(await screen.findByRole("menuitem", { name: /^MP3/ }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledWith("/api/downloads/token"));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["/api/licences", { loopId: LOOP_ID }] });

    await user.click(await screen.findByRole("button", { name: "Download Deep Night", expanded: false }));
    expect(await screen.findByRole("menuitem", { name: /Licence \(MP3\)/ })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Verify licence (MP3)" })).toHaveAttribute(
      "href",
      "/licences/8a1c0000-0000-4000-8000-000000000001",
    );
    expect(api.calls("GET /api/licences")).toHaveLength(2);
  });
});

describe("downloading", () => {
  it("signed out: 'Login Required', nothing requested", async () => {
    const { user, api } = renderButton(makeLoop({ title: "Free Swing", isFree: true }), { "GET /api/auth/user": signedOut });
    const button = screen.getByRole("button", { name: "Download Free Swing" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(api.requests.some(({ path }) => path.includes("/download"))).toBe(false);
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });

  it("signed in: asks the format, gets a signed link and opens it", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true });
    const download = vi.fn<ApiHandler>(({ url }) =>
      json({ downloadUrl: `/api/downloads/signed-${url.searchParams.get("format")}`, filename: "free-swing.wav" }),
    );
    const { user } = renderButton(loop, { "GET /api/auth/user": signedIn, [`GET /api/loops/${loop.id}/download`]: download });
    await user.click(await screen.findByRole("button", { name: "Download Free Swing", expanded: false }));
    await user.click(await screen.findByRole("menuitem", { name: /WAV/ }));
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledWith("/api/downloads/signed-wav"));
    expect(download).toHaveBeenCalledOnce();
    expect(await screen.findByText("Download Started")).toBeInTheDocument();
  });

  it("a 401 says 'You are logged out. Logging in again...' and goes to login after 500 ms", async () => {
    const loop = makeLoop({ title: "Bought", isPurchased: true, purchasedFormats: ["mp3", "wav"] });
    let answer: ((response: Response) => void) | null = null;
    const { user } = renderButton(loop, {
      "GET /api/auth/user": signedIn,
      [`GET /api/loops/${loop.id}/download`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(await screen.findByRole("button", { name: "Download Bought", expanded: false }));
    await user.click(await screen.findByRole("menuitem", { name: /MP3/ }));
    await waitFor(() => expect(answer).not.toBeNull());

    await expectLoginRedirectAfter401(() => answer!(json({ message: "Unauthorized" }, 401)));
  });

  it("other failures: 'Download Failed' with the server's message", async () => {
    const loop = makeLoop({ title: "Free Swing", isFree: true });
    const { user } = renderButton(loop, {
      "GET /api/auth/user": signedIn,
      [`GET /api/loops/${loop.id}/download`]: () => json({ message: "Download Not Available: This loop is still being processed." }, 409),
    });
    await user.click(await screen.findByRole("button", { name: "Download Free Swing", expanded: false }));
    await user.click(await screen.findByRole("menuitem", { name: /MP3/ }));
    expect(await screen.findByText("Download Failed")).toBeInTheDocument();
    expect(screen.getByText("Download Not Available: This loop is still being processed.")).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });
});

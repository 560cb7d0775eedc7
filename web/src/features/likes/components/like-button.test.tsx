import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { LIKED_LOOPS_QUERY_KEY, LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { makeLoop, page } from "@/testing/make-loop";
import { renderWithApi } from "@/testing/render-with-api";
import { type ApiRoutes, json } from "@/testing/stub-api";
import { signedIn, signedOut } from "@/testing/viewer";
import { LikeButton } from "./like-button";

const LIST_KEY = [...LOOPS_QUERY_KEY, "list", { sortBy: "recent" }];

/** The heart of `loop` as a card shows it, with the toaster. */
function renderHeart(loop: PublicLoop, routes: ApiRoutes, onSignInRequired?: () => void) {
  return renderWithApi(<LikeButton loop={loop} onSignInRequired={onSignInRequired} />, routes);
}

describe("the heart", () => {
  it("a member likes a loop: pressed and counted at once, then the server's count; the cached lists follow", async () => {
    const loop = makeLoop({ title: "Warm Pads", likeCount: 3 });
    let answer: ((response: Response) => void) | null = null;
    const { user, api, queryClient } = renderHeart(loop, {
      "GET /api/auth/user": signedIn,
      [`POST /api/loops/${loop.id}/like`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    queryClient.setQueryData(LIST_KEY, { pages: [page([loop], 1)], pageParams: [null] });
    queryClient.setQueryData(LIKED_LOOPS_QUERY_KEY, { loops: [], total: 0 });
    // The name holds the visible count (label in name, WCAG 2.5.3).
    const heart = screen.getByRole("button", { name: "Like, 3 likes" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    expect(heart).toHaveTextContent("3");
    await waitFor(() => expect(heart).toBeEnabled());

    await user.click(heart);
    const unlike = screen.getByRole("button", { name: "Unlike, 4 likes" });
    expect(unlike).toHaveAttribute("aria-pressed", "true");
    expect(unlike).toHaveTextContent("4");
    expect(api.calls(`POST /api/loops/${loop.id}/like`)).toHaveLength(1);
    const cached = () => queryClient.getQueryData<{ pages: { loops: (typeof loop)[] }[] }>(LIST_KEY)!.pages[0]!.loops[0]!;
    expect(cached()).toMatchObject({ likedByMe: true, likeCount: 4 });

    answer!(json({ likeCount: 9, likedByMe: true }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Unlike, 9 likes" })).toHaveTextContent("9"));
    expect(cached()).toMatchObject({ likedByMe: true, likeCount: 9 });
    // The Liked list is asked again.
    await waitFor(() => expect(queryClient.getQueryState(LIKED_LOOPS_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it("unlikes; a refusal puts the heart and the lists back and says why", async () => {
    const loop = makeLoop({ title: "Warm Pads", likeCount: 5, likedByMe: true });
    const { user, queryClient } = renderHeart(loop, {
      "GET /api/auth/user": signedIn,
      [`DELETE /api/loops/${loop.id}/like`]: () => json({ message: "Loop Not Found: This loop is not available." }, 404),
    });
    queryClient.setQueryData(LIST_KEY, { pages: [page([loop], 1)], pageParams: [null] });
    const heart = screen.getByRole("button", { name: "Unlike, 5 likes" });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByText("Loop Not Found")).toBeInTheDocument();
    const back = screen.getByRole("button", { name: "Unlike, 5 likes" });
    expect(back).toHaveAttribute("aria-pressed", "true");
    expect(back).toHaveTextContent("5");
    expect(queryClient.getQueryData<{ pages: { loops: (typeof loop)[] }[] }>(LIST_KEY)!.pages[0]!.loops[0]).toMatchObject({
      likedByMe: true,
      likeCount: 5,
    });
  });

  it("signed out, the heart opens the app's sign-in dialog (or says 'Login Required') and asks nothing", async () => {
    const onSignInRequired = vi.fn();
    const loop = makeLoop({ title: "Warm Pads", likeCount: 2 });
    const { user, unmount, api } = renderHeart(loop, { "GET /api/auth/user": signedOut }, onSignInRequired);
    const heart = screen.getByRole("button", { name: "Like, 2 likes" });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(onSignInRequired).toHaveBeenCalledOnce();
    expect(heart).toHaveTextContent("2");
    unmount();

    const second = renderHeart(loop, { "GET /api/auth/user": signedOut });
    const again = screen.getByRole("button", { name: "Like, 2 likes" });
    await waitFor(() => expect(again).toBeEnabled());
    await second.user.click(again);
    expect(await screen.findByText("Please log in to like loops.")).toBeInTheDocument();
    expect([...api.requests, ...second.api.requests].some(({ path }) => path.endsWith("/like"))).toBe(false);
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LIKED_LOOPS_QUERY_KEY, LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { makeLoop, page } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { patchLoopIn } from "../lib/cached-loops";
import { renderCard, signedIn, signedOut } from "../testing/render-loop-card";
import { LoopCard } from "./loop-card";

const LIST_KEY = [...LOOPS_QUERY_KEY, "list", { sortBy: "recent" }];

describe("the heart", () => {
  it("a member likes a loop: pressed and counted at once, then the server's count; the cached lists follow", async () => {
    const loop = makeLoop({ title: "Warm Pads", likeCount: 3 });
    let answer: ((response: Response) => void) | null = null;
    const { user, api, queryClient } = renderCard(loop, {
      "GET /api/auth/user": signedIn,
      [`POST /api/loops/${loop.id}/like`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    queryClient.setQueryData(LIST_KEY, { pages: [page([loop], 1)], pageParams: [null] });
    queryClient.setQueryData(LIKED_LOOPS_QUERY_KEY, { loops: [], total: 0 });
    const card = screen.getByRole("article", { name: "Warm Pads" });
    // The name holds the visible count (label in name, WCAG 2.5.3).
    const heart = within(card).getByRole("button", { name: "Like, 3 likes" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    expect(heart).toHaveTextContent("3");
    await waitFor(() => expect(heart).toBeEnabled());

    await user.click(heart);
    const unlike = within(card).getByRole("button", { name: "Unlike, 4 likes" });
    expect(unlike).toHaveAttribute("aria-pressed", "true");
    expect(unlike).toHaveTextContent("4");
    expect(api.calls(`POST /api/loops/${loop.id}/like`)).toHaveLength(1);
    const cached = () => queryClient.getQueryData<{ pages: { loops: (typeof loop)[] }[] }>(LIST_KEY)!.pages[0]!.loops[0]!;
    expect(cached()).toMatchObject({ likedByMe: true, likeCount: 4 });

    answer!(json({ likeCount: 9, likedByMe: true }));
    await waitFor(() => expect(within(card).getByRole("button", { name: "Unlike, 9 likes" })).toHaveTextContent("9"));
    expect(cached()).toMatchObject({ likedByMe: true, likeCount: 9 });
    // The Liked list is asked again.
    await waitFor(() => expect(queryClient.getQueryState(LIKED_LOOPS_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it("unlikes; a refusal puts the heart and the lists back and says why", async () => {
    const loop = makeLoop({ title: "Warm Pads", likeCount: 5, likedByMe: true });
    const { user, queryClient } = renderCard(loop, {
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
    const api = stubApi({ "GET /api/auth/user": signedOut });
    const { user, unmount } = renderWithProviders(<LoopCard loop={loop} onSignInRequired={onSignInRequired} />);
    const heart = screen.getByRole("button", { name: "Like, 2 likes" });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(onSignInRequired).toHaveBeenCalledOnce();
    expect(heart).toHaveTextContent("2");
    unmount();

    const second = renderCard(loop, { "GET /api/auth/user": signedOut });
    const again = screen.getByRole("button", { name: "Like, 2 likes" });
    await waitFor(() => expect(again).toBeEnabled());
    await second.user.click(again);
    expect(await screen.findByText("Please log in to like loops.")).toBeInTheDocument();
    expect([...api.requests, ...second.api.requests].some(({ path }) => path.endsWith("/like"))).toBe(false);
  });
});

describe("patchLoopIn", () => {
  it("patches the loop wherever it sits and leaves data without it as it was", () => {
    const loop = makeLoop({ likeCount: 1 });
    const other = makeLoop();
    const profile = { user: { id: "u" }, loops: [other, loop], totalLoops: 2 };
    const patched = patchLoopIn(profile, loop.id, () => ({ likeCount: 2, likedByMe: true })) as typeof profile;
    expect(patched.loops[1]).toMatchObject({ likeCount: 2, likedByMe: true });
    expect(patched.loops[0]).toBe(other);
    const untouched = { loops: [other] };
    expect(patchLoopIn(untouched, loop.id, () => ({ likeCount: 2 }))).toBe(untouched);
  });
});

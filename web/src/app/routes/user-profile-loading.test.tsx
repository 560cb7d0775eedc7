import type { PublicProfile } from "@loop/rules/schemas/profile";
import { PROFILE_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { userLoopsInfiniteQueryOptions } from "@/features/profile/api/get-user-loops";
import { userProfileQueryOptions } from "@/features/profile/api/get-user-profile";
import { page } from "@/testing/make-loop";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { UserProfileLoading } from "./user-profile-loading";

const USER_ID = "5b0e6f0a-0000-4000-8000-0000000000aa";

const PROFILE: PublicProfile = {
  user: {
    id: USER_ID,
    username: "maya_beats",
    firstName: "Maya",
    lastName: "Okafor",
    bio: "Lo-fi and neo-soul producer from Lagos.",
    profileImageUrl: null,
    level: 3,
    experience: 250,
    levelTitle: "Beginner",
  },
  loops: [],
  totalLoops: 11,
  isOwnProfile: false,
  followerCount: 2,
  followingCount: 0,
  followedByMe: false,
};

function renderLoading() {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:userId" element={<UserProfileLoading />} />
    </Routes>,
    `/profile/${USER_ID}`,
  );
}

describe("a public profile while its code loads", () => {
  it("asks for the profile and its first loops at once, and shows the card from the answer with the spinner below", async () => {
    const api = stubApi({
      [`/api/users/${USER_ID}/profile`]: () => json(PROFILE),
      "/api/loops": () => json(page([], 0)),
    });
    const { queryClient } = renderLoading();
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile");

    expect(await screen.findByRole("heading", { level: 1, name: "maya_beats" })).toBeInTheDocument();
    expect(screen.getByText("Lo-fi and neo-soul producer from Lagos.")).toBeInTheDocument();
    expect(screen.getByText("Maya Okafor")).toBeInTheDocument();
    expect(screen.getByText("11 uploads · 250 XP")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile");
    // Follow and the level badge are the page's: not offered before its code has arrived.
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Level 3/)).not.toBeInTheDocument();

    expect(api.calls(`/api/users/${USER_ID}/profile`)).toHaveLength(1);
    await waitFor(() => expect(api.calls("/api/loops")).toHaveLength(1));
    expect(api.calls("/api/loops")[0]!.url.searchParams.get("userId")).toBe(USER_ID);
    // Under the page's own keys: the page renders from them without asking again.
    expect(queryClient.getQueryData(userProfileQueryOptions(USER_ID).queryKey)).toEqual(PROFILE);
    await waitFor(() => expect(queryClient.getQueryData(userLoopsInfiniteQueryOptions(USER_ID).queryKey)).toBeDefined());
  });

  it("a visitor's first page shows the card its HTML carries before any answer; a member waits for theirs", async () => {
    const element = document.createElement("script");
    element.id = PROFILE_DATA_ELEMENT_ID;
    element.type = "application/json";
    element.textContent = JSON.stringify({ user: PROFILE.user, totalLoops: PROFILE.totalLoops });
    document.body.append(element);
    try {
      stubApi({
        ...SIGNED_OUT,
        [`/api/users/${USER_ID}/profile`]: () => new Promise<Response>(() => {}),
        "/api/loops": () => json(page([], 0)),
      });
      renderLoading();
      expect(await screen.findByRole("heading", { level: 1, name: "maya_beats" })).toBeInTheDocument();
      expect(screen.getByText("Lo-fi and neo-soul producer from Lagos.")).toBeInTheDocument();
      expect(screen.getByText("11 uploads · 250 XP")).toBeInTheDocument();
      cleanup();

      stubApi({
        "/api/auth/user": () => json(makeUser({ id: "member-1" })),
        [`/api/users/${USER_ID}/profile`]: () => new Promise<Response>(() => {}),
        "/api/loops": () => json(page([], 0)),
      });
      renderLoading();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole("heading")).not.toBeInTheDocument();
      expect(screen.getByRole("status")).toHaveTextContent("Loading profile");
    } finally {
      element.remove();
    }
  });

  it("shows the spinner only when the profile fails (the page says why)", async () => {
    const api = stubApi({ [`/api/users/${USER_ID}/profile`]: () => json({ message: "User Not Found" }, 404) });
    const { queryClient } = renderLoading();
    await waitFor(() => expect(queryClient.getQueryState(userProfileQueryOptions(USER_ID).queryKey)?.status).toBe("error"));
    expect(api.calls(`/api/users/${USER_ID}/profile`)).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile");
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });
});

import type { CurrentUser } from "@loop/rules/api-types";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { OwnProfile, PublicProfile } from "@loop/rules/schemas/profile";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type ApiRoutes, json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";
import { makeCollection } from "@/testing/make-collection";
import { makeLoop, page } from "@/testing/make-loop";
import { makeMyLoop, myLoopsPage } from "../testing/make-my-loop";

const ME = makeUser({
  id: "5b0e6f0a-0000-4000-8000-000000000001",
  username: "beatmaker",
  email: "beats@example.com",
  bio: "Boom bap since 98",
  experience: 150,
});
const OTHER_ID = "5b0e6f0a-0000-4000-8000-000000000002";

function own(user: CurrentUser = ME, overrides: Partial<OwnProfile> = {}): OwnProfile {
  return { ...user, totalEarned: "1234.50000000", totalSpent: "12.00000000", ...overrides };
}

const publicLoop = (overrides: Partial<PublicLoop> = {}): PublicLoop =>
  makeLoop({
    id: "7c000000-0000-4000-8000-000000000001",
    title: "Dusty Drums",
    bpm: 92,
    duration: 8,
    genre: { id: 1, name: "Hip Hop" },
    user: { id: ME.id, username: ME.username!, firstName: null, email: null },
    ...overrides,
  });

function profileOf(user: CurrentUser, loops: PublicLoop[], isOwnProfile: boolean): PublicProfile {
  return {
    user: {
      id: user.id,
      username: user.username!,
      firstName: user.firstName,
      lastName: user.lastName,
      bio: user.bio,
      profileImageUrl: user.profileImageUrl,
      level: user.level,
      experience: user.experience,
      levelTitle: "Beginner",
    },
    loops,
    totalLoops: loops.length,
    isOwnProfile,
    followerCount: 0,
    followingCount: 0,
    followedByMe: false,
  };
}

function signedIn(extra: ApiRoutes = {}, loops: PublicLoop[] = [publicLoop()]) {
  return stubApi({
    "/api/auth/user": () => json(ME),
    "/api/profile": () => json(own()),
    [`/api/users/${ME.id}/profile`]: () => json(profileOf(ME, loops, true)),
    "/api/profile/loops": () => json(myLoopsPage(loops.map((loop) => makeMyLoop({ id: loop.id, title: loop.title })))),
    ...extra,
  });
}

/** On /profile, replaces the username with `name` and presses Save Changes. */
async function saveUsername(name: string) {
  const { user } = renderApp("/profile");
  const username = await screen.findByLabelText("Username");
  await user.clear(username);
  await user.type(username, name);
  await user.click(screen.getByRole("button", { name: "Save Changes" }));
}

describe("own profile (/profile)", () => {
  it("signed out asks to log in and opens the Join dialog", async () => {
    stubApi(SIGNED_OUT);
    const { user } = renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });

  it("shows the form with the saved values, a read-only e-mail and a bio counter; Save only after an edit", async () => {
    signedIn();
    const { user } = renderApp("/profile");
    const username = await screen.findByLabelText("Username");
    expect(username).toHaveValue("beatmaker");
    expect(screen.getByLabelText("Email")).toHaveValue("beats@example.com");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByText("17/500")).toBeInTheDocument();

    const save = screen.getByRole("button", { name: "Save Changes" });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText("Bio"), "!");
    expect(screen.getByText("18/500")).toBeInTheDocument();
    expect(save).toBeEnabled();
    // Back to the saved value: nothing to save.
    await user.type(screen.getByLabelText("Bio"), "{Backspace}");
    expect(save).toBeDisabled();
  });

  it("the read-only e-mail has 'Change e-mail'; a wallet-only member gets 'Add e-mail', which mails a confirmation link", async () => {
    signedIn();
    const first = renderApp("/profile");
    expect(await screen.findByRole("button", { name: "Change e-mail" })).toBeInTheDocument();
    expect(
      screen.getByText("Receipts and sign-in links go to this address. A new one is confirmed by a link sent to it."),
    ).toBeInTheDocument();
    first.unmount();

    const walletOnly = { ...ME, email: null, walletAddress: "0x1234567890abcdef1234567890abcdef12345678" };
    let profileSaved = false;
    const api = signedIn({
      "/api/auth/user": () => json(walletOnly),
      "/api/profile": () => json(own(walletOnly)),
      "PUT /api/profile": () => {
        profileSaved = true;
        return json(own(walletOnly));
      },
      "POST /api/profile/email": () => json({ message: "Check your inbox at mia@example.com to confirm your e-mail address." }, 202),
    });
    const { user } = renderApp("/profile");
    expect(await screen.findByLabelText("Email")).toHaveValue("");
    expect(screen.getByText("No e-mail address yet: add one to get receipts and order confirmations by e-mail.")).toBeInTheDocument();
    // An unsaved edit of the profile is not saved by sending the link (the dialog opens from inside its form).
    await user.type(screen.getByLabelText("Bio"), "!");
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an e-mail address" });
    await user.type(within(dialog).getByLabelText("E-mail address"), "mia@example.com{Enter}");
    expect(await within(dialog).findByTestId("email-change-sent")).toHaveTextContent(
      "Check your inbox at mia@example.com to confirm your e-mail address.",
    );
    expect(api.calls("POST /api/profile/email")).toHaveLength(1);
    expect(profileSaved).toBe(false);
  });

  it("the bio stops at 500 characters", async () => {
    signedIn();
    const { user } = renderApp("/profile");
    const bio = await screen.findByLabelText("Bio");
    await user.clear(bio);
    await user.click(bio);
    await user.paste("x".repeat(520));
    expect(bio).toHaveValue("x".repeat(500));
    expect(screen.getByText("500/500")).toBeInTheDocument();
  });

  it("saves with PUT /api/profile, shows 'Profile Updated' and refetches the signed-in user", async () => {
    let authCalls = 0;
    let sent: unknown = null;
    const api = signedIn({
      "/api/auth/user": () => {
        authCalls += 1;
        return json(authCalls > 1 ? { ...ME, username: "new_name" } : ME);
      },
      "PUT /api/profile": ({ body }) => {
        sent = body;
        return json(own({ ...ME, username: "new_name", bio: "Boom bap since 98" }));
      },
    });
    await saveUsername("new_name");

    expect(await screen.findByText("Profile Updated")).toBeInTheDocument();
    expect(sent).toEqual({ username: "new_name", bio: "Boom bap since 98", profileImageUrl: "" });
    await waitFor(() => expect(authCalls).toBeGreaterThanOrEqual(2));
    expect(api.calls("PUT /api/profile")).not.toEqual([]);
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDisabled();
    expect(await screen.findByRole("heading", { level: 1, name: "new_name" })).toBeInTheDocument();
  });

  it("refuses an empty username with 'Username is required.' and sends nothing", async () => {
    const api = signedIn();
    const { user } = renderApp("/profile");
    await user.clear(await screen.findByLabelText("Username"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Validation Error")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Username is required.");
    expect(api.requests.some(({ method }) => method === "PUT")).toBe(false);
  });

  it("shows the server's refusal (409 username taken) with 'Save Failed'", async () => {
    signedIn({
      "PUT /api/profile": () =>
        json({ message: "Username is already taken", code: "USERNAME_TAKEN", fields: { username: "Username is already taken" } }, 409),
    });
    await saveUsername("taken_name");
    expect(await screen.findByText("Save Failed")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Username is already taken");
    expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
  });

  it("shows earnings and spending (the full 8 decimals in the tooltip), the level, and My Loops as a table of every loop with its state", async () => {
    const loops = [
      makeMyLoop({ title: "Broken Upload", status: "failed", failureReason: "The file holds no audio samples." }),
      makeMyLoop({ title: "Fresh Upload", status: "processing" }),
      makeMyLoop({ title: "Secret Sketch", visibility: "private" }),
      makeMyLoop({ title: "Dusty Drums", plays: 12, sales: 3 }),
    ];
    signedIn({ "/api/profile/loops": () => json(myLoopsPage(loops)) });
    renderApp("/profile");
    const totals = await screen.findByRole("region", { name: /Earnings & Spending/ });
    expect(await within(totals).findByText("1,234.5")).toHaveAttribute("title", "1,234.50000000 LOOP");
    expect(within(totals).getByText("12")).toHaveAttribute("title", "12.00000000 LOOP");
    expect(within(totals).getByText("≈ $2.46 USD")).toBeInTheDocument();
    const level = screen.getByRole("region", { name: "Level" });
    expect(level).toHaveTextContent("Beginner");
    expect(level).toHaveTextContent("Level 2");

    const myLoops = await screen.findByRole("region", { name: "My Loops" });
    const table = await within(myLoops).findByRole("table");
    expect(within(table).getAllByTestId("my-loop-row")).toHaveLength(4);
    expect(within(table).getByRole("row", { name: /Fresh Upload/ })).toHaveTextContent("Processing");
    expect(within(table).getByRole("row", { name: /Secret Sketch/ })).toHaveTextContent("Private");
    const broken = within(table).getByRole("row", { name: /Broken Upload/ });
    expect(broken).toHaveTextContent("Failed");
    expect(broken).toHaveTextContent("The file holds no audio samples.");
    expect(within(myLoops).getByText("4 loops")).toBeInTheDocument();
  });

  it("says so when there are no loops yet", async () => {
    signedIn({ "/api/profile/loops": () => json(myLoopsPage([])) }, []);
    renderApp("/profile");
    expect(await screen.findByText(/You haven't uploaded anything yet\./)).toBeInTheDocument();
  });

  it("links to the creator's analytics", async () => {
    signedIn();
    renderApp("/profile");
    expect(await screen.findByRole("link", { name: "Analytics" })).toHaveAttribute("href", "/analytics");
  });
});

describe("public profile (/profile/:userId)", () => {
  const other = makeUser({
    id: OTHER_ID,
    username: "synthqueen",
    firstName: "Ada",
    lastName: "Lo",
    bio: "Analog synths only.",
    level: 12,
    experience: 7000,
  });

  it("shows the user, the level title and icon, and their loops, to a visitor", async () => {
    const warmPads = publicLoop({ title: "Warm Pads", user: { id: OTHER_ID, username: "synthqueen", firstName: "Ada", email: null } });
    stubApi({
      ...SIGNED_OUT,
      "/api/loops": () => json(page([warmPads], 1)),
      [`/api/users/${OTHER_ID}/profile`]: () =>
        json({
          ...profileOf(other, [warmPads], false),
          user: { ...profileOf(other, [], false).user, levelTitle: "Advanced" },
        }),
    });
    renderApp(`/profile/${OTHER_ID}`);
    // The route's loading state may show the card first (app/routes/user-profile-loading.tsx): the badge is the page's.
    expect(await screen.findByLabelText("Level 12 Advanced")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "synthqueen" })).toBeInTheDocument();
    expect(screen.getByText("Ada Lo")).toBeInTheDocument();
    expect(screen.getByText("Analog synths only.")).toBeInTheDocument();
    expect(screen.getByText("Advanced")).toBeInTheDocument();
    const loops = screen.getByRole("region", { name: "Loops" });
    expect(await within(loops).findByRole("article", { name: "Warm Pads" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Edit profile/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Analytics" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Earnings/)).not.toBeInTheDocument();
  });

  it("pages through all of the creator's loops from the catalog with Load More Loops", async () => {
    const by = { id: OTHER_ID, username: "synthqueen", firstName: "Ada", email: null };
    const first = publicLoop({ id: "7c000000-0000-4000-8000-000000000041", title: "Page One Loop", user: by });
    const second = publicLoop({ id: "7c000000-0000-4000-8000-000000000042", title: "Page Two Loop", user: by });
    const api = stubApi({
      ...SIGNED_OUT,
      [`/api/users/${OTHER_ID}/profile`]: () => json({ ...profileOf(other, [first], false), totalLoops: 130 }),
      "/api/loops": ({ url }) => json(url.searchParams.get("after") === "cursor-1" ? page([second], 130) : page([first], 130, "cursor-1")),
      "/api/collections": () => json({ collections: [] }),
    });
    const { user } = renderApp(`/profile/${OTHER_ID}`);
    const loops = await screen.findByRole("region", { name: "Loops" });
    expect(await within(loops).findByRole("article", { name: "Page One Loop" })).toBeInTheDocument();
    expect(within(loops).getByText("130 uploads")).toBeInTheDocument();
    const firstCall = api.calls("/api/loops")[0]!.url.searchParams;
    expect(firstCall.get("userId")).toBe(OTHER_ID);
    expect(firstCall.get("sortBy")).toBe("recent");
    expect(firstCall.get("limit")).toBe("24");
    expect(firstCall.has("after")).toBe(false);

    await user.click(within(loops).getByRole("button", { name: "Load More Loops" }));
    expect(await within(loops).findByRole("article", { name: "Page Two Loop" })).toBeInTheDocument();
    expect(within(loops).getByRole("article", { name: "Page One Loop" })).toBeInTheDocument();
    expect(api.calls("/api/loops").at(-1)!.url.searchParams.get("after")).toBe("cursor-1");
    expect(within(loops).queryByRole("button", { name: "Load More Loops" })).not.toBeInTheDocument();
  });

  it("shows 'User Not Found' for an unknown user", async () => {
    stubApi({ ...SIGNED_OUT, [`/api/users/${OTHER_ID}/profile`]: () => json({ message: "User Not Found" }, 404) });
    renderApp(`/profile/${OTHER_ID}`);
    expect(await screen.findByRole("heading", { name: "User Not Found" })).toBeInTheDocument();
  });

  it("offers the owner links to edit their profile and to their analytics", async () => {
    signedIn({ [`/api/users/${ME.id}/profile`]: () => json(profileOf(ME, [], true)) });
    renderApp(`/profile/${ME.id}`);
    expect(await screen.findByRole("link", { name: /Edit profile/ })).toHaveAttribute("href", "/profile");
    expect(screen.getByRole("link", { name: "Analytics" })).toHaveAttribute("href", "/analytics");
  });
});

describe("menu", () => {
  it("has a Profile entry to /profile when signed in", async () => {
    signedIn();
    const { user } = renderApp("/settings");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    expect(await screen.findByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile");
  });
});

describe("likes, collections and follows on profiles (issue 24)", () => {
  const creator = makeUser({ id: OTHER_ID, username: "synthqueen" });

  it("the own profile's Liked tab lists the liked loops; Collections lists them all with a badge, a count and a link", async () => {
    const liked = [
      publicLoop({ id: "7c000000-0000-4000-8000-000000000031", title: "Liked One", likedByMe: true, likeCount: 1 }),
      publicLoop({ id: "7c000000-0000-4000-8000-000000000032", title: "Liked Two", likedByMe: true, likeCount: 4 }),
    ];
    const crates = [
      makeCollection({ name: "Open Crate", isPublic: true, loopCount: 3 }),
      makeCollection({ name: "Secret Crate", isPublic: false, loopCount: 1 }),
    ];
    const api = signedIn({
      "/api/likes": () => json({ loops: liked, total: 2 }),
      "/api/collections": () => json({ collections: crates }),
      [`/api/users/${ME.id}/profile`]: () => json({ ...profileOf(ME, [publicLoop()], true), followerCount: 3, followingCount: 1 }),
    });
    const { user } = renderApp("/profile");
    const tabs = await screen.findByRole("tablist", { name: "Your loops and collections" });
    expect(await screen.findByTestId("follow-counts")).toHaveTextContent("3 followers1 following");
    await user.click(within(tabs).getByRole("tab", { name: "Liked" }));
    expect(await screen.findByRole("article", { name: "Liked One" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Liked Two" })).toBeInTheDocument();
    expect(screen.getByTestId("liked-count")).toHaveTextContent("2 liked loops");
    expect(api.calls("/api/likes")[0]!.url.searchParams.get("offset")).toBe("0");

    await user.click(within(tabs).getByRole("tab", { name: "Collections" }));
    const list = await screen.findByRole("list", { name: "Collections" });
    const open = within(list).getByRole("link", { name: /Open Crate/ });
    expect(open).toHaveAttribute("href", `/collections/${crates[0]!.id}`);
    expect(open).toHaveTextContent("Public");
    expect(open).toHaveTextContent("3 loops");
    expect(within(list).getByRole("link", { name: /Secret Crate/ })).toHaveTextContent("Private");
    expect(api.calls("/api/collections")[0]!.url.search).toBe("");
    expect(screen.getByRole("button", { name: "New collection" })).toBeInTheDocument();
  });

  it("someone's profile: counts, Follow then Unfollow, and their public collections", async () => {
    let following = false;
    const crate = makeCollection({ name: "Pads I Love", isPublic: true, isOwn: false, loopCount: 2 });
    const api = stubApi({
      "/api/auth/user": () => json(ME),
      [`/api/users/${OTHER_ID}/profile`]: () => json({ ...profileOf(creator, [], false), followerCount: 4, followingCount: 2 }),
      "/api/collections": () => json({ collections: [crate] }),
      [`POST /api/users/${OTHER_ID}/follow`]: () => {
        following = true;
        return json({ followerCount: 5, followedByMe: true });
      },
      [`DELETE /api/users/${OTHER_ID}/follow`]: () => {
        following = false;
        return json({ followerCount: 4, followedByMe: false });
      },
    });
    const { user } = renderApp(`/profile/${OTHER_ID}`);
    expect(await screen.findByTestId("follower-count")).toHaveTextContent("4");
    expect(screen.getByTestId("follow-counts")).toHaveTextContent("4 followers2 following");
    const follow = screen.getByRole("button", { name: "Follow" });
    expect(follow).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(follow).toBeEnabled());
    await user.click(follow);
    expect(await screen.findByRole("button", { name: "Unfollow" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("follower-count")).toHaveTextContent("5");
    expect(following).toBe(true);
    await user.click(screen.getByRole("button", { name: "Unfollow" }));
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(screen.getByTestId("follower-count")).toHaveTextContent("4");

    const collections = screen.getByRole("region", { name: "Collections" });
    expect(await within(collections).findByRole("link", { name: /Pads I Love/ })).toHaveAttribute("href", `/collections/${crate.id}`);
    expect(api.calls("/api/collections")[0]!.url.searchParams.get("userId")).toBe(OTHER_ID);
  });

  it("signed out, Follow opens the Join dialog and follows nobody; the own public profile has no Follow", async () => {
    const api = stubApi({
      ...SIGNED_OUT,
      [`/api/users/${OTHER_ID}/profile`]: () => json(profileOf(creator, [], false)),
      "/api/collections": () => json({ collections: [] }),
    });
    const { user, unmount } = renderApp(`/profile/${OTHER_ID}`);
    const follow = await screen.findByRole("button", { name: "Follow" });
    await waitFor(() => expect(follow).toBeEnabled());
    await user.click(follow);
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
    expect(api.calls(`POST /api/users/${OTHER_ID}/follow`)).toEqual([]);
    expect(screen.getByText("synthqueen has no public collections yet.")).toBeInTheDocument();
    unmount();

    signedIn({ [`/api/users/${ME.id}/profile`]: () => json(profileOf(ME, [], true)), "/api/collections": () => json({ collections: [] }) });
    renderApp(`/profile/${ME.id}`);
    expect(await screen.findByRole("link", { name: /Edit profile/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();
  });
});

import { paths } from "@loop/rules/paths";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Link, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { JoinDialogProvider } from "@/features/auth/components/join-dialog-provider";
import { LoopList } from "@/features/catalog/components/loop-list";
import { getPlayerState } from "@/lib/player/player-store";
import { fakeAudioPerTest } from "@/testing/fake-audio";
import { makeLoop, makePreviewLoop } from "@/testing/make-loop";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { renderLoopCard } from "../loops/loop-card";
import { AppShell } from "./app-shell";

const PEAKS = {
  points: 2,
  peaks: [
    [-0.5, 0.5],
    [-1, 1],
  ],
};

const audio = fakeAudioPerTest();

type Creator = ReturnType<typeof makeLoop>["user"];

function previewLoop(id: string, creator: Creator = { id: "creator-1", username: "beatsmith", firstName: "Mia", email: null }) {
  return makePreviewLoop(id, { user: creator });
}

const LOOPS = [
  previewLoop("a"),
  previewLoop("b"),
  previewLoop("c", { id: "creator-2", username: "nightowl", firstName: null, email: null }),
];

/** The app shell around a catalog page and two other pages, as the router mounts it. */
function renderShell() {
  const api = stubApi({
    ...SIGNED_OUT,
    "GET /api/loops/:id/peaks": () => json(PEAKS),
    "POST /api/loops/:id/plays": () => json({ counted: true }, 202),
  });
  const result = renderWithProviders(
    <JoinDialogProvider>
      <Routes>
        <Route element={<AppShell />}>
          <Route
            path="/catalog"
            element={
              <>
                <LoopList loops={LOOPS} renderCard={renderLoopCard} />
                <Link to="/tokens">Buy LOOP</Link>
              </>
            }
          />
          <Route path="/tokens" element={<h1>Token page</h1>} />
          <Route path={paths.loop.pattern} element={<h1>Loop page</h1>} />
          <Route path={paths.userProfile.pattern} element={<h1>Creator page</h1>} />
        </Route>
      </Routes>
    </JoinDialogProvider>,
    "/catalog",
  );
  return { ...result, api };
}

async function playFromCard(user: ReturnType<typeof renderShell>["user"], title: string) {
  await user.click(await screen.findByRole("button", { name: `Play preview of ${title}` }));
  return screen.findByRole("region", { name: "Player" });
}

const source = () => audio.playing()?.getAttribute("src");

describe("the player bar", () => {
  it("appears once a card plays, with the loop's title (its page), creator (their profile) and Pause", async () => {
    const { user } = renderShell();
    await screen.findByRole("button", { name: "Play preview of Loop a" });
    expect(screen.queryByRole("region", { name: "Player" })).not.toBeInTheDocument();

    const bar = await playFromCard(user, "Loop b");
    expect(within(bar).getByRole("link", { name: "Loop b" })).toHaveAttribute("href", paths.loop("b"));
    expect(within(bar).getByRole("link", { name: "Mia" })).toHaveAttribute("href", paths.userProfile("creator-1"));
    expect(within(bar).getByRole("button", { name: "Pause" })).toBeInTheDocument();
    expect(within(bar).getByRole("slider", { name: "Seek in Loop b" })).toBeInTheDocument();
    expect(source()).toBe("/api/loops/b/preview");

    audio.advance(3);
    expect(within(bar).getByTestId("player-bar-time")).toHaveTextContent("0:03 / 0:16");
    // The card and the bar show the same thing.
    await user.click(within(bar).getByRole("button", { name: "Pause" }));
    expect(screen.getByRole("button", { name: "Play preview of Loop b" })).toBeInTheDocument();
    expect(audio.playing()!.paused).toBe(true);
  });

  it("keeps playing across pages, and Next plays the following loop of the list it was started from", async () => {
    const { user } = renderShell();
    await playFromCard(user, "Loop b");
    audio.advance(2);

    await user.click(screen.getByRole("link", { name: "Buy LOOP" }));
    expect(await screen.findByRole("heading", { name: "Token page" })).toBeInTheDocument();
    const bar = screen.getByRole("region", { name: "Player" });
    expect(audio.playing()!.paused).toBe(false);
    expect(within(bar).getByRole("button", { name: "Pause" })).toBeInTheDocument();
    expect(within(bar).getByTestId("player-bar-time")).toHaveTextContent("0:02 / 0:16");

    await user.click(within(bar).getByRole("button", { name: "Next loop" }));
    expect(source()).toBe("/api/loops/c/preview");
    expect(within(bar).getByRole("link", { name: "Loop c" })).toBeInTheDocument();
    expect(within(bar).getByRole("link", { name: "nightowl" })).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Next loop" })).toBeDisabled();

    await user.click(within(bar).getByRole("button", { name: "Previous loop" }));
    expect(source()).toBe("/api/loops/b/preview");

    // The title opens the loop's page; the music goes on.
    await user.click(within(bar).getByRole("link", { name: "Loop b" }));
    expect(await screen.findByRole("heading", { name: "Loop page" })).toBeInTheDocument();
    expect(audio.playing()!.paused).toBe(false);
  });

  it("toggles loop mode, mutes and sets the volume", async () => {
    const { user } = renderShell();
    const bar = await playFromCard(user, "Loop a");
    const element = audio.playing() as HTMLAudioElement;
    const loop = within(bar).getByRole("button", { name: "Loop" });
    expect(loop).toHaveAttribute("aria-pressed", "true");
    expect(element.loop).toBe(true);
    await user.click(loop);
    expect(loop).toHaveAttribute("aria-pressed", "false");
    expect(element.loop).toBe(false);
    // Loop mode off: at its end, the next loop plays.
    audio.end();
    expect(within(bar).getByRole("link", { name: "Loop b" })).toBeInTheDocument();

    await user.click(within(bar).getByRole("button", { name: "Mute" }));
    expect(element.muted).toBe(true);
    const volume = within(bar).getByRole("slider", { name: "Volume" });
    expect(volume).toHaveValue("0");
    fireEvent.change(volume, { target: { value: "40" } });
    expect(element.volume).toBeCloseTo(0.4);
    expect(element.muted).toBe(false);
    expect(within(bar).getByRole("button", { name: "Mute" })).toBeInTheDocument();
  });

  it("answers the keys: Space, ←/→, Shift+→, ↑/↓, M and L, but not while typing", async () => {
    const { user } = renderShell();
    const bar = await playFromCard(user, "Loop a");
    const element = audio.playing() as HTMLAudioElement;
    audio.advance(8);
    act(() => (document.activeElement as HTMLElement).blur());

    await user.keyboard(" ");
    expect(element.paused).toBe(true);
    expect(within(bar).getByRole("button", { name: "Play" })).toBeInTheDocument();
    await user.keyboard(" ");
    expect(element.paused).toBe(false);

    await user.keyboard("{ArrowLeft}");
    expect(element.currentTime).toBe(3);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(element.currentTime).toBe(13);

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(element.volume).toBeCloseTo(0.8);
    await user.keyboard("{ArrowUp}");
    expect(element.volume).toBeCloseTo(0.9);

    await user.keyboard("m");
    expect(element.muted).toBe(true);
    await user.keyboard("M");
    expect(element.muted).toBe(false);
    await user.keyboard("l");
    expect(getPlayerState().loop).toBe(false);
    expect(within(bar).getByRole("button", { name: "Loop" })).toHaveAttribute("aria-pressed", "false");

    await user.keyboard("{Shift>}{ArrowRight}{/Shift}");
    expect(source()).toBe("/api/loops/b/preview");

    // Typing in the search box: the letters and Space are the search's.
    await user.type(screen.getByRole("searchbox", { name: "Search loops and creators" }), "ml x");
    expect(element.muted).toBe(false);
    expect(getPlayerState()).toMatchObject({ loop: false, playing: true });
  });

  it("lists its keys in the Keyboard shortcuts tooltip", async () => {
    const { user } = renderShell();
    const bar = await playFromCard(user, "Loop a");
    act(() => within(bar).getByRole("button", { name: "Keyboard shortcuts" }).focus());
    const tooltip = await screen.findByRole("tooltip");
    for (const text of [
      "Space",
      "Play or pause",
      "Back or forward 5 s",
      "Previous or next loop",
      "Volume up or down",
      "Mute or unmute",
      "Loop mode on or off",
    ]) {
      expect(tooltip).toHaveTextContent(text);
    }
  });

  it("is compact on a phone: title, play/pause and Next, the rest on demand", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    const { user } = renderShell();
    const bar = await playFromCard(user, "Loop a");
    expect(bar).toHaveAttribute("data-layout", "compact");
    expect(within(bar).getByRole("link", { name: "Loop a" })).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Pause" })).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Next loop" })).toBeEnabled();
    expect(within(bar).queryByRole("button", { name: "Previous loop" })).not.toBeInTheDocument();
    expect(within(bar).queryByRole("slider", { name: "Volume" })).not.toBeInTheDocument();

    const more = within(bar).getByRole("button", { name: "More player controls" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await user.click(more);
    expect(within(bar).getByRole("button", { name: "Fewer player controls" })).toHaveAttribute("aria-expanded", "true");
    expect(within(bar).getByRole("button", { name: "Previous loop" })).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Loop" })).toBeInTheDocument();
    expect(within(bar).getByRole("slider", { name: "Volume" })).toBeInTheDocument();
    expect(within(bar).getByRole("slider", { name: "Seek in Loop a" })).toBeInTheDocument();

    await user.click(within(bar).getByRole("button", { name: "Next loop" }));
    await waitFor(() => expect(within(bar).getByRole("link", { name: "Loop b" })).toBeInTheDocument());
  });

  it("reports a play from the bar once 5 s have played", async () => {
    const { user, api } = renderShell();
    await playFromCard(user, "Loop a");
    await user.click(screen.getByRole("link", { name: "Buy LOOP" }));
    await screen.findByRole("heading", { name: "Token page" });
    audio.advance(5);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1));
  });
});

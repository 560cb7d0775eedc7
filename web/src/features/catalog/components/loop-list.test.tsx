import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { next } from "@/lib/player/player";
import { getPlayerState } from "@/lib/player/player-store";
import { fakeAudioPerTest } from "@/testing/fake-audio";
import { makeLoop, makePreviewLoop } from "@/testing/make-loop";
import { json, stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { plainCard } from "../testing/plain-card";
import { LoopList } from "./loop-list";

const audio = fakeAudioPerTest();

function stubPreviews(ids: string[]) {
  return stubApi({
    ...Object.fromEntries(ids.map((id) => [`GET /api/loops/${id}/peaks`, () => json({ points: 1, peaks: [[-0.5, 0.5]] })])),
    "POST /api/loops/:id/plays": () => json({ counted: true }, 202),
  });
}

describe("cards in a list", () => {
  it("queue the list: play on a card plays it, Next the following card, and each card shows whether it plays", async () => {
    stubPreviews(["a", "b", "c"]);
    const loops = [
      makePreviewLoop("a"),
      makeLoop({ id: "x", title: "Still processing", status: "processing" }),
      makePreviewLoop("b"),
      makePreviewLoop("c"),
    ];
    const { user } = renderWithProviders(<LoopList loops={loops} renderCard={plainCard} />);

    await user.click(await screen.findByRole("button", { name: "Play preview of Loop b" }));
    expect(getPlayerState().queue.map((track) => track.id)).toEqual(["a", "b", "c"]);
    expect(screen.getByRole("button", { name: "Pause preview of Loop b" })).toBeInTheDocument();

    act(() => next());
    expect(screen.getByRole("button", { name: "Pause preview of Loop c" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop b" })).toBeInTheDocument();
    expect(audio.playing()).toHaveAttribute("src", "/api/loops/c/preview");

    // Another card: the player moves to it; pressing it again pauses.
    await user.click(screen.getByRole("button", { name: "Play preview of Loop a" }));
    expect(screen.getByRole("button", { name: "Pause preview of Loop a" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play preview of Loop c" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pause preview of Loop a" }));
    expect(getPlayerState().playing).toBe(false);
  });
});

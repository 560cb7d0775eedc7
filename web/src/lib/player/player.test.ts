import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeAudioPerTest } from "@/testing/fake-audio";
import { json, stubApi } from "@/testing/stub-api";
import { changeVolumeBy, next, playQueue, previous, seek, seekBy, setVolume, toggleLoop, toggleMute, togglePlay } from "./player";
import { currentTrack, getPlayerState, type PlayerTrack } from "./player-store";

function track(id: string, duration = 16): PlayerTrack {
  return {
    id,
    title: `Loop ${id}`,
    creator: { id: "creator-1", name: "Mia" },
    previewUrl: `/api/loops/${id}/preview`,
    peaksUrl: `/api/loops/${id}/peaks`,
    duration,
  };
}

const QUEUE = [track("a"), track("b"), track("c")];

const audio = fakeAudioPerTest();
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  api = stubApi({ "POST /api/loops/:id/plays": () => json({ counted: true }, 202) });
});

const playingId = () => currentTrack(getPlayerState())?.id;
const source = () => audio.playing()?.getAttribute("src");

describe("the player's queue", () => {
  it("plays the loop pressed and streams nothing before", () => {
    expect(audio.playing()).toBeNull();
    playQueue(QUEUE, 1);
    expect(playingId()).toBe("b");
    expect(source()).toBe("/api/loops/b/preview");
    expect(getPlayerState().playing).toBe(true);

    togglePlay();
    expect(getPlayerState().playing).toBe(false);
    expect(audio.playing()!.paused).toBe(true);
    togglePlay();
    expect(getPlayerState().playing).toBe(true);
  });

  it("Next and Previous move through the list in order, and stop at its ends", () => {
    playQueue(QUEUE, 0);
    next();
    expect(playingId()).toBe("b");
    expect(source()).toBe("/api/loops/b/preview");
    next();
    expect(playingId()).toBe("c");
    next();
    expect(playingId()).toBe("c");

    previous();
    expect(playingId()).toBe("b");
    previous();
    expect(playingId()).toBe("a");
    // On the first loop, Previous starts it again.
    audio.advance(2);
    previous();
    expect(playingId()).toBe("a");
    expect(getPlayerState().time).toBe(0);
  });

  it("Previous after 3 s starts the loop again, before that it goes to the previous loop", () => {
    playQueue(QUEUE, 1);
    audio.advance(4);
    previous();
    expect(playingId()).toBe("b");
    expect(audio.playing()!.currentTime).toBe(0);
    audio.advance(1);
    previous();
    expect(playingId()).toBe("a");
  });

  it("loop mode is on by default: the loop repeats instead of moving on", () => {
    playQueue(QUEUE, 0);
    expect(getPlayerState().loop).toBe(true);
    // The element repeats by itself (no gap); should it end anyway, the player starts it again.
    expect((audio.playing() as HTMLAudioElement).loop).toBe(true);
    audio.advance(16);
    const plays = audio.plays();
    audio.end();
    expect(playingId()).toBe("a");
    expect(audio.plays()).toBe(plays + 1);
    expect(audio.playing()!.currentTime).toBe(0);
    expect(getPlayerState().playing).toBe(true);
  });

  it("loop mode off: the end of a loop plays the next one, the end of the list stops", () => {
    playQueue(QUEUE, 1);
    toggleLoop();
    expect(getPlayerState().loop).toBe(false);
    expect((audio.playing() as HTMLAudioElement).loop).toBe(false);
    audio.end();
    expect(playingId()).toBe("c");
    expect(source()).toBe("/api/loops/c/preview");
    expect(getPlayerState().playing).toBe(true);

    audio.advance(3);
    audio.end();
    expect(playingId()).toBe("c");
    expect(getPlayerState()).toMatchObject({ playing: false, time: 0 });
  });

  it("seeks within the preview", () => {
    playQueue([track("a", 120)], 0);
    seek(12);
    expect(audio.playing()!.currentTime).toBe(12);
    seekBy(-5);
    expect(getPlayerState().time).toBe(7);
    seek(90); // the preview is the first 30 s
    expect(getPlayerState().time).toBe(30);
    seekBy(-60);
    expect(getPlayerState().time).toBe(0);
  });

  it("sets volume and mute on the element and keeps them for the next visit", () => {
    playQueue(QUEUE, 0);
    const element = audio.playing()!;
    setVolume(0.5);
    changeVolumeBy(-0.1);
    expect(element.volume).toBeCloseTo(0.4);
    toggleMute();
    expect(element.muted).toBe(true);
    toggleLoop();
    expect(JSON.parse(localStorage.getItem("loop:player")!)).toEqual({ volume: 0.4, muted: true, loop: false });
    // A volume change unmutes.
    changeVolumeBy(0.1);
    expect(element.muted).toBe(false);
    expect(element.volume).toBeCloseTo(0.5);
  });

  it("says when a preview cannot be played, and tries again on play", () => {
    playQueue(QUEUE, 0);
    audio.fail();
    expect(getPlayerState()).toMatchObject({ failed: true, playing: false });
    togglePlay();
    expect(getPlayerState()).toMatchObject({ failed: false, playing: true });
  });
});

describe("the player's play reports (issue 23)", () => {
  it("reports a loop played 5 s once per session, each loop of the queue for itself", async () => {
    playQueue(QUEUE, 0);
    audio.advance(4.75);
    expect(api.calls("POST /api/loops/:id/plays")).toHaveLength(0);
    audio.advance(0.25);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1));

    // Paused and played on: the same session.
    togglePlay();
    togglePlay();
    audio.advance(6);
    expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1);

    // 3 s of b, then c: neither is reported, and what b played does not count for c.
    next();
    audio.advance(3);
    next();
    audio.advance(3);
    expect(api.calls("POST /api/loops/:id/plays")).toHaveLength(1);
    audio.advance(2);
    await waitFor(() => expect(api.calls("POST /api/loops/c/plays")).toHaveLength(1));
    expect(api.calls("POST /api/loops/b/plays")).toHaveLength(0);
  });

  it("does not count seeking: a jump ahead adds nothing", async () => {
    playQueue(QUEUE, 0);
    audio.advance(2);
    seek(12);
    audio.playing()!.dispatchEvent(new Event("seeking"));
    audio.advance(2.75);
    expect(api.calls("POST /api/loops/:id/plays")).toHaveLength(0);
    audio.advance(0.25);
    await waitFor(() => expect(api.calls("POST /api/loops/a/plays")).toHaveLength(1));
  });
});

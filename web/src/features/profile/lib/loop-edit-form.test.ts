import { LOOP_EDIT_MESSAGES, UPLOAD_MESSAGES } from "@loop/rules/schemas/loops";
import { describe, expect, it } from "vitest";
import { makeMyLoop } from "../testing/make-my-loop";
import { bpmRefusal, changedFields, editValuesOf, fieldOfMessage } from "./loop-edit-form";

const loop = makeMyLoop({ tags: "drums,vinyl", bpm: 90, key: "C major", price: "4.99", artistName: "Mia", contentType: "track" });
const initial = editValuesOf(loop);

describe("the edit dialog's changes", () => {
  it("nothing changed: an empty body (tags compared as stored)", () => {
    expect(initial.tags).toBe("drums, vinyl");
    expect(changedFields(initial, { ...initial, tags: "drums ,vinyl" })).toEqual({});
  });

  it("numbers as numbers, an emptied key as null, a free loop without its price", () => {
    expect(changedFields(initial, { ...initial, bpm: "100", genreId: "2", key: "" })).toEqual({ bpm: 100, genreId: 2, key: null });
    expect(changedFields(initial, { ...initial, isFree: true })).toEqual({ isFree: true });
    expect(changedFields({ ...initial, isFree: true, price: "0.00" }, { ...initial, isFree: false, price: "0.00" })).toEqual({
      isFree: false,
      price: "0.00",
    });
  });

  it("the track fields only for a track", () => {
    expect(changedFields(initial, { ...initial, artistName: "" })).toEqual({ artistName: "" });
    expect(changedFields(initial, { ...initial, contentType: "loop", artistName: "" })).toEqual({ contentType: "loop" });
  });

  it("a BPM that is no whole number is refused before sending", () => {
    expect(bpmRefusal(initial, { ...initial, bpm: "" })).toBe(UPLOAD_MESSAGES.bpm);
    expect(bpmRefusal(initial, { ...initial, bpm: "95" })).toBeNull();
  });

  it("maps the schema's messages to their fields, others to the form", () => {
    expect(fieldOfMessage(UPLOAD_MESSAGES.price)).toBe("price");
    expect(fieldOfMessage(UPLOAD_MESSAGES.genre)).toBe("genreId");
    expect(fieldOfMessage(LOOP_EDIT_MESSAGES.visibility)).toBe("visibility");
    expect(fieldOfMessage("Invalid Title: at most 200 characters.")).toBe("title");
    expect(fieldOfMessage(LOOP_EDIT_MESSAGES.notYours)).toBeNull();
    expect(fieldOfMessage(UPLOAD_MESSAGES.trackOnly)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { makeLoop } from "@/testing/make-loop";
import { patchLoopIn } from "./cached-loops";

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

// A member's catalog page body (features/loops/viewer-marks.ts, memberPageBody): the visitor's bytes
// when nothing on the page is theirs, otherwise the marked cards written again; kept while the
// member's marks and the shared page are the same objects, written again when either changes.
import type { LoopListResponse, PublicLoop } from "@loop/rules/schemas/loops";
import { describe, expect, it } from "vitest";
import { memberPageBody, type ViewerMarks } from "../src/features/loops/viewer-marks";

const MEMBER = "00000000-0000-4000-8000-0000000000aa";

/** A body's text, sent whole or in parts. */
const textOf = (body: Buffer | readonly Buffer[]) => (Buffer.isBuffer(body) ? body : Buffer.concat(body)).toString();
const CREATOR = "00000000-0000-4000-8000-0000000000bb";

const card = (id: string, likeCount: number) =>
  ({ id, title: `Loop ${id}`, likeCount, user: { id: CREATOR, username: "maker" } }) as unknown as PublicLoop;

function pageOf(likeCounts: number[]): { page: LoopListResponse; body: Buffer } {
  const page = { loops: likeCounts.map((likes, i) => card(`loop-${i}`, likes)), total: likeCounts.length } as unknown as LoopListResponse;
  return { page, body: Buffer.from(JSON.stringify(page)) };
}

function marksOf(liked: string[]): ViewerMarks {
  return {
    email: "member@example.com",
    liked: new Set(liked),
    ratings: new Map(),
    purchased: new Map(),
    downloaded: new Set(),
    likeChanges: new Map(),
    marked: new Set(liked),
  };
}

describe("a member's page body", () => {
  it("is the visitor's bytes when none of the page's cards is marked", () => {
    const { page, body } = pageOf([3, 4]);
    expect(memberPageBody(page, body, Date.now(), MEMBER, marksOf(["elsewhere"]))).toBe(body);
  });

  it("marks the member's liked card, and gives the same bytes again while the marks and the page are the same", () => {
    const { page, body } = pageOf([3, 4]);
    const marks = marksOf(["loop-1"]);
    const first = memberPageBody(page, body, Date.now(), MEMBER, marks);
    expect(Array.isArray(first)).toBe(true);
    const answer = JSON.parse(textOf(first)) as { loops: { likedByMe?: boolean }[] };
    expect(answer.loops.map((loop) => loop.likedByMe)).toEqual([undefined, true]);
    expect(memberPageBody(page, body, Date.now(), MEMBER, marks)).toBe(first);
  });

  it("is the shared page's bytes around the marked cards: few parts, whatever the page's length or its text", () => {
    const { page } = pageOf([3, 4, 5, 6, 7, 8]);
    // Multi-byte text before and between the marked cards: the slices are cut at bytes, not characters.
    page.loops[0]!.title = "Åsa’s 夜 loop 🎧";
    page.loops[3]!.title = "Ñandú — ünïcode";
    const marks = marksOf(["loop-2", "loop-5"]);
    const parts = memberPageBody(page, Buffer.from(JSON.stringify(page)), Date.now(), MEMBER, marks) as readonly Buffer[];
    // Before, between and after the two marked cards, and the two cards.
    expect(parts).toHaveLength(5);
    const answer = JSON.parse(textOf(parts)) as LoopListResponse;
    expect(answer.loops.map((loop) => loop.likedByMe ?? null)).toEqual([null, null, true, null, null, true]);
    expect(answer.loops.map((loop) => loop.title)).toEqual(page.loops.map((loop) => loop.title));
    expect(answer.total).toBe(6);
  });

  it("is written again for new marks (the member changed) and for a page read again", () => {
    const { page, body } = pageOf([3, 4]);
    const liked = marksOf(["loop-1"]);
    const first = memberPageBody(page, body, Date.now(), MEMBER, liked);
    // The like taken back: new marks, the visitor's bytes.
    expect(memberPageBody(page, body, Date.now(), MEMBER, marksOf([]))).toBe(body);
    // The shared page read again with a new count: the member's body shows it.
    const again = pageOf([3, 9]);
    const next = memberPageBody(again.page, again.body, Date.now(), MEMBER, liked);
    expect(next).not.toBe(first);
    expect((JSON.parse(textOf(next)) as { loops: { likeCount: number }[] }).loops[1]!.likeCount).toBe(9);
  });
});

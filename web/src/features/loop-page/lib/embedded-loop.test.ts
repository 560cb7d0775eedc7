import { LOOP_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import { afterEach, describe, expect, it } from "vitest";
import { makeLoop } from "@/testing/make-loop";
import { embedLoopInHtml, removeEmbeddedLoop } from "../testing/embed-loop";
import { isEmbeddedLoop, peekEmbeddedLoop, takeEmbeddedLoop } from "./embedded-loop";

afterEach(removeEmbeddedLoop);

describe("the loop a loop page's HTML carries", () => {
  it("is read once, for its own loop, and marked as the HTML's copy", () => {
    const loop = makeLoop({ id: "10000000-0000-4000-8000-0000000000aa", title: "Tōkyō <Night>" });
    embedLoopInHtml(JSON.stringify(loop).replace(/</g, "\\u003c"));
    const taken = takeEmbeddedLoop("10000000-0000-4000-8000-0000000000AA");
    expect(taken).toEqual(loop);
    expect(isEmbeddedLoop(taken!)).toBe(true);
    expect(isEmbeddedLoop(loop)).toBe(false);
    expect(document.getElementById(LOOP_DATA_ELEMENT_ID)).toBeNull();
    expect(takeEmbeddedLoop(loop.id)).toBeUndefined();
  });

  it("is not used for another loop, nor when it is not a loop; the element goes either way", () => {
    embedLoopInHtml(JSON.stringify(makeLoop({ id: "10000000-0000-4000-8000-0000000000bb" })));
    expect(takeEmbeddedLoop("10000000-0000-4000-8000-0000000000cc")).toBeUndefined();
    expect(document.getElementById(LOOP_DATA_ELEMENT_ID)).toBeNull();
    for (const text of ["not json", "null", '{"title":"no id"}']) {
      embedLoopInHtml(text);
      expect(takeEmbeddedLoop("10000000-0000-4000-8000-0000000000bb")).toBeUndefined();
      expect(document.getElementById(LOOP_DATA_ELEMENT_ID)).toBeNull();
    }
  });

  it("can be looked at first (the loading state) and then taken: the same object, parsed once", () => {
    const loop = makeLoop({ id: "10000000-0000-4000-8000-0000000000dd", title: "Peeked" });
    embedLoopInHtml(JSON.stringify(loop));
    const peeked = peekEmbeddedLoop(loop.id);
    expect(peeked).toEqual(loop);
    expect(peekEmbeddedLoop("10000000-0000-4000-8000-0000000000ee")).toBeUndefined();
    expect(document.getElementById(LOOP_DATA_ELEMENT_ID)).not.toBeNull();
    expect(takeEmbeddedLoop(loop.id)).toBe(peeked);
    expect(peekEmbeddedLoop(loop.id)).toBeUndefined();
  });
});

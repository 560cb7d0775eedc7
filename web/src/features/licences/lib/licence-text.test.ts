import { describe, expect, it } from "vitest";
import licenceMarkdown from "../../../../../docs/licence.md?raw";
import { parseInline, parseLicenceText } from "./licence-text";

describe("the licence's full text", () => {
  it("reads headings, paragraphs, lists, bold and code; the opening paragraphs are left out", () => {
    const blocks = parseLicenceText(
      "# The licence\n\nFor the repository's readers.\n\n## May\n\n- **Use it**: in songs,\n  beats.\n- Credit\n\nAt **`/licences/<id>`** \\<date\\>.\n",
    );
    expect(blocks).toEqual([
      { kind: "h1", content: [{ kind: "text", text: "The licence" }] },
      { kind: "h2", content: [{ kind: "text", text: "May" }] },
      {
        kind: "ul",
        items: [
          [
            { kind: "strong", text: "Use it" },
            { kind: "text", text: ": in songs, beats." },
          ],
          [{ kind: "text", text: "Credit" }],
        ],
      },
      {
        kind: "p",
        content: [
          { kind: "text", text: "At " },
          { kind: "strong", text: "/licences/<id>" },
          { kind: "text", text: " <date>." },
        ],
      },
    ]);
    expect(parseInline("plain")).toEqual([{ kind: "text", text: "plain" }]);
  });

  it("reads docs/licence.md: every section of it, with what the buyer may and may not do", () => {
    const blocks = parseLicenceText(licenceMarkdown);
    expect(blocks[0]).toEqual({ kind: "h1", content: [{ kind: "text", text: "The LOOP licence (version 1)" }] });
    const headings = blocks.filter((block) => block.kind === "h2").map((block) => (block.kind === "h2" ? block.content[0]!.text : ""));
    expect(headings).toEqual(expect.arrayContaining(["What the buyer may do", "What the buyer may not do", "What stays with the creator"]));
    expect(JSON.stringify(blocks)).toContain("No resale or redistribution of the loop as a sample");
  });
});

/**
 * docs/licence.md, the licence's full text, as the page /licence shows it (issue 36): its headings,
 * paragraphs and lists, with **bold** and `code`. Only what that file uses is read; anything else
 * stays text. The opening paragraphs (before the first section) speak to the repository's readers
 * and are left out: the page says what the text is.
 */

export type Inline = { kind: "text" | "strong" | "code"; text: string };
export type Block = { kind: "h1" | "h2" | "p"; content: Inline[] } | { kind: "ul"; items: Inline[][] };

/** A line's **bold**, `code` and backslash escapes ("\<date\>" is "<date>"). */
export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let last = 0;
  const plain = (value: string) => value.replace(/\\([\\`*_<>#\-[\]()])/g, "$1");
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ kind: "text", text: plain(text.slice(last, match.index)) });
    // Code inside bold ("**`/licences/<id>`**") reads as bold.
    parts.push(match[1] !== undefined ? { kind: "strong", text: plain(match[1].replace(/`/g, "")) } : { kind: "code", text: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: plain(text.slice(last)) });
  return parts;
}

export function parseLicenceText(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of markdown.replace(/\r\n/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    const first = lines[0]!;
    if (first.startsWith("## ")) blocks.push({ kind: "h2", content: parseInline(first.slice(3).trim()) });
    else if (first.startsWith("# ")) blocks.push({ kind: "h1", content: parseInline(first.slice(2).trim()) });
    else if (first.startsWith("- ")) {
      // Items start with "- "; an item's next lines are indented.
      const items: string[] = [];
      for (const line of lines) {
        if (line.startsWith("- ")) items.push(line.slice(2).trim());
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      blocks.push({ kind: "ul", items: items.map(parseInline) });
    } else blocks.push({ kind: "p", content: parseInline(lines.map((line) => line.trim()).join(" ")) });
  }
  const firstSection = blocks.findIndex((block) => block.kind === "h2");
  return blocks.filter((block, index) => block.kind !== "p" || firstSection < 0 || index > firstSection);
}

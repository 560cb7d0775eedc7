/**
 * `html` with `lines` (each indented and ending in a newline) added at the end of its head, before
 * `</head>`: what the server adds to every page after whatever rendered it. Unchanged without a head.
 */
export function atHeadEnd(html: string, lines: string): string {
  if (lines === "") return html;
  const at = html.indexOf("</head>");
  return at === -1 ? html : `${html.slice(0, at)}${lines}  ${html.slice(at)}`;
}

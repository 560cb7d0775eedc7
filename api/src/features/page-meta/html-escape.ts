// Escaping for what the server writes into a page's HTML: every title, name and description there is
// a member's input.

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON text made safe inside a <script> element: `<` (so no `</script>` or `<!--` can end or change
 * it), `>`, `&` and the line separators written as \u escapes, which only ever occur inside JSON
 * strings, where they mean the same characters.
 */
export function jsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]!);
}

/** XML text or attribute content (sitemaps). */
export const escapeXml = escapeHtml;

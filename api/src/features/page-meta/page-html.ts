// The built web app's index.html with a page's own head (issue 36): the template is split once
// (splitPageTemplate: its own title and description out, each page has its own), and every answer
// is the two halves around the page's head.
import { splitPageTemplate, withHead } from "@loop/rules/page-data";

export interface PageTemplate {
  /** The document with `head` where the template's title was. */
  render(head: string): string;
}

export function pageTemplate(html: string): PageTemplate {
  const halves = splitPageTemplate(html);
  return { render: (head) => withHead(halves, head) };
}

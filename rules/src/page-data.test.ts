import { describe, expect, it } from "vitest";
import { loopPageTitle, splitPageTemplate, withHead } from "./page-data";

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The default." />
    <title>LOOP — Music Loop Marketplace</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe("a page's head in the app's index.html", () => {
  it("takes the template's title and description out and puts the page's head where the title was", () => {
    const html = withHead(splitPageTemplate(BUILT), '<title>Page</title>\n    <meta name="description" content="Its own." />');
    expect(html).toBe(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Page</title>
    <meta name="description" content="Its own." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`);
  });

  it("without a title, puts the head before </head>, or first", () => {
    expect(withHead(splitPageTemplate("<html><head><meta charset=utf-8></head><body></body></html>"), "<title>T</title>")).toBe(
      "<html><head><meta charset=utf-8><title>T</title>\n</head><body></body></html>",
    );
    expect(withHead(splitPageTemplate("<div id=root></div>"), "<title>T</title>")).toBe("<title>T</title>\n<div id=root></div>");
  });

  it("names a loop page", () => {
    expect(loopPageTitle("Velvet Drift", "maya")).toBe("Velvet Drift by maya — LOOP");
  });
});

// GET /api/logout (the spec's full-page navigation): a page whose button POSTs the logout. A GET
// never signs out, so another site cannot sign a member out with a link or an <img>.
import { escapeHtml } from "../../mail/escape-html";

const LOGOUT_PAGE_TITLE = "Log out of LOOP?";

/** Plain HTML, no script: the form posts from this origin, which the Origin check accepts. */
export function logoutPage(username: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Log out · LOOP</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0a14; color: #f4f2ff;
    font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(24rem, calc(100% - 2rem)); padding: 2rem; border: 1px solid #2a2847; border-radius: 0.875rem;
    background: #15142a; text-align: center; }
  h1 { margin: 0 0 0.5rem; font-size: 1.5rem; }
  p { margin: 0 0 1.5rem; color: #a3a0c2; font-size: 0.875rem; }
  button { width: 100%; padding: 0.75rem; border: 0; border-radius: 0.625rem; background: #8b5cf6; color: #fff;
    font: inherit; font-weight: 600; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 2px solid #a78bfa; outline-offset: 2px; }
  a { display: inline-block; margin-top: 1rem; color: #a3a0c2; font-size: 0.875rem; }
</style>
</head>
<body>
<main>
<h1>${LOGOUT_PAGE_TITLE}</h1>
<p>You are signed in as <strong>${escapeHtml(username)}</strong> in this browser.</p>
<form method="post" action="/api/logout"><button type="submit">Log out</button></form>
<a href="/">Stay signed in</a>
</main>
</body>
</html>
`;
}

import { LOOP_DATA_ELEMENT_ID } from "@loop/rules/page-data";

/**
 * The loop as the server's HTML carries it (`<script id="loop-data" type="application/json">`): an
 * object is written as JSON, a string as given (a malformed one, for the tests of what is refused).
 */
export function embedLoopInHtml(loop: object | string): void {
  const script = document.createElement("script");
  script.id = LOOP_DATA_ELEMENT_ID;
  script.type = "application/json";
  script.textContent = typeof loop === "string" ? loop : JSON.stringify(loop);
  document.body.append(script);
}

/** Removes what embedLoopInHtml wrote (after each test). */
export function removeEmbeddedLoop(): void {
  document.getElementById(LOOP_DATA_ELEMENT_ID)?.remove();
}

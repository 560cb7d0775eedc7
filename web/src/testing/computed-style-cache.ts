/**
 * jsdom works a style out from scratch at every `getComputedStyle` call, and Testing Library's role
 * queries ask for the style of every candidate element and of each of its ancestors (whether it is
 * hidden; its accessible name): a third of the web tests' CPU. Here the answers are kept until the
 * document changes. Any change drops them all, found synchronously through the observer's pending
 * records (takeRecords()), so a query right after a change in the same task never reads a style
 * from before it. The tests load no stylesheet rules (`css: false`), so nothing but the document
 * itself (elements, classes, `style` attributes) decides a style.
 */
const INSTALLED = Symbol.for("loop.computedStyleCache");

export function cacheComputedStyles(win: Window & typeof globalThis): void {
  const marked = win as unknown as Record<symbol, boolean>;
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  const compute = win.getComputedStyle.bind(win);
  let kept = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  const observer = new win.MutationObserver(() => {
    kept = new WeakMap();
  });
  observer.observe(win.document, { subtree: true, childList: true, attributes: true, characterData: true });
  win.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (observer.takeRecords().length > 0) kept = new WeakMap();
    const key = pseudoElement ?? "";
    let styles = kept.get(element);
    const known = styles?.get(key);
    if (known) return known;
    const style = compute(element, pseudoElement);
    if (!styles) kept.set(element, (styles = new Map()));
    styles.set(key, style);
    return style;
  };
}

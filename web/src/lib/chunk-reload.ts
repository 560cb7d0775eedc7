/**
 * A page left open across a deploy asks for a lazy chunk that is no longer there: the import fails
 * and the page would go blank. It is reloaded instead, once per build of the page (issue 36,
 * "Nothing goes blank"): the build is named by its entry script (its file name has the build's
 * hash), kept in sessionStorage, so a page of the same build that still fails after its reload
 * shows the error page rather than reloading again and again.
 */

/** The browsers' and Vite's words for a module that could not be fetched. */
const CHUNK_LOAD_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i;

const RELOADED_FOR = "loop:reloaded-for-build";

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (CHUNK_LOAD_ERROR.test(error.message) || CHUNK_LOAD_ERROR.test(error.name));
}

/** The page's build: its entry module's address ("dev" without one, as under the test runner). */
function buildId(): string {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? "dev";
}

/** What reloads the page (tests replace it). */
export const pageReloader = { reload: () => window.location.reload() };

/** Reloads the page unless this build already did (true: reloading). */
export function reloadOnceForNewBuild(): boolean {
  const build = buildId();
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === build) return false;
    sessionStorage.setItem(RELOADED_FOR, build);
  } catch {
    return false;
  }
  pageReloader.reload();
  return true;
}

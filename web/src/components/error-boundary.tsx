import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";
import { isChunkLoadError, reloadOnceForNewBuild } from "@/lib/chunk-reload";

/**
 * The error page is loaded when it is needed (the first page's JavaScript budget): when even that
 * fails (the network is gone), a plain one says the same.
 */
const ErrorPage = lazy(() =>
  import("./error-page").catch(() => ({
    default: ({ onRetry }: { onRetry: () => void }) => (
      <div role="alert" className="mx-auto max-w-lg px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <button type="button" className="mt-6 underline" onClick={onRetry}>
          Try again
        </button>
      </div>
    ),
  })),
);

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the page's path) clears the error: another page is tried afresh. */
  resetKey?: string;
  /** What shows instead of the error page (the player bar: nothing, the page goes on); the error is reported all the same. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  /** A lazy chunk failed to load: the page reloads (once per build), nothing else is shown meanwhile. */
  reloading: boolean;
}

/**
 * Nothing goes blank (issue 36): an error while rendering what it wraps shows the app's error page
 * with "Try again", and is reported to the API's log (POST /api/client-errors, its code loaded only
 * then). A lazy chunk that failed to load (the page was left open across a deploy) reloads the page
 * instead, once per build (lib/chunk-reload.ts). Around the whole app (app.tsx), and around each
 * page under the top bar (app-shell.tsx, reset when the path changes).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, reloading: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, reloading: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnceForNewBuild()) return;
    if (this.state.reloading) this.setState({ reloading: false });
    void import("@/lib/report-client-error").then((m) => m.reportClientError(error, info.componentStack)).catch(() => undefined);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false, reloading: false });
  }

  private readonly retry = () => this.setState({ failed: false, reloading: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.state.reloading)
      return (
        <p role="status" className="sr-only">
          Loading the latest version of LOOP…
        </p>
      );
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <Suspense fallback={null}>
        <ErrorPage onRetry={this.retry} />
      </Suspense>
    );
  }
}

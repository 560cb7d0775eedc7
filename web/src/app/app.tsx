import { ErrorBoundary } from "@/components/error-boundary";
import { BrowserRouter } from "react-router";
import { AppProvider } from "./provider";
import { AppRoutes } from "./router";

/** The app, inside its outer error boundary (a failure of the shell itself shows the error page too). */
export function App() {
  return (
    <ErrorBoundary>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </ErrorBoundary>
  );
}

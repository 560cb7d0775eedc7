import { type ComponentType, lazy, Suspense } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import { useFirstPaintDone } from "@/lib/first-paint";

/**
 * A page whose code loads on demand, with what it shows meanwhile (`Loading`, a spinner unless the
 * page has a better first screen, like Home's hero). On the app's first load the page asks for its
 * code only once the first screen is painted (lib/first-paint.ts).
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>, Loading: ComponentType = PageSpinner) {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  function LazyPage(props: Props) {
    const painted = useFirstPaintDone();
    return <Suspense fallback={<Loading />}>{painted ? <Page {...props} /> : <Loading />}</Suspense>;
  }
  return LazyPage;
}

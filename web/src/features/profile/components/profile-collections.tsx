import { paths } from "@loop/rules/paths";
import type { Collection } from "@loop/rules/schemas/collections";
import { FolderOpen, Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { SkeletonList } from "@/components/skeleton-list";
import { CollectionVisibilityBadge } from "@/components/collection-visibility-badge";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";
import { useCollections } from "../api/get-collections";

/** The form (the collection schema, Radix's dialog) loads when the owner first opens it. */
const CreateCollectionDialog = lazy(() =>
  import("@/components/create-collection-dialog").then((m) => ({ default: m.CreateCollectionDialog })),
);

/**
 * A profile's collections (docs/product.md#collections): on the own profile all of them with
 * "New collection"; on someone's profile their public ones. Each links to its page.
 */
export function ProfileCollections({ userId, own, emptyText }: { userId: string | null; own: boolean; emptyText: string }) {
  const collections = useCollections(userId);
  const [creating, setCreating] = useState(false);
  const list = collections.data?.collections;

  return (
    <div>
      {own ? (
        <div className="mb-4 flex justify-end">
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New collection
          </Button>
          {creating ? (
            <Suspense fallback={null}>
              <CreateCollectionDialog open={creating} onOpenChange={setCreating} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      {collections.isError ? (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6 text-center text-sm text-rose-100">
          The collections could not be loaded. Please reload the page.
        </p>
      ) : !list ? (
        <SkeletonList className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy itemClassName="h-28 rounded-xl" />
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <ul aria-label="Collections" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((collection) => (
            <li key={collection.id}>
              <CollectionTile collection={collection} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CollectionTile({ collection }: { collection: Collection }) {
  return (
    <Link
      to={paths.collection(collection.id)}
      className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card/80 p-4 shadow-lg shadow-black/20 transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="flex items-start justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-semibold">
          <FolderOpen className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="truncate">{collection.name}</span>
        </span>
        <CollectionVisibilityBadge isPublic={collection.isPublic} />
      </span>
      {collection.description ? <span className="line-clamp-2 text-sm text-muted-foreground">{collection.description}</span> : null}
      <span className="mt-auto text-xs text-muted-foreground">
        {formatCount(collection.loopCount)} {collection.loopCount === 1 ? "loop" : "loops"}
      </span>
    </Link>
  );
}

import { paths } from "@loop/rules/paths";
import { COLLECTION_MESSAGES, type Collection } from "@loop/rules/schemas/collections";
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { FolderOpen, FolderX, Globe, Link2, Lock, Pencil, Trash2, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CollectionFormDialog } from "@/components/collection-form-dialog";
import { CollectionVisibilityBadge } from "@/components/collection-visibility-badge";
import { LoadFailedNotice } from "@/components/load-failed-notice";
import { LoadMoreLoops } from "@/components/load-more-loops";
import { NotFoundNotice } from "@/components/not-found-notice";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { PageSpinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { PendingButton } from "@/components/ui/pending-button";
import { getServerMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { mutationDialogProps } from "@/lib/mutation-dialog";
import { useRemoveCollectionLoop } from "@/lib/remove-collection-loop";
import { toast } from "@/lib/toast";
import { useCollection } from "../api/get-collection";
import { useDeleteCollection } from "../api/delete-collection";
import { useUpdateCollection } from "../api/update-collection";

export interface CollectionPageProps {
  collectionId: string;
  /** Renders loops as the home does (composed by the route: the catalog's `LoopList`); `itemAction` goes under each card. */
  renderLoops: (loops: PublicLoop[], itemAction?: (loop: PublicLoop) => ReactNode) => ReactNode;
}

/** The collection's link, to share: the page's own address. */
export function collectionUrl(collectionId: string): string {
  return new URL(paths.collection(collectionId), window.location.origin).href;
}

function ownerName(owner: Collection["owner"]): string {
  return owner.username;
}

/**
 * /collections/:collectionId (docs/product.md#collections): a collection's name, description, owner,
 * count, visibility and its loops (previews play as on the home), 24 at a time. Its owner edits it,
 * makes it public or private, copies its link, removes loops and deletes it. A private collection of
 * someone else, or none, is 'Collection Not Found'.
 */
export function CollectionPage({ collectionId, renderLoops }: CollectionPageProps) {
  const query = useCollection(collectionId);
  if (query.isPending) return <PageSpinner label="Loading collection" />;
  if (!query.data) {
    const notFound = (
      <NotFoundNotice
        icon={FolderX}
        title={COLLECTION_MESSAGES.notFound}
        text="This collection does not exist, is private, or the link is wrong."
        to={paths.home()}
        linkText="Browse loops"
      />
    );
    return <LoadFailedNotice subject="collection" error={query.error} onRetry={() => void query.refetch()} notFound={notFound} />;
  }
  const collection = query.data.pages[0]!.collection;
  const total = query.data.pages.at(-1)!.total;
  const loops = query.data.pages.flatMap((page) => page.loops);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <Card className="p-6 sm:p-8">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <FolderOpen className="size-4" aria-hidden />
              Collection
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <h1 className="font-display text-3xl font-black tracking-tight break-words sm:text-4xl">{collection.name}</h1>
              <CollectionVisibilityBadge isPublic={collection.isPublic} />
            </div>
            {collection.description ? (
              <p className="mt-3 max-w-2xl whitespace-pre-line text-sm leading-relaxed">{collection.description}</p>
            ) : null}
            <p className="mt-3 text-sm text-muted-foreground" data-testid="collection-meta">
              by{" "}
              <Link
                to={paths.userProfile(collection.owner.id)}
                className="font-semibold text-foreground hover:text-primary hover:underline"
              >
                {ownerName(collection.owner)}
              </Link>{" "}
              · {formatCount(total)} {total === 1 ? "loop" : "loops"}
            </p>
          </div>
          {collection.isOwn ? <OwnerControls collection={collection} /> : <CopyLinkButton collection={collection} />}
        </div>
      </Card>

      <section aria-label="Loops in this collection" className="mt-10">
        {loops.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
            {collection.isOwn
              ? "No loops here yet. Use the folder button on any loop card to add one."
              : "This collection has no loops yet."}
          </p>
        ) : (
          <>
            {renderLoops(loops, collection.isOwn ? (loop) => <RemoveLoopButton collection={collection} loop={loop} /> : undefined)}
            <LoadMoreLoops query={query} />
          </>
        )}
      </section>
    </div>
  );
}

/** Copies the collection's link (docs/product.md#collections); a private one opens for its owner only. */
function CopyLinkButton({ collection }: { collection: Collection }) {
  const copy = async () => {
    const url = collectionUrl(collection.id);
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url);
      toast({
        title: "Link Copied",
        description: collection.isPublic ? url : `${url} (private: only you can open it until you make it public)`,
        variant: "success",
      });
    } catch {
      toast({ title: "Copy Failed", description: `Copy the link by hand: ${url}`, variant: "destructive" });
    }
  };
  return (
    <Button variant="outline" onClick={() => void copy()}>
      <Link2 aria-hidden />
      Copy link
    </Button>
  );
}

function OwnerControls({ collection }: { collection: Collection }) {
  const update = useUpdateCollection();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const setPublic = (isPublic: boolean) =>
    update.mutate(
      { collectionId: collection.id, isPublic },
      {
        onSuccess: () =>
          toast({
            title: isPublic ? "Collection Public" : "Collection Private",
            description: isPublic ? "Anyone with the link can open it now." : "Only you can open it now.",
            variant: "success",
          }),
        onError: (error) =>
          toast({ title: "Not Changed", description: getServerMessage(error, "Please try again."), variant: "destructive" }),
      },
    );

  return (
    <div className="flex flex-col gap-3 lg:w-72 lg:shrink-0">
      <div className="flex items-center justify-between gap-3 rounded-lg border border-border bg-surface/60 p-3">
        <Label htmlFor="collection-public" className="flex items-center gap-2">
          {collection.isPublic ? <Globe className="size-4" aria-hidden /> : <Lock className="size-4" aria-hidden />}
          Public
        </Label>
        <Switch
          id="collection-public"
          checked={collection.isPublic}
          disabled={update.isPending}
          onChange={(event) => setPublic(event.target.checked)}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <CopyLinkButton collection={collection} />
        <Button variant="outline" onClick={() => setEditing(true)}>
          <Pencil aria-hidden />
          Edit
        </Button>
      </div>
      <Button variant="ghost" className="text-destructive hover:text-destructive" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden />
        Delete collection
      </Button>
      <EditCollectionDialog collection={collection} open={editing} onOpenChange={setEditing} />
      <DeleteCollectionDialog collection={collection} open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}

/** The owner's dialogs about the collection (Edit, Delete). */
interface CollectionDialogProps {
  collection: Collection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function EditCollectionDialog({ collection, open, onOpenChange }: CollectionDialogProps) {
  const update = useUpdateCollection();
  return (
    <CollectionFormDialog
      open={open}
      {...mutationDialogProps(update, onOpenChange, "The collection could not be saved. Please try again.")}
      title="Edit collection"
      icon={Pencil}
      description="Rename it, describe it, or change who can open it."
      submitLabel="Save"
      initial={{ name: collection.name, description: collection.description, isPublic: collection.isPublic }}
      onSubmit={(values) =>
        update.mutate(
          { collectionId: collection.id, ...values },
          {
            onSuccess: () => {
              onOpenChange(false);
              update.reset();
              toast({ title: "Collection Saved", description: `"${values.name}" is up to date.`, variant: "success" });
            },
          },
        )
      }
    />
  );
}

function DeleteCollectionDialog({ collection, open, onOpenChange }: CollectionDialogProps) {
  const remove = useDeleteCollection();
  const navigate = useNavigate();
  return (
    <FormDialog
      open={open}
      {...mutationDialogProps(remove, onOpenChange, "The collection could not be deleted. Please try again.")}
      title="Delete this collection?"
      icon={Trash2}
      description={`"${collection.name}" goes away for good, and its link stops working. The loops in it stay in the catalog.`}
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate(collection.id, {
          onSuccess: () => {
            toast({ title: "Collection Deleted", description: `"${collection.name}" is gone.`, variant: "success" });
            void navigate(paths.profile());
          },
        });
      }}
      keepOpenWhilePending
      submitLabel="Delete collection"
      submitVariant="destructive"
    />
  );
}

function RemoveLoopButton({ collection, loop }: { collection: Collection; loop: PublicLoop }) {
  const remove = useRemoveCollectionLoop();
  return (
    <PendingButton
      size="sm"
      variant="ghost"
      aria-label={`Remove ${loop.title} from the collection`}
      pending={remove.isPending}
      icon={X}
      onClick={() =>
        remove.mutate(
          { collectionId: collection.id, loopId: loop.id },
          {
            onSuccess: () =>
              toast({ title: "Removed From Collection", description: `"${loop.title}" left "${collection.name}".`, variant: "success" }),
            onError: (error) =>
              toast({ title: "Not Removed", description: getServerMessage(error, "Please try again."), variant: "destructive" }),
          },
        )
      }
    >
      Remove
    </PendingButton>
  );
}

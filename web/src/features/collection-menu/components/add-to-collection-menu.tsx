import type { Collection } from "@loop/rules/schemas/collections";
import { Check, FolderPlus, Loader2, Lock, Plus } from "lucide-react";
import { useState } from "react";
import { CreateCollectionDialog } from "@/components/create-collection-dialog";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator, DropdownMenuShell } from "@/components/ui/dropdown-menu";
import { errorStatus, getServerMessage } from "@/lib/api-client";
import { useRemoveCollectionLoop } from "@/lib/remove-collection-loop";
import { toastFromMessage } from "@/lib/server-toast";
import { redirectToLoginAfterUnauthorized } from "@/lib/session-expired";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useAddCollectionLoop } from "../api/add-collection-loop";
import { useLoopCollections } from "../api/get-loop-collections";

/**
 * "Add to collection" on a loop card, for members (docs/product.md#collections): the member's own
 * collections, checked where the loop already is; choosing one adds or removes the loop.
 * "New collection…" creates one and puts the loop in it.
 */
export function AddToCollectionMenu({ loopId, title }: { loopId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const collections = useLoopCollections(loopId, open);
  const add = useAddCollectionLoop();
  const remove = useRemoveCollectionLoop();
  // The collection being changed: its row shows a spinner, the others wait.
  const [busyId, setBusyId] = useState<string | null>(null);

  const failed = (error: Error) => {
    if (errorStatus(error) === 401) {
      redirectToLoginAfterUnauthorized();
      return;
    }
    toast(toastFromMessage(getServerMessage(error, "The collection could not be changed. Please try again."), "Collection Not Changed"));
  };

  const toggle = (collection: Collection) => {
    setBusyId(collection.id);
    const variables = { collectionId: collection.id, loopId };
    const settle = { onSettled: () => setBusyId(null), onError: failed };
    if (collection.containsLoop) {
      remove.mutate(variables, {
        ...settle,
        onSuccess: () =>
          toast({ title: "Removed From Collection", description: `"${title}" left "${collection.name}".`, variant: "success" }),
      });
    } else {
      add.mutate(variables, {
        ...settle,
        onSuccess: () => toast({ title: "Added To Collection", description: `"${title}" is in "${collection.name}".`, variant: "success" }),
      });
    }
  };

  const created = (collection: Collection) => {
    add.mutate(
      { collectionId: collection.id, loopId },
      {
        onError: failed,
        onSuccess: () =>
          toast({
            title: "Collection Created",
            description: `"${title}" is in your new collection "${collection.name}".`,
            variant: "success",
          }),
      },
    );
  };

  const list = collections.data?.collections ?? [];
  return (
    <>
      <DropdownMenuShell
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button size="icon-sm" variant="ghost" aria-label={`Add ${title} to a collection`} title="Add to collection">
            <FolderPlus aria-hidden />
          </Button>
        }
        label="Add to collection"
        contentClassName="max-h-80 w-64 overflow-y-auto"
      >
        {collections.isPending ? (
          <DropdownMenuItem disabled>
            <Loader2 className="animate-spin" aria-hidden />
            Loading collections…
          </DropdownMenuItem>
        ) : collections.isError ? (
          <DropdownMenuItem disabled>Your collections could not be loaded.</DropdownMenuItem>
        ) : list.length === 0 ? (
          <DropdownMenuItem disabled>No collections yet.</DropdownMenuItem>
        ) : (
          list.map((collection) => {
            const checked = collection.containsLoop === true;
            const busy = busyId === collection.id;
            return (
              <DropdownMenuItem
                key={collection.id}
                role="menuitemcheckbox"
                aria-checked={checked}
                disabled={busyId !== null}
                // The menu stays open: several collections may be ticked in a row.
                onSelect={(event) => {
                  event.preventDefault();
                  toggle(collection);
                }}
              >
                <span className="flex size-4 shrink-0 items-center justify-center">
                  {busy ? (
                    <Loader2 className="animate-spin" aria-hidden />
                  ) : (
                    <Check className={cn(checked ? "opacity-100 !text-primary" : "opacity-0")} aria-hidden />
                  )}
                </span>
                <span className="min-w-0 flex-1 truncate">{collection.name}</span>
                {collection.isPublic ? null : <Lock aria-label="Private" />}
              </DropdownMenuItem>
            );
          })
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => setCreating(true)}>
          <Plus aria-hidden />
          New collection…
        </DropdownMenuItem>
      </DropdownMenuShell>
      {creating ? (
        <CreateCollectionDialog
          open={creating}
          onOpenChange={setCreating}
          description={`Name a crate for "${title}" and the loops you add later.`}
          onCreated={created}
        />
      ) : null}
    </>
  );
}

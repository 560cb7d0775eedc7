import type { Collection } from "@loop/rules/schemas/collections";
import { useCreateCollection } from "@/lib/create-collection";
import { mutationDialogProps } from "@/lib/mutation-dialog";
import { toast } from "@/lib/toast";
import { CollectionFormDialog, EMPTY_COLLECTION } from "./collection-form-dialog";

/** "New collection": creates one (POST /api/collections), says so, and hands it to `onCreated`. */
export function CreateCollectionDialog({
  open,
  onOpenChange,
  description = "Name a crate for loops you want to keep together.",
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description?: string;
  /** After the creation (the card's menu adds its loop to it); the dialog has closed. */
  onCreated?: (collection: Collection) => void;
}) {
  const create = useCreateCollection();
  return (
    <CollectionFormDialog
      open={open}
      {...mutationDialogProps(create, onOpenChange, "The collection could not be created. Please try again.")}
      title="New collection"
      description={description}
      submitLabel="Create collection"
      initial={EMPTY_COLLECTION}
      onSubmit={(values) =>
        create.mutate(values, {
          onSuccess: (collection) => {
            onOpenChange(false);
            create.reset();
            if (onCreated) onCreated(collection);
            else toast({ title: "Collection Created", description: `"${collection.name}" is ready for loops.`, variant: "success" });
          },
        })
      }
    />
  );
}

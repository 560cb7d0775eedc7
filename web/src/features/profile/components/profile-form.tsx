import { MAX_BIO, updateProfileSchema } from "@loop/rules/schemas/profile";
import { AlertCircle, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { PendingButton } from "@/components/ui/pending-button";
import { errorFields, getServerMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useUpdateProfile } from "../api/update-profile";

export const SAVE_FAILED_FALLBACK = "Failed to save profile changes. Please try again.";

export interface ProfileFormValues {
  username: string;
  bio: string;
  profileImageUrl: string;
}

export interface ProfileFormProps {
  /** The saved values; the form starts from them and compares against them. */
  initial: ProfileFormValues;
  email: string | null;
  /** Adds or changes the e-mail address by a confirmation link (composed by the route); the field itself stays read-only. */
  emailAction?: ReactNode;
}

type Field = keyof ProfileFormValues;

const FIELDS: readonly Field[] = ["username", "bio", "profileImageUrl"];

/** The form's field a refusal's path names (a schema issue's `path`, an answer's `fields` key), or null. */
function fieldAt(path: string | undefined): Field | null {
  return FIELDS.find((field) => field === path) ?? null;
}

/**
 * Edit Profile (docs/product.md#profile, docs/product.md#states, docs/product.md#validation): username (required), bio with a x/500 counter, read-only e-mail,
 * profile image URL. Save is enabled only after an edit; after a save the fields show the saved
 * values and the profile and signed-in user are refreshed.
 */
export function ProfileForm({ initial, email, emailAction }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [saved, setSaved] = useState<ProfileFormValues>(initial);
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null);
  const update = useUpdateProfile();

  const dirty = values.username !== saved.username || values.bio !== saved.bio || values.profileImageUrl !== saved.profileImageUrl;
  const bioLength = values.bio.length;

  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (error && (error.field === field || error.field === null)) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || update.isPending) return;
    const parsed = updateProfileSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? "Please check the form.";
      const field = fieldAt(issue?.path[0]?.toString());
      setError({ field, message });
      toast({ title: "Validation Error", description: message, variant: "destructive" });
      if (field) document.getElementById(`profile-${field}`)?.focus();
      return;
    }
    try {
      const profile = await update.mutateAsync({ username: values.username, bio: values.bio, profileImageUrl: values.profileImageUrl });
      const next = { username: profile.username ?? "", bio: profile.bio ?? "", profileImageUrl: profile.profileImageUrl ?? "" };
      setValues(next);
      setSaved(next);
      setError(null);
      toast({ title: "Profile Updated", description: "Your profile changes have been saved.", variant: "success" });
    } catch (caught) {
      // The field the answer names (fields), its own message under it; the answer's message otherwise.
      const fields = errorFields(caught);
      const field = FIELDS.find((name) => fields[name] !== undefined) ?? null;
      const message = (field && fields[field]) || getServerMessage(caught, SAVE_FAILED_FALLBACK);
      setError({ field, message });
      toast({ title: "Save Failed", description: message, variant: "destructive" });
    }
  };

  const invalid = (field: Field) => (error?.field === field ? true : undefined);

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="profile-username">Username</Label>
        <Input
          id="profile-username"
          value={values.username}
          maxLength={30}
          autoComplete="username"
          aria-invalid={invalid("username")}
          aria-describedby="profile-username-help"
          onChange={(event) => change("username", event.target.value)}
        />
        <p id="profile-username-help" className="text-xs text-muted-foreground">
          3 to 30 characters: lower-case letters, digits and _.
        </p>
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="profile-bio">Bio</Label>
          <span
            id="profile-bio-counter"
            aria-live="polite"
            className={cn("text-xs tabular-nums", bioLength > MAX_BIO ? "font-semibold text-destructive" : "text-muted-foreground")}
          >
            {bioLength}/{MAX_BIO}
          </span>
        </div>
        <Textarea
          id="profile-bio"
          value={values.bio}
          rows={4}
          maxLength={MAX_BIO}
          placeholder="Tell listeners about your sound…"
          aria-invalid={invalid("bio") ?? (bioLength > MAX_BIO ? true : undefined)}
          aria-describedby="profile-bio-counter"
          onChange={(event) => change("bio", event.target.value)}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor="profile-email">Email</Label>
        <Input
          id="profile-email"
          value={email ?? ""}
          placeholder="Not provided"
          readOnly
          aria-readonly
          className="cursor-default opacity-80"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            {email
              ? "Receipts and sign-in links go to this address. A new one is confirmed by a link sent to it."
              : "No e-mail address yet: add one to get receipts and order confirmations by e-mail."}
          </p>
          {emailAction}
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="profile-profileImageUrl">Profile image URL</Label>
        <Input
          id="profile-profileImageUrl"
          type="url"
          inputMode="url"
          value={values.profileImageUrl}
          maxLength={2048}
          placeholder="https://…"
          aria-invalid={invalid("profileImageUrl")}
          onChange={(event) => change("profileImageUrl", event.target.value)}
        />
      </div>

      {error ? (
        <div
          role="alert"
          className="flex gap-2.5 rounded-lg border border-destructive/50 bg-destructive/10 px-3.5 py-3 text-sm text-rose-100"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {error.message}
        </div>
      ) : null}

      <div className="flex items-center justify-end gap-2">
        {dirty ? (
          <Button
            variant="ghost"
            onClick={() => {
              setValues(saved);
              setError(null);
            }}
            disabled={update.isPending}
          >
            Discard
          </Button>
        ) : null}
        <PendingButton type="submit" pending={update.isPending} disabled={!dirty} icon={Save}>
          {update.isPending ? "Saving…" : "Save Changes"}
        </PendingButton>
      </div>
    </form>
  );
}

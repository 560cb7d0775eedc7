import { formatStorageSize } from "@loop/rules/schemas/loops";
import type { PlatformSettings } from "@loop/rules/schemas/platform-settings";
import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatDateTime } from "@/lib/format";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { PendingButton } from "@/components/ui/pending-button";
import { failureToast, successToast } from "@/lib/outcome-toasts";
import { usePlatformSettings } from "../api/get-platform-settings";
import { useUpdatePlatformSettings } from "../api/update-platform-settings";
import { buildSettingsUpdate, formatDuration, type SettingsValues, settingsToValues } from "../lib/settings-form";

export const SETTINGS_FAILED_TEXT = "Failed to save the settings.";
const MIB = 1024 * 1024;

/**
 * System Settings: format fees, minimum withdrawal, offer expiry, the escrow dispute window, the
 * card/PayPal sale hold, the upload limits, the support address, and the limits against abuse.
 */
export function SystemSettingsPanel() {
  const settings = usePlatformSettings();
  if (settings.isError) return <LoadError message="The settings could not be loaded." onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-72" />;
  return <SystemSettingsForm settings={settings.data} />;
}

export function SystemSettingsForm({ settings }: { settings: PlatformSettings }) {
  const [values, setValues] = useState<SettingsValues>(() => settingsToValues(settings));
  const [error, setError] = useState<string | null>(null);
  const save = useUpdatePlatformSettings();

  // Saved (or changed by another admin and fetched again): show what is in force.
  const [shownFor, setShownFor] = useState(settings);
  if (settings !== shownFor) {
    setShownFor(settings);
    setValues(settingsToValues(settings));
  }

  const set = (name: keyof SettingsValues, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = buildSettingsUpdate(settings, values);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    save.mutate(check.body, {
      onSuccess: () => successToast("Settings Saved", "The new settings apply from now on."),
      onError: (caught) => failureToast("Save Failed", caught, SETTINGS_FAILED_TEXT),
    });
  };

  const seconds = /^\d+$/.test(values.disputeWindowSeconds.trim()) ? Number(values.disputeWindowSeconds.trim()) : null;
  const quotaMb = /^\d+$/.test(values.uploadQuotaMb.trim()) ? Number(values.uploadQuotaMb.trim()) : null;

  const fields: SettingInputSpec[] = [
    {
      id: "setting-mp3-fee",
      label: "MP3 format fee (%)",
      hint: "On top of the price of new purchases and offers.",
      name: "mp3Percent",
      inputMode: "decimal",
    },
    {
      id: "setting-wav-fee",
      label: "WAV format fee (%)",
      hint: "On top of the price of new purchases and offers.",
      name: "wavPercent",
      inputMode: "decimal",
    },
    { id: "setting-min-withdrawal", label: "Minimum withdrawal (LOOP)", name: "minWithdrawal", inputMode: "decimal" },
    {
      id: "setting-offer-expiry",
      label: "Offer expiry (hours)",
      hint: "New offers and counters expire after this.",
      name: "offerExpiryHours",
      inputMode: "numeric",
    },
    {
      id: "setting-dispute-window",
      label: "Dispute window (seconds)",
      hint:
        settings.disputeWindowSeconds === null && values.disputeWindowSeconds.trim() === ""
          ? "Unavailable: the marketplace contract could not be read."
          : seconds !== null
            ? `= ${formatDuration(seconds)}. Applies to on-chain purchases made after the change.`
            : undefined,
      name: "disputeWindowSeconds",
      inputMode: "numeric",
    },
    {
      id: "setting-fiat-hold",
      label: "Card and PayPal sale hold (days)",
      hint: "Sellers see these proceeds as pending until the hold ends; a chargeback or refund inside it takes them back. New sales only.",
      name: "fiatHoldDays",
      inputMode: "numeric",
    },
    {
      id: "setting-uploads-per-hour",
      label: "Uploads per member per hour",
      hint: "One more within 60 minutes is refused, with when to try again.",
      name: "uploadsPerHour",
      inputMode: "numeric",
    },
    {
      id: "setting-upload-quota",
      label: "Storage per member (MB)",
      hint:
        quotaMb !== null
          ? `= ${formatStorageSize(quotaMb * MIB)} of uploaded files in all, originals and the files made from them; an upload past it is refused.`
          : undefined,
      name: "uploadQuotaMb",
      inputMode: "numeric",
    },
    {
      id: "setting-support-email",
      label: "Support e-mail address",
      hint: "Where Email Support and the other help texts send members.",
      name: "supportEmail",
      type: "email",
      autoComplete: "off",
    },
    {
      id: "setting-min-offer",
      label: "Minimum offer (USD)",
      hint: "Smaller offers are refused in the app; a smaller wallet offer is ignored and its buyer reclaims it after it expires.",
      name: "minOffer",
      inputMode: "decimal",
    },
    {
      id: "setting-reward-min-price",
      label: "Upload reward minimum price (USD)",
      hint: "An upload priced below this earns no upload reward.",
      name: "uploadRewardMinPrice",
      inputMode: "decimal",
    },
    {
      id: "setting-new-seller-hold",
      label: "New seller sale hold (days)",
      hint: "The card and PayPal sale hold of a seller without the history below. New sales only.",
      name: "newSellerHoldDays",
      inputMode: "numeric",
    },
    {
      id: "setting-trusted-seller-sales",
      label: "Seller history (completed card and PayPal sales)",
      hint: "Sales older than the 120-day chargeback window a seller needs for the normal hold; 0 gives every seller the normal hold.",
      name: "trustedSellerSales",
      inputMode: "numeric",
    },
    {
      id: "setting-max-price-impact",
      label: "Maximum price impact of a LOOP buy (%)",
      hint: "A Buy with ETH (BNB) that would move the pool's price more is refused before the wallet opens.",
      name: "maxPriceImpactPercent",
      inputMode: "decimal",
    },
  ];

  return (
    <form noValidate onSubmit={submit} aria-label="System settings" className="grid max-w-2xl gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <SettingInput key={field.id} {...field} values={values} onChange={set} />
        ))}
      </div>
      {error ? <FormAlert message={error} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">
          Last changed {formatDateTime(settings.updatedAt)}
          {settings.updatedBy ? ` by ${settings.updatedBy.username}` : ""}
        </p>
        <PendingButton type="submit" pending={save.isPending} icon={Save}>
          Save Settings
        </PendingButton>
      </div>
    </form>
  );
}

interface SettingInputSpec {
  id: string;
  label: string;
  hint?: string;
  name: keyof SettingsValues;
  inputMode?: "decimal" | "numeric";
  type?: "email";
  autoComplete?: "off";
}

interface SettingInputProps extends SettingInputSpec {
  values: SettingsValues;
  onChange: (name: keyof SettingsValues, value: string) => void;
}

/** One labelled setting: its input and, when given, a hint below it. */
function SettingInput({ id, label, hint, name, values, onChange, ...input }: SettingInputProps) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} value={values[name]} onChange={(event) => onChange(name, event.target.value)} />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

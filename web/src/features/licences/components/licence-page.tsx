import { paths } from "@loop/rules/paths";
import {
  LICENCE_MESSAGES,
  LICENCE_METHOD_NAMES,
  LICENCE_TERMS,
  licenceDateLabel,
  licencePdfPath,
  type Licence,
} from "@loop/rules/schemas/licences";
import { BadgeCheck, FileDown, FileX, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { NotFoundNotice } from "@/components/not-found-notice";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { errorStatus } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { LoopAmount } from "@/components/ui/loop-amount";
import { cn } from "@/lib/utils";
import { useLicence } from "../api/get-licence";

/**
 * /licences/:licenceId (docs/licence.md): anyone checks a purchase's licence — "Valid", or "Revoked on
 * <date>" once the purchase was refunded or reversed — with its facts as they were at the purchase and
 * the terms; its buyer also gets "Download PDF". A free loop's download has one too (no purchase: "Free
 * download", always valid). An unknown id reads 'Licence Not Found'.
 */
export function LicencePage({ licenceId }: { licenceId: string }) {
  const licence = useLicence(licenceId);
  if (licence.isPending) return <PageSpinner label="Loading licence" />;
  if (licence.isError) {
    if (errorStatus(licence.error) === 404) return <LicenceNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadError message="The licence could not be loaded." onRetry={() => void licence.refetch()} />
      </div>
    );
  }
  return <LicenceView licence={licence.data} />;
}

function LicenceView({ licence }: { licence: Licence }) {
  const valid = licence.status === "valid";
  const format = licence.format.toUpperCase();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">LOOP licence</p>
      <h1 className="font-display mt-1 text-3xl font-black tracking-tight break-words">
        {licence.loop.title} <span className="text-muted-foreground">({format})</span>
      </h1>

      <div
        role="status"
        data-testid="licence-status"
        className={cn(
          "mt-6 flex items-start gap-4 rounded-xl border p-5",
          valid ? "border-success/50 bg-success/10" : "border-destructive/50 bg-destructive/10",
        )}
      >
        {valid ? (
          <BadgeCheck className="mt-0.5 size-8 shrink-0 text-emerald-300" aria-hidden />
        ) : (
          <ShieldAlert className="mt-0.5 size-8 shrink-0 text-rose-300" aria-hidden />
        )}
        <div className="grid gap-1">
          <p className={cn("text-2xl font-black", valid ? "text-emerald-200" : "text-rose-200")}>
            {valid ? "Valid" : `Revoked on ${formatDate(licence.revokedAt!)}`}
          </p>
          <p className="text-sm text-foreground/90">
            {valid
              ? `@${licence.buyer.username} may use this loop in their own productions under the terms below.`
              : "The purchase was refunded or reversed: from that date the licence covers no new use of the loop."}
          </p>
        </div>
      </div>

      {licence.ownedByMe ? (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button asChild>
            <a href={licencePdfPath(licence.id)} download>
              <FileDown aria-hidden />
              Download PDF
            </a>
          </Button>
          <span className="text-sm text-muted-foreground">
            This is your licence: the PDF carries this page's address and a QR code of it.
          </span>
        </div>
      ) : null}

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-bold">The facts</h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[11rem_1fr]">
          <Fact label="Licence">{licence.id}</Fact>
          <Fact label="Terms">Version {licence.version}</Fact>
          <Fact label="Loop">
            <Link to={paths.loop(licence.loop.id)} className="font-medium text-violet-300 underline-offset-4 hover:underline">
              {licence.loop.title}
            </Link>
          </Fact>
          <Fact label="Creator">
            <Member id={licence.creator.id}>
              {licence.creator.name ? `${licence.creator.name} (@${licence.creator.username})` : `@${licence.creator.username}`}
            </Member>
          </Fact>
          <Fact label="Licensee">
            <Member id={licence.buyer.id}>@{licence.buyer.username}</Member>
          </Fact>
          <Fact label="Format">{format}</Fact>
          <Fact label="Price">${licence.price} USD</Fact>
          <Fact label="Marketplace fee">${licence.fee} USD</Fact>
          <Fact label="Total paid">
            ${licence.total} USD
            {licence.loopAmount ? (
              <>
                {" "}
                (<LoopAmount value={licence.loopAmount} />)
              </>
            ) : null}
          </Fact>
          <Fact label="Paid with">{LICENCE_METHOD_NAMES[licence.method]}</Fact>
          <Fact label={licenceDateLabel(licence)}>{formatDateTime(licence.issuedAt)}</Fact>
          {licence.revokedAt ? <Fact label="Revoked">{formatDateTime(licence.revokedAt)}</Fact> : null}
          {/* A free loop's download makes no purchase. */}
          <Fact label="Purchase">{licence.purchaseId ?? "Free download"}</Fact>
          {licence.chain ? (
            <>
              <Fact label="Chain">
                {licence.chain.name} (id {licence.chain.chainId})
              </Fact>
              <Fact label="Contract">{licence.chain.contract ?? "Not recorded"}</Fact>
              <Fact label="Transaction">{licence.chain.txHash ?? "Not recorded"}</Fact>
            </>
          ) : null}
        </dl>
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-bold">The terms (version {licence.version})</h2>
        <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm leading-relaxed">
          {LICENCE_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-muted-foreground">
          This page is kept by LOOP: what it shows is the marketplace's record of the purchase, and its status is the current one.
        </p>
      </Card>
    </div>
  );
}

/**
 * A member named on the licence: their profile's link under the handle they have now, and the
 * account's id, which never changes hands (a handle given up can be taken by someone else).
 */
function Member({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span className="grid">
      <Link to={paths.userProfile(id)} className="font-medium text-violet-300 underline-offset-4 hover:underline">
        {children}
      </Link>
      <span className="text-xs text-muted-foreground">Account {id}</span>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono text-[13px] break-all sm:font-sans sm:text-sm">{children}</dd>
    </>
  );
}

function LicenceNotFound() {
  return <NotFoundNotice icon={FileX} title={LICENCE_MESSAGES.notFound} text="No licence has this id: check the link or the QR code." />;
}

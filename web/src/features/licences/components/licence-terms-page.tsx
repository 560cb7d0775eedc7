import { paths } from "@loop/rules/paths";
import { LICENCE_VERSION } from "@loop/rules/schemas/licences";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import licenceMarkdown from "../../../../../docs/licence.md?raw";
import { type Block, type Inline, parseLicenceText } from "../lib/licence-text";

const BLOCKS = parseLicenceText(licenceMarkdown);

/**
 * /licence: the licence's full text (docs/licence.md, the one source), for anyone: what every
 * purchase and free download of a loop allows (issue 36). Each loop's page links here under the
 * terms in brief.
 */
export function LicenceTermsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">LOOP licence · version {LICENCE_VERSION}</p>
      <Card className="mt-4 p-6 sm:p-8">
        <p className="text-sm text-muted-foreground">
          Every purchase on LOOP, and every free download, comes with this licence: this is its full text. Each licence has its own
          verification page, and its PDF carries the terms in brief.{" "}
          <Link to={paths.home()} className="font-medium text-violet-300 underline-offset-4 hover:underline">
            Browse loops
          </Link>
        </p>
        <div className="mt-6 grid gap-4 text-sm leading-relaxed" data-testid="licence-text">
          {BLOCKS.map((block, index) => (
            <LicenceBlock key={index} block={block} />
          ))}
        </div>
      </Card>
    </div>
  );
}

function LicenceBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "h1":
      return <h1 className="font-display text-3xl font-black tracking-tight">{inlines(block.content)}</h1>;
    case "h2":
      return <h2 className="mt-4 text-lg font-bold">{inlines(block.content)}</h2>;
    case "ul":
      return (
        <ul className="grid list-disc gap-2 pl-5">
          {block.items.map((item, index) => (
            <li key={index}>{inlines(item)}</li>
          ))}
        </ul>
      );
    case "p":
      return <p>{inlines(block.content)}</p>;
  }
}

function inlines(parts: Inline[]): ReactNode {
  return parts.map((part, index) =>
    part.kind === "strong" ? (
      <strong key={index}>{part.text}</strong>
    ) : part.kind === "code" ? (
      <code key={index} className="rounded bg-muted px-1 py-0.5 text-xs">
        {part.text}
      </code>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

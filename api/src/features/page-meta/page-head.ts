// The head of each web page as the server answers it (issue 36, docs/product.md#link-previews): its
// <title>, description, canonical URL, Open Graph and Twitter card tags and JSON-LD, so that a link
// shared on a chat or a social network previews the page itself, and search engines index it. A
// loop's page also carries the loop's data (GET /api/loops/:id's answer for a signed-out visitor),
// which the app starts from, and a profile its card's fields, which its loading state shows. A page that does not exist, or is not public, answers 404 with noindex.
import { LOOP_DATA_ELEMENT_ID, loopPageTitle, PROFILE_DATA_ELEMENT_ID } from "@loop/rules/page-data";
import type { PublicProfile } from "@loop/rules/schemas/profile";
import { paths } from "@loop/rules/paths";
import type { PageHead } from "@loop/rules/schemas/page-meta";
import type { PrismaClient } from "../../db/prisma";
import { escapeHtml, jsonForScript } from "./html-escape";
import { collectionPageData, licencePageData, loopPageData, profilePageData, type LoopPageData, type ProfilePageData } from "./page-data";
import { matchPage } from "./page-routes";
import { isReachable } from "../loops/loop-access";
import { publicProfileUser } from "../profile/profile.service";

export const SITE_NAME = "LOOP";
/** The head of web/index.html: every page without one of its own (keep the two in step). */
export const DEFAULT_TITLE = "LOOP — Music Loop Marketplace";
export const DEFAULT_DESCRIPTION = "LOOP — the marketplace for music loops and tracks. Buy, sell and earn LOOP tokens.";

export const PAGE_TEXTS = {
  homeTitle: "Browse Loops and Tracks — LOOP",
  homeDescription: "Browse music loops and tracks on LOOP: filter by genre, BPM and key, listen to previews, buy or download free.",
  notFoundTitle: "Page Not Found — LOOP",
  loopGoneTitle: "Loop Not Available — LOOP",
  loopGoneDescription: "This loop is no longer available.",
  userNotFoundTitle: "User Not Found — LOOP",
  collectionNotFoundTitle: "Collection Not Found — LOOP",
  licenceNotFoundTitle: "Licence Not Found — LOOP",
} as const;

/** Meta descriptions are cut at about this length (search engines show ~160 characters). */
const DESCRIPTION_MAX = 200;

/** One line, at most DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** What one page's head says. */
interface HeadSpec {
  title: string;
  description: string;
  /** The page's path for its canonical URL and og:url; none for a page that is not found. */
  canonicalPath?: string;
  noindex?: boolean;
  /** og:type and the type's own properties (music:*, profile:*), and og:image/og:audio with theirs. */
  openGraph?: readonly (readonly [string, string])[];
  twitterCard?: "summary" | "summary_large_image";
  twitter?: readonly (readonly [string, string])[];
  jsonLd?: object;
  /** Data the app starts from, as JSON in `<script id="elementId" type="application/json">`. */
  pageData?: { elementId: string; json: string };
}

const meta = (attribute: "name" | "property", key: string, content: string) =>
  `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;

function renderHead(spec: HeadSpec, appUrl: URL): string {
  const canonical = spec.canonicalPath === undefined ? null : new URL(spec.canonicalPath, appUrl).href;
  const lines = [`<title>${escapeHtml(spec.title)}</title>`, meta("name", "description", spec.description)];
  if (spec.noindex) lines.push(meta("name", "robots", "noindex"));
  if (canonical) lines.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  lines.push(meta("property", "og:site_name", SITE_NAME), meta("property", "og:title", spec.title));
  lines.push(meta("property", "og:description", spec.description));
  if (canonical) lines.push(meta("property", "og:url", canonical));
  const openGraph = spec.openGraph ?? [["og:type", "website"]];
  for (const [property, content] of openGraph) lines.push(meta("property", property, content));
  lines.push(meta("name", "twitter:card", spec.twitterCard ?? "summary"));
  lines.push(meta("name", "twitter:title", spec.title), meta("name", "twitter:description", spec.description));
  for (const [name, content] of spec.twitter ?? []) lines.push(meta("name", name, content));
  if (spec.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(JSON.stringify(spec.jsonLd))}</script>`);
  if (spec.pageData !== undefined) {
    lines.push(`<script id="${spec.pageData.elementId}" type="application/json">${jsonForScript(spec.pageData.json)}</script>`);
  }
  return lines.join("\n    ");
}

const notFound = (title: string, description = DEFAULT_DESCRIPTION): HeadSpec => ({ title, description, noindex: true });

/** 4:05 from 245.3 seconds. */
function clock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** ISO 8601 duration (schema.org): PT4M5S. */
function isoDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`;
}

/** The og:image of a loop: its waveform (GET /api/loops/:id/og-image.png), versioned by the row's last change. */
export function loopImagePath(id: string, updatedAt: Date): string {
  return `/api/loops/${encodeURIComponent(id)}/og-image.png?v=${updatedAt.getTime().toString(36)}`;
}

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** A loop anyone may see (ready and public): title, creator, facts, price, image, audio, JSON-LD, its data. */
function loopHead(data: LoopPageData, appUrl: URL): HeadSpec {
  const loop = data.card;
  const creator = loop.user.username;
  const pagePath = paths.loop(loop.id);
  const pageUrl = new URL(pagePath, appUrl).href;
  const creatorUrl = new URL(paths.userProfile(loop.user.id), appUrl).href;
  const imageUrl = new URL(loopImagePath(loop.id, data.updatedAt), appUrl).href;
  const audioUrl = loop.audioFileUrl ? new URL(loop.audioFileUrl, appUrl).href : null;
  const price = loop.isFree ? "Free download" : `$${loop.price}`;
  const facts = [
    `${loop.genre.name} ${loop.contentType} by ${creator}`,
    loop.bpm === null ? null : `${loop.bpm} BPM`,
    loop.key,
    loop.duration === null ? null : clock(loop.duration),
  ].filter((fact): fact is string => !!fact);
  const description = shortText(`${facts.join(", ")}. ${price} on LOOP.${loop.description ? ` ${loop.description}` : ""}`);
  const openGraph: [string, string][] = [
    ["og:type", "music.song"],
    ["og:image", imageUrl],
    ["og:image:type", "image/png"],
    ["og:image:width", String(OG_IMAGE_WIDTH)],
    ["og:image:height", String(OG_IMAGE_HEIGHT)],
    ["og:image:alt", `Waveform of “${loop.title}”`],
  ];
  if (audioUrl) openGraph.push(["og:audio", audioUrl], ["og:audio:type", "audio/mpeg"]);
  if (loop.duration !== null) openGraph.push(["music:duration", String(Math.round(loop.duration))]);
  openGraph.push(["music:musician", creatorUrl]);
  if (loop.releaseDate) openGraph.push(["music:release_date", loop.releaseDate]);
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "MusicRecording",
    "@id": pageUrl,
    url: pageUrl,
    name: loop.title,
    description: loop.description || description,
    genre: loop.genre.name,
    ...(loop.tags ? { keywords: loop.tags } : {}),
    ...(loop.duration === null ? {} : { duration: isoDuration(loop.duration) }),
    datePublished: loop.releaseDate ?? loop.createdAt.slice(0, 10),
    image: imageUrl,
    byArtist: { "@type": "Person", name: creator, url: creatorUrl },
    ...(loop.contentType === "track" && loop.albumName ? { inAlbum: { "@type": "MusicAlbum", name: loop.albumName } } : {}),
    ...(audioUrl ? { audio: { "@type": "AudioObject", contentUrl: audioUrl, encodingFormat: "audio/mpeg" } } : {}),
    offers: {
      "@type": "Offer",
      url: pageUrl,
      price: loop.isFree ? "0.00" : loop.price,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    },
    ...(loop.averageRating !== null && loop.totalRatings > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: loop.averageRating,
            ratingCount: loop.totalRatings,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  return {
    title: loopPageTitle(loop.title, creator),
    description,
    canonicalPath: pagePath,
    openGraph,
    twitterCard: "summary_large_image",
    twitter: [
      ["twitter:image", imageUrl],
      ["twitter:image:alt", `Waveform of “${loop.title}”`],
    ],
    jsonLd,
    // The loop's JSON as GET /api/loops/:id answers it signed out.
    pageData: { elementId: LOOP_DATA_ELEMENT_ID, json: data.cardJson },
  };
}

/** A profile's card as GET /api/users/:id/profile answers a visitor: its `user` and `totalLoops` (the listed loops). */
function profileCard(user: ProfilePageData): Pick<PublicProfile, "user" | "totalLoops"> {
  return {
    user: publicProfileUser(user),
    totalLoops: user.loopCount,
  };
}

/** The head of `pathname` (no query string) and the status its page answers with. */
export async function pageHead(prisma: PrismaClient, appUrl: URL, pathname: string): Promise<PageHead> {
  const { status, spec } = await pageSpec(prisma, appUrl, pathname);
  return { status, head: renderHead(spec, appUrl) };
}

async function pageSpec(prisma: PrismaClient, appUrl: URL, pathname: string): Promise<{ status: PageHead["status"]; spec: HeadSpec }> {
  const page = matchPage(pathname);
  switch (page.kind) {
    case "root":
      return {
        status: 200,
        spec: {
          title: DEFAULT_TITLE,
          description: DEFAULT_DESCRIPTION,
          canonicalPath: paths.root(),
          jsonLd: {
            "@context": "https://schema.org",
            "@type": "WebSite",
            name: SITE_NAME,
            url: new URL(paths.root(), appUrl).href,
            potentialAction: {
              "@type": "SearchAction",
              target: { "@type": "EntryPoint", urlTemplate: `${new URL(paths.search.pattern, appUrl).href}?q={search_term_string}` },
              "query-input": "required name=search_term_string",
            },
          },
        },
      };
    case "home":
      return { status: 200, spec: { title: PAGE_TEXTS.homeTitle, description: PAGE_TEXTS.homeDescription, canonicalPath: paths.home() } };
    case "loop": {
      const data = await loopPageData(prisma, page.id);
      if (!data || !isReachable(data)) {
        // Taken down by its creator: gone for good (410); hidden, private, failed or processing: 404.
        const status = data?.status === "removed" ? 410 : 404;
        return { status, spec: notFound(PAGE_TEXTS.loopGoneTitle, PAGE_TEXTS.loopGoneDescription) };
      }
      // Unlisted (issue 37): its link previews, but search engines are asked not to list it.
      return { status: 200, spec: { ...loopHead(data, appUrl), noindex: data.unlisted } };
    }
    case "profile": {
      const user = await profilePageData(prisma, page.id);
      if (!user) return { status: 404, spec: notFound(PAGE_TEXTS.userNotFoundTitle) };
      const pagePath = paths.userProfile(user.id);
      const pageUrl = new URL(pagePath, appUrl).href;
      const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
      const count = `${user.loopCount} ${user.loopCount === 1 ? "loop" : "loops"}`;
      const imageUrl = user.profileImageUrl ? new URL(user.profileImageUrl, appUrl).href : null;
      return {
        status: 200,
        spec: {
          title: `${user.username}${fullName ? ` (${fullName})` : ""} — ${SITE_NAME}`,
          description: shortText(`${user.username} on LOOP: ${count} and tracks to preview and buy.${user.bio ? ` ${user.bio}` : ""}`),
          canonicalPath: pagePath,
          openGraph: [["og:type", "profile"], ["profile:username", user.username], ...(imageUrl ? [["og:image", imageUrl] as const] : [])],
          pageData: { elementId: PROFILE_DATA_ELEMENT_ID, json: JSON.stringify(profileCard(user)) },
          jsonLd: {
            "@context": "https://schema.org",
            "@type": "ProfilePage",
            url: pageUrl,
            mainEntity: {
              "@type": "Person",
              "@id": pageUrl,
              name: fullName || user.username,
              alternateName: user.username,
              url: pageUrl,
              ...(user.bio ? { description: user.bio } : {}),
              ...(imageUrl ? { image: imageUrl } : {}),
            },
          },
        },
      };
    }
    case "collection": {
      const collection = await collectionPageData(prisma, page.id);
      if (!collection) return { status: 404, spec: notFound(PAGE_TEXTS.collectionNotFoundTitle) };
      const pagePath = paths.collection(collection.id);
      const pageUrl = new URL(pagePath, appUrl).href;
      const ownerUrl = new URL(paths.userProfile(collection.owner.id), appUrl).href;
      const count = `${collection.loopCount} ${collection.loopCount === 1 ? "loop" : "loops"}`;
      return {
        status: 200,
        spec: {
          title: `${collection.name} by ${collection.owner.username} — ${SITE_NAME}`,
          description: shortText(
            `A collection of ${count} by ${collection.owner.username} on LOOP.${collection.description ? ` ${collection.description}` : ""}`,
          ),
          canonicalPath: pagePath,
          openGraph: [
            ["og:type", "music.playlist"],
            ["music:creator", ownerUrl],
          ],
          jsonLd: {
            "@context": "https://schema.org",
            "@type": "MusicPlaylist",
            "@id": pageUrl,
            url: pageUrl,
            name: collection.name,
            ...(collection.description ? { description: collection.description } : {}),
            numTracks: collection.loopCount,
            dateModified: collection.updatedAt.toISOString(),
            author: { "@type": "Person", name: collection.owner.username, url: ownerUrl },
          },
        },
      };
    }
    case "licence": {
      const licence = await licencePageData(prisma, page.id);
      if (!licence) return { status: 404, spec: notFound(PAGE_TEXTS.licenceNotFoundTitle) };
      const state = licence.revokedAt ? `revoked since ${licence.revokedAt.toISOString().slice(0, 10)}` : "valid";
      return {
        status: 200,
        // Shared to prove a purchase, not to be found: previewed, never indexed.
        spec: {
          title: `Licence for “${licence.loopTitle}” — ${SITE_NAME}`,
          description: shortText(
            `A LOOP licence for “${licence.loopTitle}” by ${licence.creatorUsername} (${licence.format.toUpperCase()}), issued ${licence.issuedAt.toISOString().slice(0, 10)}: ${state}.`,
          ),
          canonicalPath: paths.licence(licence.id),
          noindex: true,
        },
      };
    }
    case "app":
      return page.private
        ? { status: 200, spec: { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, noindex: true } }
        : { status: 200, spec: { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonicalPath: pathname } };
    case "unknown":
      return { status: 404, spec: notFound(PAGE_TEXTS.notFoundTitle) };
  }
}

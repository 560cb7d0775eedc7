import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type CreatorLoop } from "@loop/rules/schemas/loops";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ToasterHost } from "@/components/toaster-host";
import { createQueryClient } from "@/lib/query-client";
import { makeCreatorLoop } from "@/testing/make-creator-loop";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { renderApp } from "@/testing/test-utils";
import { UploadDialog } from "./upload-dialog";

const GENRES = [
  { id: 1, name: "Hip Hop" },
  { id: 2, name: "House" },
];

/** A stand-in for XMLHttpRequest that the test drives: progress, then an answer. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  body: FormData | null = null;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = "") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function wav(name = "dusty_drums.wav", size = 2048, type = "audio/wav"): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function setup(statusAnswers: CreatorLoop[] = []) {
  FakeXhr.instances = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  let statusCalls = 0;
  const api = stubApi({
    "/api/genres": () => json(GENRES),
    [`/api/loops/${makeCreatorLoop().id}/status`]: () => json(statusAnswers[Math.min(statusCalls++, statusAnswers.length - 1)]),
  });
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  const onOpenChange = vi.fn();
  // The file input accepts audio only; the dialog must also refuse what a drop or a browser lets through.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <QueryClientProvider client={queryClient}>
      <UploadDialog open onOpenChange={onOpenChange} pollMs={5} />
      <ToasterHost />
    </QueryClientProvider>,
  );
  return { user, api, invalidate, onOpenChange, statusCalls: () => statusCalls };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, file = wav()) {
  await user.upload(screen.getByLabelText("Audio file"), file);
  await screen.findByRole("option", { name: "Hip Hop" });
  await user.selectOptions(screen.getByLabelText("Genre"), "1");
  const price = screen.getByLabelText("Price (USD)");
  await user.clear(price);
  await user.type(price, "4.99");
  const bpm = screen.getByLabelText("BPM");
  await user.clear(bpm);
  await user.type(bpm, "92");
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "Upload Loop" }));

function expectAlert(message: string) {
  const [title, text] = message.split(": ");
  const alert = screen.getByRole("alert");
  expect(alert).toHaveTextContent(title!);
  expect(alert).toHaveTextContent(text!);
}

describe("Upload dialog: validation (docs/product.md#upload-errors, same messages as the server)", () => {
  it("has the spec's defaults: price 0.00, BPM 120, loop, not free", async () => {
    setup();
    expect(screen.getByLabelText("Price (USD)")).toHaveValue("0.00");
    expect(screen.getByLabelText("BPM")).toHaveValue(120);
    expect(screen.getByRole("radio", { name: "Loop" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Free download" })).not.toBeChecked();
    expect(screen.queryByLabelText("Artist name")).not.toBeInTheDocument();
  });

  it("refuses a submit without a file: 'No File Selected'", async () => {
    const { user } = setup();
    await submit(user);
    expectAlert(UPLOAD_MESSAGES.noFile);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("refuses a file over 50MB before sending it: 'File Too Large'", async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText("Audio file"), wav("big.wav", MAX_UPLOAD_BYTES + 1));
    expectAlert(UPLOAD_MESSAGES.tooLarge);
    expect(screen.getByText(/Please select a file smaller than 50MB\./)).toBeInTheDocument();
    await submit(user);
    expectAlert(UPLOAD_MESSAGES.noFile);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("accepts a file of exactly 50MB", async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText("Audio file"), wav("edge.wav", MAX_UPLOAD_BYTES));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("edge.wav")).toBeInTheDocument();
  });

  it("refuses a file that is neither an audio MIME type nor an audio extension: 'Invalid File Type'", async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText("Audio file"), wav("notes.txt", 100, "text/plain"));
    expectAlert(UPLOAD_MESSAGES.invalidType);
  });

  it("accepts an audio file by extension when the browser gives no MIME type", async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText("Audio file"), wav("take.flac", 100, ""));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("refuses a blank title: 'Title Required'", async () => {
    const { user } = setup();
    await fillValidForm(user);
    // The title was filled in from the file name; clearing it to spaces is refused.
    expect(screen.getByLabelText("Title")).toHaveValue("dusty drums");
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "   ");
    await submit(user);
    expectAlert(UPLOAD_MESSAGES.title);
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("refuses a missing genre: 'Genre Required'", async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText("Audio file"), wav());
    await submit(user);
    expectAlert(UPLOAD_MESSAGES.genre);
  });

  it.each([
    ["a price with more than 2 decimals: 'Invalid Price'", "Price (USD)", "1.999", UPLOAD_MESSAGES.price],
    ["a BPM outside 20–300: 'Invalid BPM'", "BPM", "301", UPLOAD_MESSAGES.bpm],
  ])("refuses %s", async (_case, label, text, message) => {
    const { user } = setup();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), text);
    await submit(user);
    expectAlert(message);
  });

  it("shows the track-only fields for tracks and sends them only for tracks", async () => {
    const { user } = setup();
    await fillValidForm(user);
    await user.click(screen.getByRole("radio", { name: "Track" }));
    await user.type(screen.getByLabelText("Artist name"), "Mia Park");
    await user.type(screen.getByLabelText("Album name"), "Night Moves");
    await user.type(screen.getByLabelText("Lyrics"), "la la la");
    await user.click(screen.getByRole("button", { name: "Upload Track" }));
    const sent = FakeXhr.instances[0]!.body!;
    expect(sent.get("contentType")).toBe("track");
    expect(sent.get("artistName")).toBe("Mia Park");
    expect(sent.get("albumName")).toBe("Night Moves");
    expect(sent.get("lyrics")).toBe("la la la");
  });

  it("drops the track-only fields when switched back to a loop", async () => {
    const { user } = setup();
    await fillValidForm(user);
    await user.click(screen.getByRole("radio", { name: "Track" }));
    await user.type(screen.getByLabelText("Artist name"), "Mia Park");
    await user.click(screen.getByRole("radio", { name: "Loop" }));
    expect(screen.queryByLabelText("Artist name")).not.toBeInTheDocument();
    await submit(user);
    const sent = FakeXhr.instances[0]!.body!;
    expect(sent.get("contentType")).toBe("loop");
    expect(sent.has("artistName")).toBe(false);
  });

  it("shows the server's message when the server refuses the upload, with an 'Upload Failed' toast", async () => {
    const { user } = setup();
    await fillValidForm(user);
    await submit(user);
    FakeXhr.instances[0]!.respond(400, { message: UPLOAD_MESSAGES.invalidType }, "Bad Request");
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getAllByText(/Please select an MP3, WAV, FLAC, M4A, AAC or OGG audio file\./).length).toBeGreaterThan(0);
    // Back on the form, values kept.
    expect(screen.getByLabelText("Title")).toHaveValue("dusty drums");
  });

  it("falls back to the spec's text when the server gives no message", async () => {
    const { user } = setup();
    await fillValidForm(user);
    await submit(user);
    FakeXhr.instances[0]!.onerror?.();
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getAllByText(/Failed to upload music\. Please try again\./).length).toBeGreaterThan(0);
  });
});

describe("Upload dialog: progress and processing", () => {
  it("sends the fields and the file with XHR, shows the progress in percent, then processing → ready", async () => {
    const ready = makeCreatorLoop({ status: "ready", duration: 8 });
    const { user, invalidate, onOpenChange, statusCalls } = setup([makeCreatorLoop(), ready]);
    await fillValidForm(user);
    await user.type(screen.getByLabelText("Tags"), "drums, vinyl");
    await submit(user);

    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/loops/upload");
    const sent = xhr.body!;
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== "audio"))).toEqual({
      title: "dusty drums",
      description: "",
      genreId: "1",
      price: "4.99",
      isFree: "false",
      bpm: "92",
      tags: "drums, vinyl",
      contentType: "loop",
    });
    expect((sent.get("audio") as File).name).toBe("dusty_drums.wav");

    xhr.progress(512, 2048);
    const bar = await screen.findByRole("progressbar", { name: "Upload progress" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "25"));
    expect(screen.getByText("25%")).toBeInTheDocument();
    xhr.progress(2048, 2048);
    expect(await screen.findByText("100%")).toBeInTheDocument();

    xhr.respond(201, makeCreatorLoop());
    expect(await screen.findByText('Processing "Dusty Drums"')).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Processing" })).toBeInTheDocument();

    expect(await screen.findByText("Upload Successful")).toBeInTheDocument();
    expect(statusCalls()).toBeGreaterThanOrEqual(2);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["loops"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["/api/users"] });
    // Reset for the next upload.
    expect(screen.getByLabelText("Title")).toHaveValue("");
  });

  it("processing → failed shows the reason, and 'Try another file' keeps the details", async () => {
    const failed = makeCreatorLoop({ status: "failed", failureReason: "The file holds no audio samples." });
    const { user, onOpenChange } = setup([failed]);
    await fillValidForm(user);
    await submit(user);
    FakeXhr.instances[0]!.respond(201, makeCreatorLoop());

    expect(await screen.findByText("Processing Failed")).toBeInTheDocument();
    expect(screen.getByText("The file holds no audio samples.")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Try another file" }));
    expect(screen.getByLabelText("Title")).toHaveValue("dusty drums");
    expect(screen.getByLabelText("Genre")).toHaveValue("1");
    expect(screen.getByText(/Drop an audio file here/)).toBeInTheDocument();
  });

  it("Cancel upload aborts the request and returns to the form", async () => {
    const { user } = setup();
    await fillValidForm(user);
    await submit(user);
    await user.click(await screen.findByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.instances[0]!.aborted).toBe(true);
    expect(await screen.findByRole("button", { name: "Upload Loop" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a free upload sends isFree=true and price 0.00", async () => {
    const { user } = setup();
    await fillValidForm(user);
    await user.click(screen.getByRole("checkbox", { name: "Free download" }));
    expect(screen.getByLabelText("Price (USD)")).toBeDisabled();
    await submit(user);
    const sent = FakeXhr.instances[0]!.body!;
    expect(sent.get("isFree")).toBe("true");
    expect(sent.get("price")).toBe("0.00");
  });
});

describe("Upload button in the top bar", () => {
  it("signed out, Upload opens the Join dialog", async () => {
    stubApi(SIGNED_OUT);
    const { user } = renderApp("/");
    const banner = await screen.findByRole("banner");
    await user.click(within(banner).getByRole("button", { name: "Upload" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });
});

import type { CreatorLoop } from "@loop/rules/schemas/loops";
import { ApiError } from "@/lib/api-client";

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
}

export interface UploadLoopInput {
  file: File;
  fields: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The upload was cancelled by the user (the request was aborted). */
export class UploadAbortedError extends Error {
  override readonly name = "UploadAbortedError";
  constructor() {
    super("Upload cancelled");
  }
}

/**
 * POST /api/loops/upload (multipart: the text fields, then `audio`). XMLHttpRequest rather than
 * fetch because only it reports upload progress. Answers 201 with the loop (status processing);
 * a non-ok answer rejects with an ApiError carrying the server's `{message}` body.
 */
export function uploadLoop({ file, fields, onProgress, signal }: UploadLoopInput): Promise<CreatorLoop> {
  const form = new FormData();
  // Text fields first: the server validates them as soon as the file part has been streamed.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("audio", file, file.name);

  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/loops/upload");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      const percent = total > 0 ? Math.min(100, Math.floor((event.loaded * 100) / total)) : 0;
      onProgress({ loaded: event.loaded, total, percent });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as CreatorLoop);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error("Network error: the upload could not reach the server."));
    xhr.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_MEDIA_TYPES } from "@prizepacks/core/contract";
import { ErrorAlert } from "../ui/error-alert";
import { useRequestKey } from "./request-key";

type ItemPicture = { key: string; name: string; image: string; hasPhoto: boolean };

/** Sends the photo to the upload route (tRPC takes no files); its JSON `message` becomes the error shown. */
async function sendPhoto(url: string, requestKey: string, file: File | null): Promise<unknown> {
  const response = await fetch(url, {
    method: file ? "POST" : "DELETE",
    headers: { "request-key": requestKey, ...(file ? { "content-type": file.type || "application/octet-stream" } : {}) },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(body?.message ?? `The upload failed (${response.status}).`);
  return body;
}

/** Each item's photo: what players see now, and a PNG, JPEG or WebP to replace it (or the drawn art back). */
export function ItemPhotos({ slug, items }: { slug: string; items: ItemPicture[] }) {
  return (
    <section className="stack" aria-labelledby="item-photos-heading">
      <h2 id="item-photos-heading">Item photos</h2>
      <p className="muted small-text">
        PNG, JPEG or WebP up to {ITEM_PHOTO_MAX_BYTES / 1024 / 1024} MB, shown as a square on every page; without one the item keeps its
        drawn art. New items get a photo once the pack is published.
      </p>
      <ul className="item-photos">
        {items.map((item) => (
          <ItemPhotoRow key={item.key} slug={slug} item={item} />
        ))}
      </ul>
    </section>
  );
}

function ItemPhotoRow({ slug, item }: { slug: string; item: ItemPicture }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [done, setDone] = useState<string | null>(null);
  const url = `/api/admin/packs/${encodeURIComponent(slug)}/items/${encodeURIComponent(item.key)}/photo`;
  const change = useMutation({
    mutationFn: (file: File | null) => sendPhoto(url, requestKey, file),
    onMutate: () => setDone(null),
    onSuccess: (_result, file) => {
      renewKey();
      setDone(file ? "Photo saved." : "Photo removed.");
      router.refresh();
    },
  });
  const inputId = `photo-${item.key}`;
  return (
    <li className="item-photo-row" data-testid={`item-photo-${item.key}`}>
      <img src={item.image} alt={item.hasPhoto ? `Photo of ${item.name}` : `Drawn art of ${item.name}`} width={64} height={64} />
      <div className="stack">
        <label htmlFor={inputId}>{item.name}</label>
        <input
          id={inputId}
          type="file"
          accept={ITEM_PHOTO_MEDIA_TYPES.join(",")}
          disabled={change.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) change.mutate(file);
          }}
        />
        {item.hasPhoto && (
          <button type="button" className="button ghost small" disabled={change.isPending} onClick={() => change.mutate(null)}>
            Remove photo of {item.name}
          </button>
        )}
        {done && (
          <p className="alert success small-text" role="status">
            {done}
          </p>
        )}
        <ErrorAlert error={change.error} inline testId={`item-photo-error-${item.key}`} />
      </div>
    </li>
  );
}

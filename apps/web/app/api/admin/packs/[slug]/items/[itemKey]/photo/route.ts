import { errorAsResponse } from "@prizepacks/api/http-error";
import { AppError, removeItemPhoto, setItemPhoto } from "@prizepacks/core";
import { ITEM_PHOTO_MAX_BYTES, ITEM_PHOTO_MEDIA_TYPES } from "@prizepacks/core/contract";
import { services } from "../../../../../../../../lib/database";
import { adminActorOrThrow } from "../../../../../../../../lib/admin-request";

export const dynamic = "force-dynamic";

// POST /api/admin/packs/<slug>/items/<key>/photo: the picture itself as the body (image/png,
// image/jpeg or image/webp), the console form's key in Request-Key. DELETE: back to the drawn
// art. Outside tRPC because tRPC takes no binary bodies; refused in adminProcedure's order
// (cross-site 403, 401, 429, 403 for the account or its role), then the body's 413/415/400.

type Params = { params: Promise<{ slug: string; itemKey: string }> };

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The photo is larger than ${ITEM_PHOTO_MAX_BYTES / 1024 / 1024} MB.`);

/** The body, counted as it arrives: past the limit the rest is never read. */
async function readPhotoBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > ITEM_PHOTO_MAX_BYTES) throw tooLarge();
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!ITEM_PHOTO_MEDIA_TYPES.includes(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send a PNG, JPEG or WebP image as the body, with its Content-Type.");
  }
  if (!request.body) throw new AppError("BAD_REQUEST", "The body is empty: send the photo itself.");
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > ITEM_PHOTO_MAX_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (length === 0) throw new AppError("BAD_REQUEST", "The body is empty: send the photo itself.");
  return Buffer.concat(chunks, length);
}

export async function POST(request: Request, { params }: Params): Promise<Response> {
  try {
    const actor = await adminActorOrThrow(request);
    const { slug, itemKey } = await params;
    const upload = await readPhotoBody(request);
    const requestKey = request.headers.get("request-key") ?? undefined;
    return Response.json(await setItemPhoto(await services(), actor, { slug, itemKey, requestKey }, upload));
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}

export async function DELETE(request: Request, { params }: Params): Promise<Response> {
  try {
    const actor = await adminActorOrThrow(request);
    const { slug, itemKey } = await params;
    const requestKey = request.headers.get("request-key") ?? undefined;
    return Response.json(await removeItemPhoto(await services(), actor, { slug, itemKey, requestKey }));
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}

import { errorAsResponse } from "@prizepacks/api/http-error";
import { AppError, ITEM_PHOTO_FILE } from "@prizepacks/core";
import { services } from "../../../../lib/database";

// GET /media/items/<hash>-<size>.webp: an item photo's file from the photo store (the data folder
// or S3), served by the app so that both stores look alike to browsers. The name is the
// content's hash, so the answer is cached for good.

const notFound = () => errorAsResponse(new AppError("NOT_FOUND", "No such photo."), { rest: false });

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  try {
    const { file } = await params;
    if (!ITEM_PHOTO_FILE.test(file)) return notFound();
    const webp = await (await services()).photos.get(file);
    if (!webp) return notFound();
    return new Response(new Uint8Array(webp), {
      headers: {
        "content-type": "image/webp",
        "content-length": String(webp.byteLength),
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}

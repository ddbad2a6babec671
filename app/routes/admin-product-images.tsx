import { data, redirect } from "react-router";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { ProductImagesPage } from "~/components/admin/images/product-images-page";
import { deleteProductImage, listProductImages, moveProductImage, productForImages, setProductImageAlt } from "~/modules/catalog/product-images.server";
import { IMAGE_NOTICES, IMAGE_TEXT, parseImageIntent, type AltRefusal, type UploadAnswer } from "~/modules/catalog/product-images";
import { parseDbId } from "~/utils/db-id";
import { requireAdmin } from "~/web/auth.server";
import { mediaStoreFor, receiveProductImages } from "~/web/media.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/admin-product-images";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Images of ${args.loaderData.product.name}` : "Product images",
    description: "Upload, order and describe a product's images.",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const notFound = () => data(IMAGE_TEXT.productNotFound, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Session, then role, on every request.
  await requireAdmin(request, context);
  const productId = parseDbId(params.id);
  const product = productId === null ? null : await productForImages(context.db, productId);
  if (!product) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  const notice = done && Object.hasOwn(IMAGE_NOTICES, done) ? IMAGE_NOTICES[done as keyof typeof IMAGE_NOTICES] : null;
  return { product, images: await listProductImages(context.db, product.id), notice };
}

/**
 * A multipart post uploads the `images` files (the page without JavaScript; with it, the upload
 * endpoint takes one file per request). Form posts move an image, set its alt text or delete it,
 * each ending in a redirect back here.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  // Checked again here: a form post is a request of its own.
  const admin = await requireAdmin(request, context);
  const productId = parseDbId(params.id);
  if (productId === null) throw notFound();
  if (/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    const received = await receiveProductImages(request, context, admin.id, productId);
    if (!received) throw notFound();
    return data<{ upload: UploadAnswer }>({ upload: received.answer }, { status: received.status });
  }
  const form = await request.formData().catch(() => null);
  const intent = form ? parseImageIntent((name) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null)) : null;
  if (!intent) return data({ upload: { ok: false, message: IMAGE_TEXT.resend, refusals: [], addedCount: 0 } satisfies UploadAnswer }, { status: 400 });
  const result =
    intent.intent === "move"
      ? await moveProductImage(context.db, admin.id, productId, intent.imageId, intent.direction)
      : intent.intent === "alt"
        ? await setProductImageAlt(context.db, admin.id, productId, intent.imageId, intent.alt)
        : await deleteProductImage(context.db, mediaStoreFor(context), admin.id, productId, intent.imageId);
  if (result.status === "not_found") throw data(IMAGE_TEXT.imageNotFound, { status: 404 });
  if (result.status === "refused" && intent.intent === "alt") {
    return data<{ alt: AltRefusal }>({ alt: { imageId: intent.imageId, alt: intent.alt, message: result.message } }, { status: 400 });
  }
  const done = intent.intent === "move" ? "moved" : intent.intent === "alt" ? "alt" : "deleted";
  return redirect(`/admin/products/${productId}/images?done=${done}#images`);
}

export default function AdminProductImages({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as { upload?: UploadAnswer; alt?: AltRefusal } | undefined;
  return <ProductImagesPage {...loaderData} upload={answer?.upload ?? null} altRefusal={answer?.alt ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} fallback="Sorry, the product's images could not be loaded. Please try again in a moment." />;
}

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { ProductPicture } from "~/components/catalogue/product-picture";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { PRODUCT_IMAGE_LIMITS, type AltRefusal, type ProductImageView, type UploadAnswer } from "~/modules/catalog/product-images";
import { ImageUploader } from "./image-uploader";

const smallButton =
  "inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * /admin/products/:id/images: upload (see ImageUploader), then the product's images in their
 * order, each with move up/down, its alt text and delete: small forms that work without
 * JavaScript. The first image is the one the shop's tiles and product page show first.
 */
export function ProductImagesPage({
  product,
  images,
  notice,
  upload,
  altRefusal,
}: {
  product: { id: number; name: string; slug: string; isVisible: boolean };
  images: ProductImageView[];
  notice: string | null;
  upload: UploadAnswer | null;
  altRefusal: AltRefusal | null;
}) {
  const problemRef = useRef<HTMLDivElement>(null);
  const problem = upload && (!upload.ok || upload.refusals.length > 0);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem, upload]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">Product images</p>
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{product.name}</h1>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={`/admin/products/${product.id}`} className="font-medium text-amber-800 underline underline-offset-2">
            Edit product
          </Link>
          {product.isVisible && (
            <Link to={`/products/${product.slug}`} className="font-medium text-amber-800 underline underline-offset-2">
              View in shop
            </Link>
          )}
        </div>
      </div>

      {notice && <FormNotice>{notice}</FormNotice>}
      {upload?.ok && upload.refusals.length === 0 && <FormNotice>{upload.message}</FormNotice>}
      {problem && (
        <div ref={problemRef} tabIndex={-1} className="focus:outline-none" data-testid="upload-problem">
          <FormError>
            {upload.ok && <p>{upload.message}</p>}
            {!upload.ok && upload.message && <p>{upload.message}</p>}
            {upload.refusals.length > 0 && (
              <ul className="list-disc space-y-1 pl-5">
                {upload.refusals.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </FormError>
        </div>
      )}

      <ImageUploader productId={product.id} imageCount={images.length} />

      <section id="images" aria-labelledby="images-heading" className="space-y-3">
        <h2 id="images-heading" className="text-lg font-semibold text-slate-900">
          Images ({images.length} of {PRODUCT_IMAGE_LIMITS.maxPerProduct})
        </h2>
        {images.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
            No images yet: the shop shows the product&rsquo;s generated artwork until you add one.
          </p>
        ) : (
          <ol className="space-y-3">
            {images.map((image, index) => (
              <ImageRow
                key={image.id}
                image={image}
                position={index + 1}
                count={images.length}
                productName={product.name}
                refusal={altRefusal?.imageId === image.id ? altRefusal : null}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function ImageRow({
  image,
  position,
  count,
  productName,
  refusal,
}: {
  image: ProductImageView;
  position: number;
  count: number;
  productName: string;
  refusal: AltRefusal | null;
}) {
  const altId = `alt-${image.id}`;
  const label = `image ${position}`;
  return (
    <li data-testid="admin-image" className="grid gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[8rem_minmax(0,1fr)] sm:p-4">
      <div className="aspect-square w-32 overflow-hidden rounded-lg bg-slate-100">
        <ProductPicture image={image} sizes="128px" alt={image.alt || productName} className="h-full w-full object-cover" />
      </div>
      <div className="min-w-0 space-y-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">
            {position} of {count}
          </span>
          {position === 1 && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-slate-900">Shown first</span>}
          <span data-testid="image-size">
            {image.width} × {image.height} px
          </span>
        </p>
        <Form method="post" preventScrollReset className="space-y-1">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="imageId" value={image.id} />
          <label htmlFor={altId} className="block text-sm font-medium text-slate-700">
            Alt text <span className="font-normal text-slate-500">(what the image shows; empty uses the product name)</span>
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              key={refusal ? `refused-${refusal.alt}` : image.alt}
              id={altId}
              name="alt"
              type="text"
              defaultValue={refusal ? refusal.alt : image.alt}
              maxLength={PRODUCT_IMAGE_LIMITS.maxAltLength}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${altId}-error` : undefined}
              autoFocus={refusal !== null}
              className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
            />
            <button type="submit" className={smallButton}>
              Save alt text
            </button>
          </div>
          {refusal && (
            <p id={`${altId}-error`} className="text-sm font-medium text-red-700">
              {refusal.message}
            </p>
          )}
        </Form>
        <div className="flex flex-wrap gap-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="imageId" value={image.id} />
            <button type="submit" name="intent" value="move-up" disabled={position === 1} className={smallButton} aria-label={`Move ${label} up`}>
              <ArrowUp aria-hidden className="h-4 w-4" /> Up
            </button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="imageId" value={image.id} />
            <button type="submit" name="intent" value="move-down" disabled={position === count} className={smallButton} aria-label={`Move ${label} down`}>
              <ArrowDown aria-hidden className="h-4 w-4" /> Down
            </button>
          </Form>
          <Form
            method="post"
            preventScrollReset
            onSubmit={(event) => {
              if (!window.confirm(`Delete ${label}? Its files are removed for good.`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="imageId" value={image.id} />
            <button type="submit" name="intent" value="delete" className={`${smallButton} text-red-800`} aria-label={`Delete ${label}`}>
              <Trash2 aria-hidden className="h-4 w-4" /> Delete
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

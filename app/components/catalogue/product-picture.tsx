import { PackageIcon } from "~/components/ui/icons";
import { OUTPUT_CONTENT_TYPES, OUTPUT_FORMATS, TILE_SIZES, fallbackUrl, srcSet, type ResponsiveImage } from "~/modules/media/responsive";

/**
 * An uploaded product image as a <picture>: an AVIF and a WebP source, each with every stored
 * width in `srcset`, and `sizes` saying how wide the layout shows it, so the browser fetches the
 * smallest file that is sharp on its screen. The <img> (WebP, for browsers without <picture>
 * support and for the alt text and dimensions) carries the layout's classes.
 */
export function ProductPicture({
  image,
  sizes,
  alt,
  eager = false,
  highPriority = false,
  className,
}: {
  image: Pick<ResponsiveImage, "storageKey" | "widths" | "width" | "height">;
  sizes: string;
  alt: string;
  eager?: boolean;
  highPriority?: boolean;
  className?: string;
}) {
  return (
    <picture>
      {OUTPUT_FORMATS.map((format) => (
        <source key={format} type={OUTPUT_CONTENT_TYPES[format]} srcSet={srcSet(image, format)} sizes={sizes} />
      ))}
      <img
        src={fallbackUrl(image)}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager || highPriority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={highPriority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}

/**
 * A tile's picture when the product has neither an uploaded image nor generated art (a product
 * the owner created in the back office before uploading one): a quiet box icon, so the grid keeps
 * its rhythm. Decorative: the tile's link names the product.
 */
export function NoPicture() {
  return (
    <div className="grid h-full w-full place-items-center text-slate-400" data-testid="no-picture">
      <PackageIcon className="h-1/3 w-1/3" strokeWidth={1.25} />
    </div>
  );
}

const TILE_IMAGE_CLASS = "h-full w-full object-cover transition group-hover:scale-[1.02]";

/**
 * A tile's square picture (product cards, set and search listings): the uploaded image at the
 * tile's width, else the generated art, else the quiet placeholder. Decorative: the tile's link
 * names the product.
 */
export function TilePicture({ image, imageUrl, eager = false }: { image?: Parameters<typeof ProductPicture>[0]["image"] | null; imageUrl: string | null; eager?: boolean }) {
  if (image) return <ProductPicture image={image} sizes={TILE_SIZES} alt="" eager={eager} className={TILE_IMAGE_CLASS} />;
  if (imageUrl) return <img src={imageUrl} alt="" width={600} height={600} loading={eager ? "eager" : "lazy"} decoding="async" className={TILE_IMAGE_CLASS} />;
  return <NoPicture />;
}

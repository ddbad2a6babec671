import { OUTPUT_CONTENT_TYPES, OUTPUT_FORMATS, fallbackUrl, srcSet, type ResponsiveImage } from "~/modules/media/responsive";

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

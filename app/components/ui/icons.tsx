/**
 * The icons of the header and the landing pages (home, category, product): Lucide's drawings
 * (https://lucide.dev, ISC licence) drawn inline. lucide-react's components carry a runtime that,
 * with icons in the header, was about 1 kB gzip on every page, and each icon was a chunk of its
 * own; here each is one string of SVG markup (docs/decisions/0051-first-load-budget.md). Other
 * pages still use lucide-react: their JavaScript loads when they are visited. Every icon here is
 * decorative: hidden from assistive technology, its meaning is in the text beside it.
 */
type IconProps = { className?: string; strokeWidth?: number };

/** Lucide's frame: 24×24, stroked in the text colour; `markup` is a constant from this file. */
function Svg({ className, strokeWidth = 2, markup }: IconProps & { markup: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/** Lucide 'search'. */
export const SearchIcon = (props: IconProps) => <Svg {...props} markup='<path d="m21 21-4.34-4.34"/><circle cx="11" cy="11" r="8"/>' />;

/** Lucide 'shopping-cart'. */
export const ShoppingCartIcon = (props: IconProps) => <Svg {...props} markup='<path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18"/><path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25"/><circle cx="18" cy="20" r="2"/><circle cx="8" cy="20" r="2"/>' />;

/** Lucide 'user'. */
export const UserIcon = (props: IconProps) => <Svg {...props} markup='<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"/><circle cx="12" cy="7" r="4"/>' />;

/** Lucide 'hand-coins'. */
export const HandCoinsIcon = (props: IconProps) => <Svg {...props} markup='<path d="M11 15h2a2 2 0 1 0 0-4h-3c-.6 0-1.1.2-1.4.6L3 17"/><path d="m7 21 1.6-1.4c.3-.4.8-.6 1.4-.6h4c1.1 0 2.1-.4 2.8-1.2l4.6-4.4a2 2 0 0 0-2.75-2.91l-4.2 3.9"/><path d="m2 16 6 6"/><circle cx="16" cy="9" r="2.9"/><circle cx="6" cy="5" r="3"/>' />;

/** Lucide 'crown'. */
export const CrownIcon = (props: IconProps) => <Svg {...props} markup='<path d="M11.562 3.266a.5.5 0 0 1 .876 0L15.39 8.87a1 1 0 0 0 1.516.294L21.183 5.5a.5.5 0 0 1 .798.519l-2.834 10.246a1 1 0 0 1-.956.734H5.81a1 1 0 0 1-.957-.734L2.02 6.02a.5.5 0 0 1 .798-.519l4.276 3.664a1 1 0 0 0 1.516-.294z"/><path d="M5 21h14"/>' />;

/** Lucide 'message-circle'. */
export const MessageCircleIcon = (props: IconProps) => <Svg {...props} markup='<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"/>' />;

/** Lucide 'triangle-exclamation-point'. */
export const TriangleAlertIcon = (props: IconProps) => <Svg {...props} markup='<path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3"/><path d="M12 9v4"/><path d="M12 17h.01"/>' />;

/** Lucide 'chevron-right'. */
export const ChevronRightIcon = (props: IconProps) => <Svg {...props} markup='<path d="m9 18 6-6-6-6"/>' />;

/** Lucide 'chevron-left'. */
export const ChevronLeftIcon = (props: IconProps) => <Svg {...props} markup='<path d="m15 18-6-6 6-6"/>' />;

/** Lucide 'lock'. */
export const LockIcon = (props: IconProps) => <Svg {...props} markup='<rect width="18" height="11" x="3" y="11" rx="2" ry="2"/><path d="M7 11V7a5 5 0 0 1 10 0v4"/>' />;

/** Lucide 'truck'. */
export const TruckIcon = (props: IconProps) => <Svg {...props} markup='<path d="M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2"/><path d="M15 18H9"/><path d="M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14"/><circle cx="17" cy="18" r="2"/><circle cx="7" cy="18" r="2"/>' />;

/** Lucide 'package'. */
export const PackageIcon = (props: IconProps) => <Svg {...props} markup='<path d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z"/><path d="M12 22V12"/><polyline points="3.29 7 12 12 20.71 7"/><path d="m7.5 4.27 9 5.15"/>' />;

/** Lucide 'check'. */
export const CheckIcon = (props: IconProps) => <Svg {...props} markup='<path d="M20 6 9 17l-5-5"/>' />;

import { avatarHue, initials } from "~/lib/format";
import { imageSrcSet } from "~/lib/upload-urls";
import { useT } from "./i18n";

type AvatarProps = {
  name: string;
  photo: string | null;
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  /** The page's largest image (LCP): load first (implies eager). */
  priority?: boolean;
  /** The displayed width, for choosing among the srcset copies. */
  sizes: string;
  /** Intrinsic size hint (the CSS sets the shown size; these keep the box's aspect ratio before it loads). */
  width?: number;
  height?: number;
};

/** The seller's photo, or a generated initials avatar when there is none. */
export function SellerAvatar({
  name,
  photo,
  className,
  eager = false,
  priority = false,
  sizes,
  width = 320,
  height = 200,
}: AvatarProps) {
  const t = useT();
  if (photo) {
    const srcSet = imageSrcSet(photo);
    return (
      <img
        src={photo}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={t("common.seller.avatar.photo", { name })}
        className={className}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        width={width}
        height={height}
      />
    );
  }
  const hue = avatarHue(name);
  return (
    <div
      className={`avatar-initials ${className ?? ""}`}
      style={{ background: `hsl(${hue} 70% 88%)`, color: `hsl(${hue} 60% 24%)` }}
      role="img"
      aria-label={t("common.seller.avatar.initials", { name })}
      translate="no"
    >
      {initials(name)}
    </div>
  );
}

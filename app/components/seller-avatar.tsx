import { avatarHue, initials } from "~/lib/format";

/** The seller's photo, or a generated initials avatar when there is none. */
export function SellerAvatar({ name, photo, className, eager = false }: { name: string; photo: string | null; className?: string; eager?: boolean }) {
  if (photo) {
    return <img src={photo} alt={`${name} profile photo`} className={className} loading={eager ? "eager" : "lazy"} decoding="async" width={320} height={200} />;
  }
  const hue = avatarHue(name);
  return (
    <div
      className={`avatar-initials ${className ?? ""}`}
      style={{ background: `hsl(${hue} 70% 88%)`, color: `hsl(${hue} 60% 24%)` }}
      role="img"
      aria-label={`${name} initials`}
    >
      {initials(name)}
    </div>
  );
}

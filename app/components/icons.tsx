import type { SVGProps } from "react";
import spriteUrl from "~/assets/icons.svg?no-inline";

// The icons are symbols of one static SVG file (app/assets/icons.svg, a hashed asset cached for good), each
// drawn with a <use> of it: the shapes are not in every page's JavaScript nor repeated in its HTML
// (docs/performance.md, the JavaScript of a first visit). Decorative unless given a title.
type IconProps = SVGProps<SVGSVGElement> & { title?: string };

// The stroke style is the `.icon` class's (styles/base.css); the <use> shadow tree inherits fill and stroke from
// the <svg>, so the symbols draw as inline shapes do.
function Icon({ name, title, className, solid = false, ...props }: IconProps & { name: string; solid?: boolean }) {
  const classes = `${solid ? "icon icon-solid" : "icon"}${className ? ` ${className}` : ""}`;
  return (
    <svg
      width="1.1em"
      height="1.1em"
      viewBox="0 0 24 24"
      className={classes}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => <Icon name="search" {...p} />;
export const MenuIcon = (p: IconProps) => <Icon name="menu" {...p} />;
export const SunIcon = (p: IconProps) => <Icon name="sun" {...p} />;
export const MoonIcon = (p: IconProps) => <Icon name="moon" {...p} />;
export const MapPinIcon = (p: IconProps) => <Icon name="map-pin" {...p} />;
export const EyeIcon = (p: IconProps) => <Icon name="eye" {...p} />;
export const StarIcon = (p: IconProps) => <Icon name="star" solid {...p} />;
export const GridIcon = (p: IconProps) => <Icon name="grid" {...p} />;
export const ListIcon = (p: IconProps) => <Icon name="list" {...p} />;
export const PhoneIcon = (p: IconProps) => <Icon name="phone" {...p} />;
export const MailIcon = (p: IconProps) => <Icon name="mail" {...p} />;
export const GlobeIcon = (p: IconProps) => <Icon name="globe" {...p} />;
export const ArrowLeftIcon = (p: IconProps) => <Icon name="arrow-left" {...p} />;
export const CheckIcon = (p: IconProps) => <Icon name="check" {...p} />;
export const XIcon = (p: IconProps) => <Icon name="x" {...p} />;
export const HeartIcon = (p: IconProps) => <Icon name="heart" {...p} />;
export const ScaleIcon = (p: IconProps) => <Icon name="scale" {...p} />;
export const ShareIcon = (p: IconProps) => <Icon name="share" {...p} />;
export const MessageIcon = (p: IconProps) => <Icon name="message" {...p} />;
export const FacebookIcon = (p: IconProps) => <Icon name="facebook" {...p} />;
export const InstagramIcon = (p: IconProps) => <Icon name="instagram" {...p} />;
export const YoutubeIcon = (p: IconProps) => <Icon name="youtube" {...p} />;
export const LinkedinIcon = (p: IconProps) => <Icon name="linkedin" {...p} />;
export const ShieldIcon = (p: IconProps) => <Icon name="shield" {...p} />;
export const GiftIcon = (p: IconProps) => <Icon name="gift" {...p} />;

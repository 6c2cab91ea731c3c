import type { ReactNode } from "react";

/**
 * A card of a page, named by its heading (for screen readers' landmarks): the heading's id is `${id}-heading`;
 * `anchor` gives the card the id itself, for links to it (`#language`). `className` adds to the card's
 * classes (`stack`); `small` draws the heading one size down (the back-office's cards).
 */
export function CardSection({
  id,
  title,
  className,
  anchor = false,
  small = false,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  anchor?: boolean;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={className ? `card card-pad ${className}` : "card card-pad"}
      aria-labelledby={`${id}-heading`}
      id={anchor ? id : undefined}
    >
      <h2 id={`${id}-heading`} className={small ? "h3" : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

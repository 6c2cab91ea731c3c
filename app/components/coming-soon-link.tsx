import { Link } from "react-router";
import { COMING_SOON_MESSAGE } from "~/lib/constants";

/** Programs and Events: with JavaScript an alert (as the spec has it), without it a page with the same message. */
export function ComingSoonLink({
  section,
  children,
  className,
}: {
  section: "programs" | "events";
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={`/coming-soon?section=${section}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        window.alert(COMING_SOON_MESSAGE);
      }}
    >
      {children}
    </Link>
  );
}

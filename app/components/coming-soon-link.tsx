import { Link } from "react-router";
import { useLocalePath, useT } from "./i18n";

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
  const t = useT();
  const to = useLocalePath();
  return (
    <Link
      to={to(`/coming-soon?section=${section}`)}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        window.alert(t("common.comingSoon"));
      }}
    >
      {children}
    </Link>
  );
}

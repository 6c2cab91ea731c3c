import { PageNotice } from "~/components/page-notice";
import type { Route } from "./+types/coming-soon";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { privatePageMeta } from "~/lib/seo";
import { useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { messagesFor, pageLocale } from "~/services/i18n.server";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFromMatches(matches)("marketing.comingSoon.title"));
}

export function loader(args: Route.LoaderArgs) {
  const section = new URL(args.request.url).searchParams.get("section");
  return {
    section:
      section === "events" ? ("events" as const) : section === "programs" ? ("programs" as const) : ("both" as const),
    messages: messagesFor(pageLocale(args), ["marketing"]),
  };
}

// The no-JavaScript target of the Programs and Events links (with JavaScript they show an alert).
export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <PageNotice
      icon="✨"
      title={t(`marketing.comingSoon.${loaderData.section}`)}
      message={t("common.comingSoon")}
      status
      link={{ to: to("/directory"), label: t("marketing.comingSoon.explore") }}
    />
  );
}

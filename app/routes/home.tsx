import { getDb } from "~db/client";
import { MARKETING } from "~/lib/constants";
import { getHomeFeatured } from "~/services/home.server";
import type { Route } from "./+types/home";
import { HomeView } from "./home/view";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { pageMeta } from "~/lib/seo";
import { translatorFromMatches } from "~/lib/i18n";
import { homeStructuredData, serializeJsonLd } from "~/lib/structured-data";
import { publicOrigin } from "~/services/public-url.server";
import { categoryName, categoryNames, messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import { listActiveCategories } from "~/models/categories.server";
import { HOME_CONTENT } from "~/services/home-content";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  return pageMeta(matches, {
    title: t("home.meta.title"),
    description: t("home.meta.description", {
      members: t("marketing.figure.members", { lakh: MARKETING.membersLakh }),
    }),
    path: "/",
  });
}

/** Featured sellers are in the first HTML; with none, or on failure, the six built-in samples show (and it is logged). */
export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const categories = await listActiveCategories(getDb());
  return {
    ...(await getHomeFeatured(getDb(), translatorFor(locale), categoryNames(categories, locale))),
    structuredData: homeStructuredData(publicOrigin(args.request), locale).map((block) => serializeJsonLd(block)),
    content: HOME_CONTENT,
    messages: messagesFor(locale, ["home", "marketing"]),
    // The search suggestions' category names in this language (the suggestions' API answers English).
    categoryNames: Object.fromEntries(categories.map((c) => [c.slug, categoryName(c, locale)])),
  };
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView loaderData={loaderData} />;
}

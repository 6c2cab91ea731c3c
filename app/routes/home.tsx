import { getDb } from "~db/client";
import { MARKETING } from "~/lib/constants";
import { getHomeFeatured } from "~/services/home.server";
import type { Route } from "./+types/home";
import { HomeView } from "./home/view";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { pageMeta } from "~/lib/seo";
import { homeStructuredData, serializeJsonLd } from "~/lib/structured-data";
import { publicOrigin } from "~/services/public-url.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "BWP Directory — Discover Women-Led Businesses",
    description: `Find verified women-led businesses in your city: fashion, food, wellness, services and more, from a community of ${MARKETING.members} women professionals.`,
    path: "/",
  });
}

/** Featured sellers are in the first HTML; with none, or on failure, the six built-in samples show (and it is logged). */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    ...(await getHomeFeatured(getDb())),
    structuredData: homeStructuredData(publicOrigin(request)).map((block) => serializeJsonLd(block)),
  };
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView loaderData={loaderData} />;
}

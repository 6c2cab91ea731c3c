import type { DB } from "~db/client";
import { FEATURED_LIMIT } from "~/lib/constants";
import type { Translate } from "~/lib/i18n";
import { type HomeCard, sampleSellers, toHomeCard } from "./home-content";
import { listPublicSellers } from "./directory.server";

/**
 * The home page's featured cards: up to six featured public sellers, else the six built-in samples (logged).
 * `categoryName`: a category's name in the page's language, from its English name (`categoryNames`).
 */
export async function getHomeFeatured(
  db: DB,
  t: Translate,
  categoryName: (english: string) => string = (english) => english,
): Promise<{ featured: HomeCard[]; samples: boolean }> {
  try {
    const { sellers } = await listPublicSellers(db, {
      search: "",
      category: "",
      city: "",
      featured: true,
      page: 1,
      limit: FEATURED_LIMIT,
    });
    if (sellers.length)
      return { featured: sellers.map((seller) => toHomeCard(t, seller, categoryName)), samples: false };
    console.info("No featured sellers to show: using the built-in sample sellers");
  } catch (error) {
    console.error("Failed to fetch featured sellers", error);
  }
  return { featured: sampleSellers(t), samples: true };
}

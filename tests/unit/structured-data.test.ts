import { describe, expect, it } from "vitest";
import { directoryPath, directoryRobots, pageMeta, privatePageMeta } from "~/lib/seo";
import {
  homeStructuredData,
  type JsonLd,
  sellerStructuredData,
  serializeJsonLd,
  type StructuredSeller,
} from "~/lib/structured-data";
import { whatsappChatUrl, whatsappDigits, whatsappDigitsFromLink, whatsappNumberLabel } from "~/lib/whatsapp";

const ORIGIN = "https://bwp.example";
const BREAKOUT = `Cakes </script><script>alert("x")</script> & <!-- more -->`;

function seller(overrides: Partial<StructuredSeller> = {}): StructuredSeller {
  return {
    id: 42,
    display_name: "Sakhi Bakes",
    tagline: "Eggless cakes",
    description: BREAKOUT,
    profile_photo: "/uploads/abc.webp",
    logo: null,
    product_image_list: ["/uploads/p1.webp"],
    mobile: "+919876543210",
    address: "12, 4th Block, Jayanagar, Bangalore",
    locality: "Jayanagar",
    city: "Bangalore",
    website: "example.in/cakes",
    facebook_link: "javascript:alert(1)",
    instagram: "https://instagram.com/sakhi",
    youtube_link: null,
    price_range: "500_1000",
    avg_rating: 4.333,
    review_count: 7,
    category_refs: [{ name: "Food & Beverages", slug: "food-and-beverages" }],
    reviews: Array.from({ length: 7 }, (_, i) => ({
      reviewer_name: `Reviewer ${i}`,
      rating: 4,
      review_text: i === 0 ? "</script>" : "Lovely",
      created_at: `2026-10-0${i + 1}T10:00:00.000Z`,
    })),
    ...overrides,
  };
}

describe("serializeJsonLd", () => {
  it("keeps </script>, <!-- and & from ending the element, and parses back to the same value", () => {
    const value = { name: BREAKOUT, line: "a\u2028b" };
    const out = serializeJsonLd(value);
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(out.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe("sellerStructuredData", () => {
  it("describes a LocalBusiness with contact, place, links, price band, rating and the newest reviews", () => {
    const [business, crumbs] = sellerStructuredData(
      seller({ pincode: "560041", area: { lat: 12.92541, lng: 77.58349 } }),
      ORIGIN,
      "/share/seller/42/0123456789abcdef.jpg",
    );
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Sakhi Bakes",
      description: BREAKOUT,
      telephone: "+919876543210",
      url: `${ORIGIN}/seller/42`,
      address: {
        "@type": "PostalAddress",
        streetAddress: "12, 4th Block, Jayanagar, Bangalore",
        addressLocality: "Bangalore",
        postalCode: "560041",
        addressCountry: "IN",
      },
      // Her PIN code's centre to two decimals, about a kilometre: never nearer her door.
      geo: { "@type": "GeoCoordinates", latitude: 12.93, longitude: 77.58 },
      priceRange: "₹500 – ₹1,000",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 7, bestRating: 5, worstRating: 1 },
    });
    expect(business.image).toEqual([
      `${ORIGIN}/uploads/abc.webp`,
      `${ORIGIN}/uploads/p1.webp`,
      `${ORIGIN}/share/seller/42/0123456789abcdef.jpg`,
    ]);
    // Only http(s) links, made absolute; the javascript: one is dropped.
    expect(business.sameAs).toEqual(["https://example.in/cakes", "https://instagram.com/sakhi"]);
    const reviews = business.review as JsonLd[];
    expect(reviews).toHaveLength(5);
    expect(reviews[0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Reviewer 0" },
      datePublished: "2026-10-01",
      reviewBody: "</script>",
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
    });
    expect(crumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Directory", item: `${ORIGIN}/directory` },
        {
          "@type": "ListItem",
          position: 3,
          name: "Food & Beverages",
          item: `${ORIGIN}/directory?category=food-and-beverages`,
        },
        { "@type": "ListItem", position: 4, name: "Sakhi Bakes", item: `${ORIGIN}/seller/42` },
      ],
    });
    // The serialized block keeps the seller's text inside the script element.
    const json = serializeJsonLd(business);
    expect(json.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(json).description).toBe(BREAKOUT);
  });

  it("says where she serves: a circle of her km around her area, none at her place only, else her city", () => {
    const area = { lat: 12.92541, lng: 77.58349 };
    const within = sellerStructuredData(seller({ area, serves: "within", serves_km: 8 }), ORIGIN)[0];
    expect(within.areaServed).toEqual({
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: 12.93, longitude: 77.58 },
      geoRadius: 8000,
    });
    expect(sellerStructuredData(seller({ area, serves: "place" }), ORIGIN)[0]).not.toHaveProperty("areaServed");
    for (const serves of ["city", null] as const)
      expect(sellerStructuredData(seller({ area, serves }), ORIGIN)[0].areaServed).toEqual({
        "@type": "City",
        name: "Bangalore",
      });
    // Within a distance of a place not known: her city.
    expect(sellerStructuredData(seller({ area: null, serves: "within", serves_km: 8 }), ORIGIN)[0].areaServed).toEqual({
      "@type": "City",
      name: "Bangalore",
    });
  });

  it("has no rating or reviews without a published review, and no empty properties", () => {
    const [business, crumbs] = sellerStructuredData(
      seller({
        avg_rating: 0,
        review_count: 0,
        reviews: [],
        price_range: null,
        website: null,
        instagram: null,
        address: null,
        category_refs: [],
        pincode: null,
        area: null,
      }),
      ORIGIN,
    );
    expect(business).not.toHaveProperty("geo");
    expect(business).not.toHaveProperty("aggregateRating");
    expect(business).not.toHaveProperty("review");
    expect(business).not.toHaveProperty("priceRange");
    expect(business).not.toHaveProperty("sameAs");
    expect(business.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Jayanagar",
      addressLocality: "Bangalore",
      addressCountry: "IN",
    });
    expect(JSON.stringify(business)).not.toMatch(/null|""/);
    expect((crumbs.itemListElement as unknown[]).length).toBe(3);
  });
});

describe("homeStructuredData", () => {
  it("is an Organization and a WebSite whose SearchAction searches the directory", () => {
    const [org, site] = homeStructuredData(ORIGIN);
    expect(org).toMatchObject({
      "@type": "Organization",
      name: "BWP Directory",
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/favicon.svg`,
    });
    expect(site).toMatchObject({
      "@type": "WebSite",
      url: `${ORIGIN}/`,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${ORIGIN}/directory?search={query}` },
        "query-input": "required name=query",
      },
    });
  });
});

describe("pageMeta", () => {
  const matches = [{ id: "root", loaderData: { origin: ORIGIN } }];
  it("gives a title, description, canonical and the Open Graph and Twitter card tags", () => {
    const meta = pageMeta(matches, { title: "Contact Us", description: "Write to us", path: "/contact" });
    expect(meta).toContainEqual({ title: "Contact Us | BWP Directory" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/contact` });
    for (const [property, content] of [
      ["og:url", `${ORIGIN}/contact`],
      ["og:title", "Contact Us"],
      ["og:description", "Write to us"],
      ["og:type", "website"],
      ["og:site_name", "BWP Directory"],
      ["og:locale", "en_IN"],
      ["og:image", `${ORIGIN}/share/site.jpg`],
      ["og:image:width", "1200"],
      ["og:image:height", "630"],
    ])
      expect(meta).toContainEqual({ property, content });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(meta.some((m) => "name" in m && m.name === "robots")).toBe(false);
  });

  it("marks private pages noindex", () => {
    expect(privatePageMeta("Seller Login")).toEqual([
      { title: "Seller Login | BWP Directory" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

describe("the directory's indexing rule", () => {
  it("keeps only the page-defining parameters in the canonical address", () => {
    expect(directoryPath({ search: "", category: "food-and-beverages", city: "Pune", page: 1 })).toBe(
      "/directory?category=food-and-beverages&city=Pune",
    );
    expect(directoryPath({ search: "cakes & more", page: 3 })).toBe("/directory?search=cakes+%26+more&page=3");
    expect(directoryPath({})).toBe("/directory");
  });
  it("indexes the landing pages; not a search, a later page or an empty listing", () => {
    expect(directoryRobots({ category: "food-and-beverages", city: "Pune", page: 1, total: 4 })).toBeUndefined();
    expect(directoryRobots({ page: 1, total: 4 })).toBeUndefined();
    expect(directoryRobots({ search: "cakes", page: 1, total: 4 })).toBe("noindex,follow");
    expect(directoryRobots({ category: "food-and-beverages", page: 2, total: 40 })).toBe("noindex,follow");
    expect(directoryRobots({ city: "Pune", page: 1, total: 0 })).toBe("noindex,follow");
  });
});

describe("WhatsApp numbers", () => {
  it("are 91 + the number for an Indian mobile, and keep a country code that is given", () => {
    expect(whatsappDigits("9876543210")).toBe("919876543210");
    expect(whatsappDigits("98765-43210")).toBe("919876543210");
    expect(whatsappDigits("09876543210")).toBe("919876543210");
    expect(whatsappDigits("+91 98765 43210")).toBe("919876543210");
    expect(whatsappDigits("919876543210")).toBe("919876543210");
    expect(whatsappDigits("+447700900123")).toBe("447700900123");
    expect(whatsappDigits("12345")).toBeNull();
    expect(whatsappDigits("call me")).toBeNull();
  });
  it("come from the seller's WhatsApp link when it names a number, else from the mobile", () => {
    expect(whatsappDigitsFromLink("https://wa.me/919845067890")).toBe("919845067890");
    expect(whatsappDigitsFromLink("https://api.whatsapp.com/send?phone=919845067890")).toBe("919845067890");
    expect(whatsappDigitsFromLink("https://chat.whatsapp.com/AbCdEf")).toBeNull();
    expect(whatsappChatUrl({ whatsapp_link: "https://chat.whatsapp.com/AbCdEf", mobile: "+919876543210" })).toBe(
      "https://wa.me/919876543210",
    );
    expect(whatsappChatUrl({ whatsapp_link: "wa.me/919845067890", mobile: "+919876543210" })).toBe(
      "https://wa.me/919845067890",
    );
    expect(whatsappChatUrl({ whatsapp_link: null, mobile: "not a number" })).toBeNull();
    expect(whatsappNumberLabel("https://wa.me/919845067890")).toBe("+91 98450 67890");
  });
});

import { describe, expect, it } from "vitest";
import { escapeXml, identityCardFileName, renderIdentityCard } from "~/services/identity-card.server";

const seller = {
  id: 42,
  owner_name: "Meera & Co <Owner>",
  business_name: `<script>alert("x")</script> Pickles & Podis`,
  city: "Pune",
  locality: "Baner",
  category_names: "Food & Beverages, Gifts & Hampers",
  mobile: "+919876543210",
  subscription_start_date: "2026-01-01",
  subscription_end_date: "2026-07-01",
};

describe("identity card", () => {
  it("escapes every text of the seller, so a name cannot add markup or script", () => {
    const svg = renderIdentityCard(seller, { profileUrl: "https://bwp.example/seller/42", photoDataUri: null });
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Pickles &amp; Podis");
    expect(svg).toContain("Meera &amp; Co &lt;Owner&gt;");
    expect(svg).toContain("Food &amp; Beverages");
    // Every & in the document starts an entity: the XML stays well-formed.
    expect(svg.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull();
    expect(svg).toContain("1 Jan 2026 to 1 Jul 2026");
  });

  it("embeds the photo and a QR code of the profile address", () => {
    const svg = renderIdentityCard(seller, {
      profileUrl: "https://bwp.example/seller/42",
      photoDataUri: "data:image/jpeg;base64,AAAA",
    });
    expect(svg).toContain('href="data:image/jpeg;base64,AAAA"');
    const path = svg.match(/<path d="([^"]+)"/)?.[1] ?? "";
    expect(path.split("z").length).toBeGreaterThan(200); // the dark modules of a version 3+ QR code
  });

  it("names the download file safely", () => {
    expect(identityCardFileName(seller)).toBe("BWP_Identity_Card_script_alert_x_script_Pickles_Podis_42.svg");
    expect(identityCardFileName({ id: 7, owner_name: "Anita Desai", business_name: null })).toBe(
      "BWP_Identity_Card_Anita_Desai_7.svg",
    );
    expect(identityCardFileName({ id: 8, owner_name: "../../etc", business_name: "" })).toBe(
      "BWP_Identity_Card_etc_8.svg",
    );
  });

  it("escapes XML's five special characters", () => {
    expect(escapeXml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&apos;y&apos;&gt;&amp;&lt;/a&gt;",
    );
  });
});

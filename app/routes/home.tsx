import { Form, Link } from "react-router";
import { SellerCard, toSellerCard } from "~/components/seller-card";
import { SearchIcon } from "~/components/icons";
import { getDb } from "~db/client";
import { FEATURED_LIMIT } from "~/lib/constants";
import { listPublicSellers } from "~/models/sellers.server";

// A first home page (hero search and featured sellers); the full eighteen sections come with the marketing pages.

export function meta() {
  return [
    { title: "BWP Directory — Discover Women-Led Businesses" },
    { name: "description", content: "Find verified women-led businesses in your city: fashion, food, wellness, services and more." },
  ];
}

export async function loader() {
  const { sellers } = await listPublicSellers(getDb(), { search: "", category: "", city: "", featured: true, page: 1, limit: FEATURED_LIMIT });
  return { featured: sellers.map(toSellerCard) };
}

export default function Home({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Discover and support women-led businesses</h1>
          <p>Verified sellers from a community of 1.5 lakh women professionals.</p>
          <Form method="get" action="/directory" role="search" className="row" style={{ maxWidth: "36rem", marginTop: "var(--s-4)" }}>
            <label htmlFor="hero-search" className="visually-hidden">Search businesses</label>
            <input id="hero-search" className="input" type="search" name="search" placeholder="Search businesses, products, services" style={{ flex: 1, minWidth: "12rem" }} />
            <button type="submit" className="btn btn-primary"><SearchIcon /> Search</button>
          </Form>
          <p style={{ marginTop: "var(--s-4)" }}><Link to="/list-your-business" className="btn">List Your Business</Link></p>
        </div>
      </section>
      <section className="container section" aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured Sellers</h2>
        <div className="seller-grid">
          {loaderData.featured.map((s) => <SellerCard key={s.id} seller={s} />)}
        </div>
      </section>
    </>
  );
}

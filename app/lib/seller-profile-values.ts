// Isomorphic: the seller dashboard's form starts from the listing's stored values.

/** The listing's current values under the profile form's field names. */
export function profileFormValues(listing: { business_name: string | null; tagline: string | null; description: string | null; price_range: string | null; city: string; locality: string | null; address: string | null; website: string | null; whatsapp_link: string | null; facebook_link: string | null; instagram: string | null; youtube_link: string | null }) {
  return {
    business_name: listing.business_name ?? "",
    tagline: listing.tagline ?? "",
    business_description: listing.description ?? "",
    price_range: listing.price_range ?? "",
    city: listing.city,
    area: listing.locality ?? "",
    address: listing.address ?? "",
    website_link: listing.website ?? "",
    whatsapp_link: listing.whatsapp_link ?? "",
    facebook_link: listing.facebook_link ?? "",
    instagram_link: listing.instagram ?? "",
    youtube_link: listing.youtube_link ?? "",
  };
}

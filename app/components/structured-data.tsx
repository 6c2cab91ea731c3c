import { type JsonLd, serializeJsonLd } from "~/lib/structured-data";
import { useNonce } from "./nonce";

/** JSON-LD blocks, each in its own `<script type="application/ld+json">` carrying the CSP nonce. */
export function StructuredData({ data }: { data: JsonLd[] }) {
  const nonce = useNonce();
  return (
    <>
      {data.map((block, i) => (
        // The browser hides the nonce attribute after parsing, so the client's empty value is expected.
        <script
          key={i}
          type="application/ld+json"
          nonce={nonce || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(block) }}
        />
      ))}
    </>
  );
}

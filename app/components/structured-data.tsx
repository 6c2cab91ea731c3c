import { useNonce } from "./nonce";

/**
 * JSON-LD blocks, each in its own `<script type="application/ld+json">` carrying the CSP nonce. The blocks
 * come serialized from the page's loader (`serializeJsonLd` on the server), so building them is no part
 * of the page's JavaScript.
 */
export function StructuredData({ blocks }: { blocks: string[] }) {
  const nonce = useNonce();
  return (
    <>
      {blocks.map((json, i) => (
        // The browser hides the nonce attribute after parsing, so the client's empty value is expected.
        <script
          key={i}
          type="application/ld+json"
          nonce={nonce || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: json }}
        />
      ))}
    </>
  );
}

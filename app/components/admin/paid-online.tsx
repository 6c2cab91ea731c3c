import { Badge } from "./badge";

/** Staff's sign of a fee confirmed by the gateway's verified webhook: no screenshot to check. */
export function PaidOnline({ paymentId }: { paymentId: string | null | undefined }) {
  if (!paymentId) return null;
  return (
    <span data-testid="paid-online">
      <Badge tone="success">Paid online ({paymentId})</Badge>
    </span>
  );
}

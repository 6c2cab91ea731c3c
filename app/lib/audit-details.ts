// An audit row's details (JSON) as short readable lines: "status: pending → active" for changed
// fields, "field: value" for a created or removed record. Long values are cut; nothing is HTML.

export type AuditLine = { field: string; text: string };

const MAX_VALUE = 80;

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

export function auditLines(details: string | null): AuditLine[] {
  if (!details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return [{ field: "details", text: show(details) }];
  }
  if (!parsed || typeof parsed !== "object") return [{ field: "details", text: show(parsed) }];
  const lines: AuditLine[] = [];
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (key === "changes" && value && typeof value === "object") {
      for (const [field, change] of Object.entries(value as Record<string, unknown>)) {
        lines.push({
          field,
          text: Array.isArray(change) && change.length === 2 ? `${show(change[0])} → ${show(change[1])}` : show(change),
        });
      }
    } else if ((key === "before" || key === "after") && value && typeof value === "object") {
      for (const [field, v] of Object.entries(value as Record<string, unknown>))
        if (v !== null && v !== "") lines.push({ field, text: show(v) });
    } else {
      lines.push({ field: key, text: show(value) });
    }
  }
  return lines.slice(0, 12);
}

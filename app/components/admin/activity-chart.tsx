import type { WeekActivity } from "~/models/admin-stats.server";
import { BarChart } from "../bar-chart";

// The dashboard's weekly activity: grouped bars drawn on the server as SVG (no script), with the same
// figures as a table for screen readers and anyone who prefers numbers.

const SERIES = [
  { key: "applications", label: "New applications", className: "chart-applications" },
  { key: "reviews", label: "Reviews", className: "chart-reviews" },
  { key: "enquiries", label: "Enquiries", className: "chart-enquiries" },
] as const;

const dayMonth = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const weekLabel = (iso: string) => dayMonth.format(new Date(`${iso}T00:00:00Z`));

export function ActivityChart({ weeks }: { weeks: WeekActivity[] }) {
  const total = (key: (typeof SERIES)[number]["key"]) => weeks.reduce((sum, w) => sum + w[key], 0);
  return (
    <BarChart
      rows={weeks}
      series={SERIES}
      rowKey={(w) => w.week_start}
      rowLabel={(w) => weekLabel(w.week_start)}
      summary={`Last ${weeks.length} weeks: ${total("applications")} new applications, ${total("reviews")} reviews, ${total("enquiries")} enquiries.`}
      caption="New applications, reviews and enquiries per week"
      rowHeader="Week of"
    />
  );
}

import type { Page } from "@playwright/test";
import { categoryId, e2eDb, expect, signInAs, test, uniqueWord } from "./fixtures";

// Every admin list's filter bar shows what the URL says after every navigation: after "Clear Filters"
// the fields are empty again (with JavaScript on, React Router keeps the page mounted, so a form that
// kept its typed values would bring the old filter back at the next "Apply").

type List = { name: string; label: string; cleared: string; filtered: (word: string) => Promise<string> };

const LISTS: List[] = [
  {
    name: "reviews",
    label: "Filter reviews",
    cleared: "/admin/reviews",
    filtered: async (w) => `/admin/reviews?search=${w}&status=pending&limit=50`,
  },
  {
    name: "sellers",
    label: "Filter sellers",
    cleared: "/admin/sellers",
    filtered: async (w) => `/admin/sellers?search=${w}&status=pending`,
  },
  {
    name: "enquiries",
    label: "Filter enquiries",
    cleared: "/admin/enquiries",
    filtered: async (w) => `/admin/enquiries?search=${w}&status=new`,
  },
  {
    name: "subscriptions",
    label: "Filter subscriptions",
    cleared: "/admin/enquiries?tab=newsletter",
    filtered: async (w) => `/admin/enquiries?tab=newsletter&search=${w}&status=unsubscribed`,
  },
  {
    name: "subcategories",
    label: "Filter subcategories",
    cleared: "/admin/categories?tab=subcategories",
    filtered: async () =>
      `/admin/categories?tab=subcategories&category=${await categoryId(e2eDb(), "food-and-beverages")}`,
  },
  {
    name: "audit log",
    label: "Filter the audit log",
    cleared: "/admin/audit",
    filtered: async (w) => `/admin/audit?actor=${w}&from=2026-01-01`,
  },
  {
    name: "quote requests",
    label: "Filter the quote requests",
    cleared: "/admin/quotes",
    filtered: async () => `/admin/quotes?status=spam&category=food-and-beverages&from=2026-01-01`,
  },
];

/** name=value of every visible field of the filter bar, in order. */
function fieldValues(page: Page, label: string) {
  return page
    .getByRole("search", { name: label })
    .locator("input:not([type=hidden]), select")
    .evaluateAll((fields) => fields.map((f) => `${(f as HTMLInputElement).name}=${(f as HTMLInputElement).value}`));
}

test.describe("admin filter bars", () => {
  for (const list of LISTS) {
    test(`${list.name}: after Clear Filters the fields are empty again, and Apply keeps them so`, async ({
      page,
      context,
    }) => {
      await signInAs(context, "admin");
      await page.goto(list.cleared);
      const clean = await fieldValues(page, list.label);
      const word = uniqueWord("fb");
      const filtered = await list.filtered(word);
      await page.goto(filtered);
      expect(await fieldValues(page, list.label)).not.toEqual(clean);
      const bar = page.getByRole("search", { name: list.label });
      await bar.getByRole("link", { name: "Clear Filters" }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.search === list.cleared);
      await expect.poll(() => fieldValues(page, list.label)).toEqual(clean);
      await bar.getByRole("button", { name: "Apply" }).click();
      // None of the old filter's values comes back with the form.
      const old = [...new URL(filtered, "http://x").searchParams].filter(([name]) => name !== "tab");
      await expect(page).toHaveURL(
        (url) => url.searchParams.size > 0 && old.every(([name, value]) => url.searchParams.get(name) !== value),
      );
      expect(await fieldValues(page, list.label)).toEqual(clean);
    });
  }
});

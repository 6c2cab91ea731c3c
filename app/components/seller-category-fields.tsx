import { type FormEvent, useRef, useState } from "react";
import { categoryEmoji } from "~/lib/constants";
import { useCheckedOnHydration, useHydrated } from "~/lib/use-hydrated";
import { ErrorList, InputFocusedWhenFirstInvalid, RequiredMark } from "./forms";
import { useT } from "./i18n";

// A seller's categories and subcategories, as one reusable field group: the listing application
// (/register) and the admin's seller editor render it. Without JavaScript every subcategory group shows;
// with it, only those of the ticked categories.

/** `name` as the page shows it; `emoji` from the English name when the page has translated `name`. */
type Option = { id: number; name: string; emoji?: string };
type Props = {
  categories: Option[];
  subcategories: (Option & { category_id: number })[];
  /** conform's `fields` (or any object with these two): their values and errors. */
  fields: Record<"category_ids" | "subcategory_ids", { initialValue?: unknown; errors?: string[] }>;
};

export function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

/** The checkboxes of one category's subcategories (`subcategory_ids`), ticked as `checked` says. */
export function SubcategoryChecks({
  items,
  checked,
  labelClassName,
}: {
  items: Option[];
  checked: string[];
  labelClassName: string;
}) {
  return items.map((s) => (
    <label key={s.id} className={labelClassName}>
      <input type="checkbox" name="subcategory_ids" value={s.id} defaultChecked={checked.includes(String(s.id))} />{" "}
      <span>{s.name}</span>
    </label>
  ));
}

/**
 * The categories ticked in a grid of `category_ids` boxes, followed as she ticks them (the grid's `onChange`)
 * and read back from the form after hydration, so that boxes ticked before the code ran count.
 */
export function useTickedCategories(initial: string[]) {
  const [ticked, setTicked] = useState<string[]>(initial);
  const grid = useRef<HTMLDivElement>(null);
  useCheckedOnHydration(grid, "category_ids", setTicked);
  const onChange = (event: FormEvent<HTMLDivElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== "category_ids") return;
    setTicked((list) => (input.checked ? [...list, input.value] : list.filter((v) => v !== input.value)));
  };
  return { grid, ticked, onChange };
}

export function SellerCategoryFields({ categories, subcategories, fields }: Props) {
  const { category_ids: categoryField, subcategory_ids: subcategoryField } = fields;
  const t = useT();
  const hydrated = useHydrated();
  const initialCats = toList(categoryField.initialValue);
  const initialSubs = toList(subcategoryField.initialValue);
  const { grid, ticked, onChange } = useTickedCategories(initialCats);
  const visibleSubGroups = hydrated ? categories.filter((c) => ticked.includes(String(c.id))) : categories;
  const categoryErrors = categoryField.errors?.length ? categoryField.errors : undefined;
  return (
    <>
      <fieldset className="form-section" aria-describedby={categoryErrors ? "category-error" : undefined}>
        <legend className="form-legend">
          {t("forms.fields.categories")} {RequiredMark}
        </legend>
        <p className="field-hint">{t("forms.fields.categoriesHint")}</p>
        <div ref={grid} className="check-grid" onChange={onChange}>
          {categories.map((c, i) => (
            <label key={c.id} className="check-card">
              <InputFocusedWhenFirstInvalid
                invalid={i === 0 && Boolean(categoryErrors?.length)}
                type="checkbox"
                name="category_ids"
                value={c.id}
                defaultChecked={initialCats.includes(String(c.id))}
                aria-invalid={categoryErrors ? true : undefined}
              />
              <span aria-hidden="true">{c.emoji ?? categoryEmoji(c.name)}</span> <span>{c.name}</span>
            </label>
          ))}
        </div>
        <ErrorList id="category-error" errors={categoryErrors} />
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-legend">
          {t("forms.fields.subcategories")} <span className="muted small">{t("forms.fields.optional")}</span>
        </legend>
        {hydrated && !visibleSubGroups.length ? (
          <p className="field-hint">{t("forms.fields.subcategoriesChooseFirst")}</p>
        ) : null}
        {!hydrated ? <p className="field-hint">{t("forms.fields.subcategoriesHint")}</p> : null}
        <div className="subcat-groups">
          {categories.map((c) => {
            const subs = subcategories.filter((s) => s.category_id === c.id);
            if (!subs.length) return null;
            const visible = visibleSubGroups.some((g) => g.id === c.id);
            return (
              <div key={c.id} className="subcat-group" hidden={!visible}>
                <p className="label">{c.name}</p>
                <div className="row" style={{ gap: "var(--s-2)" }}>
                  <SubcategoryChecks items={subs} checked={initialSubs} labelClassName="chip-check" />
                </div>
              </div>
            );
          })}
        </div>
        <ErrorList errors={subcategoryField.errors} />
      </fieldset>
    </>
  );
}

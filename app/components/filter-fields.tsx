import { createContext, type ReactNode, useContext } from "react";
import { type Choice, ChoiceOptions, titledChoices } from "./choice-options";
import { SearchSuggest } from "./search-suggest";

// The fields of a GET filter form (the directory's search panel and every admin FilterBar): each starts
// from the URL's value, so a shared link or the back button shows what is filtered. The form provides
// the values (by field name) and an id prefix once; each field takes its own by its name.

type FilterValueMap = Readonly<Record<string, string | number | null | undefined>>;
const FilterValuesContext = createContext<{ idPrefix: string; values: FilterValueMap }>({ idPrefix: "f", values: {} });

export function FilterValues({
  idPrefix,
  values,
  children,
}: {
  idPrefix: string;
  values: FilterValueMap;
  children: ReactNode;
}) {
  return <FilterValuesContext.Provider value={{ idPrefix, values }}>{children}</FilterValuesContext.Provider>;
}

function useFilterValue(name: string) {
  const { idPrefix, values } = useContext(FilterValuesContext);
  const value = values[name];
  return { id: `${idPrefix}-${name}`, value: value == null ? undefined : String(value) };
}

export function SearchFilter({
  placeholder,
  label = "Search",
  name = "search",
  maxLength,
  suggest = false,
  categoryNames,
}: {
  placeholder: string;
  label?: string;
  name?: string;
  maxLength?: number;
  /** Suggestions as the visitor types (with JavaScript; the public search boxes). */
  suggest?: boolean;
  /** The categories' names by slug in the page's language, for the category suggestions. */
  categoryNames?: Record<string, string>;
}) {
  const { id, value } = useFilterValue(name);
  return (
    <div className={suggest ? "field suggest-host" : "field"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        name={name}
        defaultValue={value}
        placeholder={placeholder}
        maxLength={maxLength}
      />
      {suggest ? <SearchSuggest inputId={id} categoryNames={categoryNames} /> : null}
    </div>
  );
}

/** A select of choices; `anyLabel` adds the first, empty choice that filters nothing. */
export function ChoiceFilter({
  label,
  name,
  choices,
  anyLabel,
  controlClassName = "input",
  names,
}: {
  label: string;
  name: string;
  choices: readonly Choice[];
  anyLabel?: string;
  controlClassName?: string;
  /** The choices are names (cities), not interface words; category names are translated text, not names. */
  names?: boolean;
}) {
  const { id, value } = useFilterValue(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className={controlClassName} name={name} defaultValue={value}>
        <ChoiceOptions choices={choices} placeholder={anyLabel} names={names} />
      </select>
    </div>
  );
}

/** A day (YYYY-MM-DD), e.g. the start or end of a date range. */
export function DateFilter({ label, name }: { label: string; name: string }) {
  const { id, value } = useFilterValue(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" type="date" name={name} defaultValue={value} />
    </div>
  );
}

/** The true/false choices of a yes-or-no filter. */
export function yesNoChoices(yes: string, no: string): Choice[] {
  return [
    { value: "true", label: yes },
    { value: "false", label: no },
  ];
}

/** The back office's status filter: the statuses, labelled by `labels` or by themselves capitalised, any status first. */
export function StatusFilter({
  statuses,
  labels,
}: {
  statuses: readonly string[];
  labels?: Readonly<Record<string, string>>;
}) {
  const choices = labels
    ? statuses.map((value) => ({ value, label: labels[value] ?? value }))
    : titledChoices(statuses);
  return <ChoiceFilter label="Status" name="status" choices={choices} anyLabel="All statuses" />;
}

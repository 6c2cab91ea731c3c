import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { useLocale, useT } from "./i18n";

// The ARIA combobox of a search box (WAI-ARIA APG "list autocomplete"): the visitor's own text field gets
// role=combobox and a listbox of suggestions from GET /api/search/suggest, asked 200 ms after the last
// key. Down and Up move through them (aria-activedescendant; focus stays in the field), Enter opens the
// chosen one (or, with none chosen, submits the search as before), Escape closes the list, and a polite
// status says how many there are. Loaded lazily by search-suggest.tsx.

type Suggestion = { kind: "seller" | "category" | "locality"; label: string; href: string };

/** Category names by slug in the page's language: the API's labels are English. */
export type CategoryNames = Record<string, string>;

/** A suggestion's label as this page shows it: a category in the page's language; a seller or place as it is. */
function shownLabel(item: Suggestion, names: CategoryNames | undefined): string {
  if (item.kind !== "category" || !names) return item.label;
  const slug = new URLSearchParams(item.href.split("?")[1] ?? "").get("category") ?? "";
  return names[slug] ?? item.label;
}

const DEBOUNCE_MS = 200;
const MIN_LENGTH = 2;
const KIND_LABEL: Record<Suggestion["kind"], MessageKey> = {
  seller: "common.directory.suggest.seller",
  category: "common.directory.suggest.category",
  locality: "common.directory.suggest.locality",
};
const answers = new Map<string, Suggestion[]>();

async function fetchSuggestions(q: string, signal: AbortSignal): Promise<Suggestion[]> {
  const known = answers.get(q);
  if (known) return known;
  const response = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal });
  if (!response.ok) return [];
  const body = (await response.json()) as { suggestions?: Suggestion[] };
  const list = Array.isArray(body.suggestions) ? body.suggestions : [];
  if (answers.size > 200) answers.clear();
  answers.set(q, list);
  return list;
}

export default function SearchCombobox({ inputId, categoryNames }: { inputId: string; categoryNames?: CategoryNames }) {
  const listId = `${inputId}-suggestions`;
  const navigate = useNavigate();
  const t = useT();
  // The API's addresses are the English ones: the chosen page opens in this page's language.
  const locale = useLocale();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  // The keys' handler (added once) reads the latest state here.
  const state = useRef({ items, open, active });
  useEffect(() => {
    state.current = { items, open, active };
  });

  // The field: its combobox attributes, and its keys.
  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("autocomplete", "off");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inflight: AbortController | undefined;

    const ask = () => {
      clearTimeout(timer);
      inflight?.abort();
      const q = input.value.trim();
      if ([...q].length < MIN_LENGTH) {
        setItems([]);
        setOpen(false);
        setActive(-1);
        setStatus("");
        return;
      }
      timer = setTimeout(() => {
        const controller = (inflight = new AbortController());
        fetchSuggestions(q, controller.signal).then(
          (list) => {
            if (controller.signal.aborted || input.value.trim() !== q) return;
            setItems(list);
            setActive(-1);
            setOpen(list.length > 0 && document.activeElement === input);
            setStatus(
              list.length
                ? t("common.directory.suggest.count", { count: list.length })
                : t("common.directory.suggest.none"),
            );
          },
          () => {},
        );
      }, DEBOUNCE_MS);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const { items: list, open: isOpen, active: current } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!list.length) return;
        event.preventDefault();
        if (!isOpen) {
          setOpen(true);
          setActive(event.key === "ArrowDown" ? 0 : list.length - 1);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        // Past either end: back in the field (no option chosen), as the APG pattern does.
        const next = current + step;
        setActive(next < -1 ? list.length - 1 : next >= list.length ? -1 : next);
      } else if (event.key === "Enter") {
        if (isOpen && current >= 0 && list[current]) {
          event.preventDefault();
          setOpen(false);
          navigate(localePath(locale, list[current].href));
        }
      } else if (event.key === "Escape") {
        if (isOpen) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
      }
    };
    const close = () => {
      setOpen(false);
      setActive(-1);
    };
    // The search itself is sent: no list over its results, and no late answer opening one.
    const onSubmit = () => {
      clearTimeout(timer);
      inflight?.abort();
      close();
    };

    // The focus that loaded this module may have come with text already typed.
    if (document.activeElement === input && input.value.trim()) ask();
    input.addEventListener("input", ask);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", close);
    input.form?.addEventListener("submit", onSubmit);
    return () => {
      clearTimeout(timer);
      inflight?.abort();
      input.removeEventListener("input", ask);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", close);
      input.form?.removeEventListener("submit", onSubmit);
      for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-expanded", "aria-activedescendant"])
        input.removeAttribute(name);
    };
  }, [inputId, listId, navigate, t, locale]);

  // The field says whether the list is open and which option is chosen.
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    input.setAttribute("aria-expanded", String(open));
    if (open && active >= 0) input.setAttribute("aria-activedescendant", `${listId}-${active}`);
    else input.removeAttribute("aria-activedescendant");
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [inputId, listId, open, active]);

  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label={t("common.directory.suggest.label")}
        className="suggest-list"
        hidden={!open}
        // Keeps the focus in the field while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {items.map((item, i) => (
          // The keys are the field's (aria-activedescendant): an option is never focused itself.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${item.kind}:${item.href}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="suggest-option"
            onClick={() => {
              setOpen(false);
              navigate(localePath(locale, item.href));
            }}
            onMouseMove={() => setActive(i)}
          >
            {/* A seller's or a place's name is a name; a category's is the catalogue editor's translation. */}
            <span className="suggest-label" translate={item.kind === "category" ? undefined : "no"}>
              {shownLabel(item, categoryNames)}
            </span>
            <span className="suggest-kind">{t(KIND_LABEL[item.kind])}</span>
          </li>
        ))}
      </ul>
      <div className="visually-hidden" role="status" aria-live="polite">
        {status}
      </div>
    </>
  );
}

import { wordsWithPlaces } from "~/lib/search-text";

export type SearchHighlight = { prefixes: string[] };

/**
 * Text with the words a search matched in `<mark>`: a word starting with one of the visitor's words,
 * their forms and synonyms, or a typo's correction. React escapes every part.
 */
export function Highlighted({ text, highlight }: { text: string; highlight?: SearchHighlight | null }) {
  if (!highlight?.prefixes.length) return <>{text}</>;
  const matched = (word: string) => highlight.prefixes.some((prefix) => word.startsWith(prefix));
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { word, start, end } of wordsWithPlaces(text)) {
    if (!matched(word)) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at === 0) return <>{text}</>;
  parts.push(text.slice(at));
  return <>{parts}</>;
}

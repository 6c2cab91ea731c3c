// The options of a select (their own module: the directory's filters use them without the form kit).

/** A choice of a select: a plain string is its own label. */
export type Choice = string | { value: string; label: string };

/** Choices labelled by their values with a capital first letter ("pending" → "Pending"). */
export function titledChoices(values: readonly string[]): Choice[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}

/**
 * The options of a select; a `placeholder` is the first, empty one. `names`: the choices are names (cities),
 * not interface words: marked `translate="no"` (docs/translation.md). Category names are translated text
 * (the catalogue editor's), so their options are not `names`.
 */
export function ChoiceOptions({
  choices,
  placeholder,
  names,
}: {
  choices: readonly Choice[];
  placeholder?: string;
  names?: boolean;
}) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {choices.map((choice) => {
        const { value, label } = typeof choice === "string" ? { value: choice, label: choice } : choice;
        return (
          <option key={value} value={value} translate={names ? "no" : undefined}>
            {label}
          </option>
        );
      })}
    </>
  );
}

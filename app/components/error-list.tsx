export type ListOfErrors = (string | null | undefined)[] | null | undefined;

/** A field's or a form's errors, one per line (its own module: plain forms use it without the field kit). */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="field-error" style={{ listStyle: "none", padding: 0 }}>
      {shown.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

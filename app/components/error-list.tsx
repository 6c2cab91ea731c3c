import { translateMessage } from "~/lib/form-messages";
import { useT } from "./i18n";

export type ListOfErrors = (string | null | undefined)[] | null | undefined;

/**
 * A field's or a form's errors, one per line (its own module: plain forms use it without the field kit).
 * Messages are `forms` catalogue keys (lib/form-messages.ts), shown in the page's language; plain text as it is.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const t = useT();
  const shown = errors?.filter((e): e is string => !!e);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="field-error" style={{ listStyle: "none", padding: 0 }}>
      {shown.map((e) => (
        <li key={e}>{translateMessage(t, e)}</li>
      ))}
    </ul>
  );
}

/** One form message (a `forms` catalogue key or plain text) in the page's language. */
export function ErrorText({ message }: { message: string }) {
  return translateMessage(useT(), message);
}

import type { MessageKey, MessageValues, Translate } from "./i18n";

// The public forms' messages are keys of the `forms` catalogue, made by the same zod schemas on the server
// and in the browser, and translated where they are shown (the error components, with the page's `t`): the
// browser's validators carry no catalogue. A message with values carries them after the key as JSON
// (`forms.text.tooLong|{"label":"forms.label.name","max":100}`); a value that is itself a key (a field's
// label) is translated too. Text that is no key (a staff form's English) is shown as it is. The /api
// answers in English (`englishMessage` in services/api.server.ts).

export type FormMessageKey = Extract<MessageKey, `forms.${string}`>;

/** The values of the messages that take some (their ICU arguments), by key. */
type FormMessageValues = {
  "forms.text.tooLong": { label: FormMessageKey; max: number };
  "forms.text.notText": { label: FormMessageKey };
  "forms.url.invalid": { label: FormMessageKey };
  "forms.password.tooShort": { min: number };
  "forms.password.tooLong": { max: number };
  "forms.tooMany": { minutes: number };
  "forms.tooManyUploads": { hours: number };
};

type ValuesOf<K extends FormMessageKey> = K extends keyof FormMessageValues ? [FormMessageValues[K]] : [];

/** A form message: its key, and the values its ICU arguments need (typed by key). */
export function formMessage<K extends FormMessageKey>(key: K, ...values: ValuesOf<K>): string {
  return values.length ? `${key}|${JSON.stringify(values[0])}` : key;
}

const KEY = /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9_.]+$/;

/** True for a message made by `formMessage` (or any catalogue key), false for plain text. */
export function isMessageKey(message: string): boolean {
  const bar = message.indexOf("|");
  return KEY.test(bar < 0 ? message : message.slice(0, bar));
}

/** A form message in the translator's language; plain text is returned as it is. */
export function translateMessage(t: Translate, message: string): string {
  const bar = message.indexOf("|");
  const key = bar < 0 ? message : message.slice(0, bar);
  if (!KEY.test(key)) return message;
  let values: MessageValues | undefined;
  if (bar >= 0) {
    try {
      values = JSON.parse(message.slice(bar + 1)) as MessageValues;
    } catch {
      return message;
    }
    for (const [name, value] of Object.entries(values))
      if (typeof value === "string" && KEY.test(value)) values[name] = t(value as MessageKey);
  }
  return t(key as MessageKey, values);
}

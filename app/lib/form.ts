import { useEffect, useRef, useState } from "react";
import type { Submission, SubmissionResult } from "@conform-to/react";

// The form state of the public pages: conform's data (its `reply()` from the actions, its `Submission`
// from the lazily loaded validators, its field metadata's names) with a small hook instead of conform's
// React part, which alone put the form pages over the first visit's JavaScript budget (8.3 KB brotli of
// 110 KB; docs/performance.md). What it keeps of conform's `useForm`: the server's reply shown (errors,
// typed values, `resetForm`), validation on submit and, once a field was checked, on blur or input,
// focus on the first invalid field, `noValidate` (our messages, not the browser's). Staff pages, whose
// forms need more, keep conform's `useForm`; both return metadata of the same shape, so the shared field
// components and the `get*Props` helpers below serve both.

type When = "onSubmit" | "onBlur" | "onInput";
type Errors = Record<string, string[]>;
type Values = Record<string, unknown>;

/** What the server says a field must be (`formConstraints` on the server, from the zod schema). */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
};

export type FormOptions = {
  id: string;
  /** The action's `submission.reply()`; `null` while a post is on the way (nothing changes then). */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Values;
  constraint?: Record<string, FieldConstraint>;
  onValidate?: (context: { formData: FormData }) => Submission<unknown>;
  shouldValidate?: When;
  shouldRevalidate?: When;
  /**
   * Called when the visitor starts on the form: its first focus, or at hydration when focus is already in
   * it (a visitor on a slow phone types before the page's JavaScript has run, and React sees no focus event
   * then). `useClientValidation` loads the form's validator here.
   */
  onStart?: () => void;
  /** Called for every submit, after validation (`submission` is undefined until the validator loaded). */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>, context: { submission?: Submission<unknown> }) => void;
};

/** A field's metadata, named as conform names it (so conform's `fields.x` fits wherever this does). */
export type FieldMeta = FieldConstraint & {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
};

export type FormMeta = {
  id: string;
  errorId: string;
  errors?: string[];
  allErrors: Errors;
  key: string;
  noValidate: boolean;
  /** The form's own validator has arrived (`useClientValidation`): a refused submit is caught in the browser. */
  checksInBrowser: boolean;
  onStart?: () => void;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
};

type State = {
  applied: SubmissionResult<string[]> | null | undefined;
  errors: Errors;
  initialValue: Values;
  validated: Record<string, boolean>;
  /** Bumped when the form's controls go back to their defaults (a `resetForm` reply). */
  generation: number;
  /** Bumped when the first invalid field should take focus (after a refused submit or reply). */
  focus: number;
};

function presentErrors(error: Record<string, string[] | null> | null | undefined, keep: Errors = {}): Errors {
  const next: Errors = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    const list = messages === null ? keep[name] : messages;
    if (list?.length) next[name] = list;
  }
  return next;
}

function initialState(options: FormOptions): State {
  const result = options.lastResult;
  return {
    applied: result,
    errors: presentErrors(result?.error),
    initialValue: (result?.initialValue as Values | null | undefined) ?? options.defaultValue ?? {},
    validated: { ...result?.state?.validated },
    generation: 0,
    focus: 0,
  };
}

/** The state after a new reply from the server (conform's `report`). */
function withReply(state: State, result: SubmissionResult<string[]>, defaultValue: Values | undefined): State {
  if (result.initialValue === null)
    return {
      ...state,
      applied: result,
      errors: {},
      initialValue: defaultValue ?? {},
      validated: {},
      generation: state.generation + 1,
    };
  const errors = presentErrors(result.error, state.errors);
  return {
    ...state,
    applied: result,
    errors,
    initialValue: (result.initialValue as Values | undefined) ?? state.initialValue,
    validated: { ...state.validated, ...result.state?.validated },
    focus: result.status === "error" ? state.focus + 1 : state.focus,
  };
}

function formElement(id: string): HTMLFormElement | null {
  return document.forms.namedItem(id);
}

function isControl(node: EventTarget | null): node is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement;
}

export function usePublicForm(options: FormOptions): [FormMeta, Record<string, FieldMeta>] {
  const { id, lastResult, defaultValue, constraint } = options;
  const [state, setState] = useState(() => initialState(options));
  // The handlers read the latest options (the validator arrives after the first focus).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  let current = state;
  if (lastResult && lastResult !== state.applied) {
    // A new reply: adopt it in this render (React re-renders at once with the new state).
    current = withReply(state, lastResult, defaultValue);
    setState(current);
  }

  // The listeners and effects read the state as last rendered (a new focus request moves focus, not
  // every later change of the errors).
  const live = useRef(current);
  useEffect(() => {
    live.current = current;
  });
  // Check one field (on blur or input) against the whole form's data; only checked fields show errors.
  useEffect(() => {
    const check = (event: Event, when: When) => {
      const control = event.target;
      const { onValidate, shouldValidate = "onSubmit", shouldRevalidate = shouldValidate } = latest.current;
      if (!onValidate || !isControl(control) || !control.name || control.form?.id !== id) return;
      const validated = live.current.validated[control.name];
      if (!(validated ? shouldRevalidate === when : shouldValidate === when)) return;
      const submission = onValidate({ formData: new FormData(control.form!) });
      const found = presentErrors("error" in submission ? submission.error : null);
      setState((s) => {
        const marked = { ...s.validated, [control.name]: true };
        const errors: Errors = s.errors[""] ? { "": s.errors[""] } : {};
        for (const [name, messages] of Object.entries(found)) if (marked[name] && name !== "") errors[name] = messages;
        return { ...s, validated: marked, errors };
      });
    };
    const onInput = (event: Event) => check(event, "onInput");
    const onBlur = (event: Event) => check(event, "onBlur");
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
    };
  }, [id]);

  // Focus already in the form when the page hydrates: the visitor has started (no focus event will come).
  useEffect(() => {
    const focused = document.activeElement;
    if (isControl(focused) && (focused.form?.id === id || formElement(id)?.contains(focused)))
      latest.current.onStart?.();
  }, [id]);

  useEffect(() => {
    if (!current.focus) return;
    for (const element of formElement(id)?.elements ?? []) {
      if (isControl(element) && live.current.errors[element.name]) {
        element.focus();
        break;
      }
    }
  }, [id, current.focus]);

  useEffect(() => {
    if (current.generation) formElement(id)?.reset();
  }, [id, current.generation]);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const { onValidate, onSubmit } = latest.current;
    const native = event.nativeEvent as SubmitEvent;
    const submission = onValidate?.({ formData: new FormData(event.currentTarget, native.submitter) });
    if (submission && submission.status !== "success") {
      event.preventDefault();
      const validated: Record<string, boolean> = { "": true };
      for (const element of event.currentTarget.elements) if (isControl(element)) validated[element.name] = true;
      setState((s) => ({
        ...s,
        validated,
        errors: presentErrors(submission.error),
        focus: s.focus + 1,
      }));
    }
    onSubmit?.(event, { submission });
  };

  const errors = current.errors;
  const form: FormMeta = {
    id,
    errorId: `${id}-error`,
    errors: errors[""],
    allErrors: errors,
    key: String(current.generation),
    noValidate: true,
    checksInBrowser: Boolean(options.onValidate),
    onStart: options.onStart,
    onSubmit: submit,
  };
  const fields = new Proxy({} as Record<string, FieldMeta>, {
    get: (_, name): FieldMeta | undefined => {
      if (typeof name !== "string") return undefined;
      const fieldId = `${id}-${name}`;
      return {
        ...constraint?.[name],
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        errors: errors[name],
        initialValue: current.initialValue[name],
        key: `${current.generation}`,
      };
    },
  });
  return [form, fields];
}

type Described = { errors?: unknown; errorId: string };

function aria(meta: Described, field: boolean) {
  const invalid = typeof meta.errors !== "undefined";
  return invalid ? { "aria-invalid": field || undefined, "aria-describedby": meta.errorId } : {};
}

function defined<T extends object>(props: T): T {
  for (const key of Object.keys(props) as (keyof T)[]) if (props[key] === undefined) delete props[key];
  return props;
}

/** The form element's props: its id (the fields' `form` attribute), submit and focus handlers, `noValidate`. */
export function getFormProps(
  form: Pick<FormMeta, "id" | "onSubmit" | "noValidate"> & Partial<Pick<FormMeta, "checksInBrowser" | "onStart">>,
) {
  // data-checks="browser" says the browser now checks the form before posting (tests wait for it).
  return {
    id: form.id,
    onSubmit: form.onSubmit,
    onFocus: form.onStart,
    noValidate: form.noValidate,
    "data-checks": form.checksInBrowser ? "browser" : undefined,
  };
}

type ControlMeta = Described & FieldConstraint & { id: string; name: string; formId: string; initialValue?: unknown };

function controlProps(meta: ControlMeta) {
  return { id: meta.id, name: meta.name, form: meta.formId, required: meta.required || undefined, ...aria(meta, true) };
}

/** An input's props from a field's metadata (ours or conform's): id, name, constraints, its typed value. */
export function getInputProps(meta: ControlMeta, options: { type: React.HTMLInputTypeAttribute }) {
  return defined({
    ...controlProps(meta),
    type: options.type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    multiple: meta.multiple,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
  });
}

export function getSelectProps(meta: ControlMeta) {
  const value = meta.initialValue;
  return defined({
    ...controlProps(meta),
    multiple: meta.multiple,
    defaultValue: Array.isArray(value) ? value.map((v) => `${v ?? ""}`) : value == null ? undefined : String(value),
  });
}

export function getTextareaProps(meta: ControlMeta) {
  return defined({
    ...controlProps(meta),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    defaultValue: meta.initialValue == null ? undefined : String(meta.initialValue),
  });
}

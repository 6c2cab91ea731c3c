// The one form hook of the site, for public, seller and staff forms alike (docs/decisions/200-one-form-hook-over-conforms-parts.md).
// It keeps conform's parts and protocol: the actions' `submission.reply()` (`SubmissionResult`), the validators'
// `Submission` (`parseWithZod`), conform's field metadata (`FieldMetadata`), read by conform's own
// `getInputProps`, `getSelectProps` and `getTextareaProps`. What it leaves out is conform's form context
// (`createFormContext` under its `useForm`, 7.7 KB as sent), which would put the form pages over the first
// visit's JavaScript budget; its own state is what that context did for these forms: the server's reply
// shown (errors, typed values, `resetForm`), validation on submit and, once a field was checked, on blur or
// input, focus on the first invalid field, `noValidate` (our messages, not the browser's).
import type { FieldMetadata, Submission, SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";

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

/** A field's metadata: conform's own type, so conform's `get*Props` helpers read it. */
export type FieldMeta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export type FormMeta = {
  id: string;
  errorId: string;
  /** The form's own errors (those of no single field). */
  errors?: string[];
  allErrors: Errors;
  key: string;
  /**
   * The form element's props: its id (the fields' `form` attribute), the submit and first-focus handlers,
   * `noValidate`, and data-checks="browser" once the form's own validator has arrived (a refused submit is
   * then caught in the browser; tests wait for it).
   */
  props: {
    id: string;
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
    onFocus?: () => void;
    noValidate: true;
    "data-checks"?: "browser";
  };
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

export function useForm(options: FormOptions): [FormMeta, Record<string, FieldMeta>] {
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
  const key = String(current.generation);
  const form: FormMeta = {
    id,
    errorId: `${id}-error`,
    errors: errors[""],
    allErrors: errors,
    key,
    props: {
      id,
      onSubmit: submit,
      onFocus: options.onStart,
      noValidate: true,
      "data-checks": options.onValidate ? "browser" : undefined,
    },
  };
  const fields = new Proxy({} as Record<string, FieldMeta>, {
    get: (_, name): FieldMeta | undefined => {
      if (typeof name !== "string") return undefined;
      const fieldId = `${id}-${name}`;
      const initialValue = current.initialValue[name];
      const fieldErrors = errors[name];
      return {
        ...constraint?.[name],
        key,
        id: fieldId,
        name,
        formId: id,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        errors: fieldErrors,
        allErrors: fieldErrors ? { [name]: fieldErrors } : {},
        valid: !fieldErrors,
        dirty: false,
        initialValue,
        value: initialValue,
        defaultValue: typeof initialValue === "string" ? initialValue : undefined,
        defaultOptions: Array.isArray(initialValue) ? initialValue.map(String) : undefined,
        defaultChecked: initialValue === "on" || initialValue === true,
      };
    },
  });
  return [form, fields];
}

/** The fields of a form by name (`fields.email`), as `useForm` returns them. */
export type FormFields = ReturnType<typeof useForm>[1];

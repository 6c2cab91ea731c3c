import { type ComponentType, lazy, useEffect } from "react";

/** What tells the page a visitor has reached for a form: focus, a press, a tap. */
const FIRST_USE = ["focusin", "pointerdown", "touchstart"] as const;

/**
 * A lazily loaded form whose code waits for the visitor (the browser's side of a `#lazy/…` module, see
 * review-form.browser.tsx). Under a Suspense boundary the server's markup of the form stays in place
 * until the code is there. When the page is hydrated from the server's HTML and `selector` finds the form
 * there, the code is fetched on the first focus, press or tap inside it (at once when focus is already in
 * it), or when the form leaves the page (so that it is ready when it shows again); in a render in the
 * browser (a visit to a page without the form first) it is fetched at once. A submit before the form is
 * hydrated waits for it and is then made again, so a quick visitor gets the same form as a slow one.
 */
export function lazyUntilUsed<P extends object>(selector: string, load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const form = typeof document === "undefined" ? null : document.querySelector(selector);
    if (!(form instanceof HTMLFormElement)) return { default: await load() };
    const hold = holdSubmits(form);
    await firstUse(form);
    let Form: ComponentType<P>;
    try {
      Form = await load();
    } catch (error) {
      hold.giveUp(); // offline or a new deployment: a held submit goes out as a plain post
      throw error;
    }
    const hydrated = hold.release;
    return {
      default: function HydratedForm(props: P) {
        useEffect(hydrated, []);
        return <Form {...props} />;
      },
    };
  });
}

// The listeners are on the window, in the capture phase: React stops the propagation of events aimed at a
// part of the page it has not hydrated yet, before they would reach the form.
function firstUse(form: HTMLFormElement): Promise<void> {
  if (form.contains(document.activeElement)) return Promise.resolve();
  return new Promise((resolve) => {
    const onUse = (event: Event) => {
      if (event.target instanceof Node && form.contains(event.target)) done();
    };
    const removed = new MutationObserver(() => {
      if (!form.isConnected) done();
    });
    const done = () => {
      removed.disconnect();
      for (const type of FIRST_USE) window.removeEventListener(type, onUse, true);
      resolve();
    };
    for (const type of FIRST_USE) window.addEventListener(type, onUse, { capture: true, passive: true });
    removed.observe(document.body, { childList: true, subtree: true });
  });
}

/** Holds a submit of the server's form until React has hydrated it (`release`) or its code failed (`giveUp`). */
function holdSubmits(form: HTMLFormElement) {
  let held: { submitter: HTMLElement | null } | null = null;
  const onSubmit = (event: SubmitEvent) => {
    if (event.target !== form) return;
    event.preventDefault();
    held = { submitter: event.submitter };
  };
  window.addEventListener("submit", onSubmit, true);
  return {
    release() {
      window.removeEventListener("submit", onSubmit, true);
      const submit = held;
      held = null;
      if (submit && form.isConnected) form.requestSubmit(submit.submitter);
    },
    giveUp() {
      window.removeEventListener("submit", onSubmit, true);
      const submit = held;
      held = null;
      if (submit && form.isConnected) form.submit();
    },
  };
}

import { type ComponentType, lazy, useEffect } from "react";

/** What tells the page a visitor has reached for a part of it: focus, a press, a tap. */
const FIRST_USE = ["focusin", "pointerdown", "touchstart"] as const;

/**
 * A lazily loaded part of a page whose code waits for the visitor (the browser's side of a `#lazy/…` module,
 * see review-form.browser.tsx): a form, or a region of the page with links and forms in it. Under a
 * Suspense boundary the server's markup stays in place until the code is there. When the page is hydrated
 * from the server's HTML and `selector` finds the part there, the code is fetched on the first focus,
 * press, tap or submit inside it (at once when focus is already in it), or when the part leaves the page
 * (so that it is ready when it shows again); in a render in the browser (a visit to a page without the part
 * first) it is fetched at once. A submit of a form in the part before it is hydrated waits for it and is then
 * made again, so a quick visitor gets the same form as a slow one; a link in it works as a plain link.
 */
export function lazyUntilUsed<P extends object>(selector: string, load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const part = typeof document === "undefined" ? null : document.querySelector(selector);
    if (!(part instanceof HTMLElement)) return { default: await load() };
    const hold = holdSubmits(part);
    await firstUse(part, hold.submitted);
    let Part: ComponentType<P>;
    try {
      Part = await load();
    } catch (error) {
      hold.giveUp(); // offline or a new deployment: a held submit goes out as a plain post
      throw error;
    }
    const hydrated = hold.release;
    return {
      default: function HydratedPart(props: P) {
        useEffect(hydrated, []);
        return <Part {...props} />;
      },
    };
  });
}

// The listeners are on the window, in the capture phase: React stops the propagation of events aimed at a
// part of the page it has not hydrated yet, before they would reach the part.
function firstUse(part: HTMLElement, submitted: Promise<void>): Promise<void> {
  if (part.contains(document.activeElement)) return Promise.resolve();
  return new Promise((resolve) => {
    const onUse = (event: Event) => {
      if (event.target instanceof Node && part.contains(event.target)) done();
    };
    const removed = new MutationObserver(() => {
      if (!part.isConnected) done();
    });
    const done = () => {
      removed.disconnect();
      for (const type of FIRST_USE) window.removeEventListener(type, onUse, true);
      resolve();
    };
    for (const type of FIRST_USE) window.addEventListener(type, onUse, { capture: true, passive: true });
    removed.observe(document.body, { childList: true, subtree: true });
    // A submit without a focus or press first (Enter from a field that had focus before the part was
    // looked for, a browser that does not focus a pressed button) is a first use too.
    void submitted.then(done);
  });
}

/**
 * Holds a submit of a form in `part` until React has hydrated the part (`release`) or its code failed
 * (`giveUp`); `submitted` settles at the first such submit.
 */
function holdSubmits(part: HTMLElement) {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let onFirst!: () => void;
  const submitted = new Promise<void>((resolve) => (onFirst = resolve));
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !part.contains(event.target)) return;
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
    onFirst();
  };
  window.addEventListener("submit", onSubmit, true);
  const stop = () => {
    window.removeEventListener("submit", onSubmit, true);
    const submit = held;
    held = null;
    return submit && submit.form.isConnected ? submit : null;
  };
  return {
    submitted,
    release() {
      const submit = stop();
      if (submit) submit.form.requestSubmit(submit.submitter);
    },
    giveUp() {
      stop()?.form.submit();
    },
  };
}

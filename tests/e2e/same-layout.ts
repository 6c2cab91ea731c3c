/**
 * Checks a walk list's `sameLayoutAs` (another state of a page walked in the list, named by that page's name):
 * the name must be a page of the list that is a layout of its own. Called when the list is loaded, so a renamed
 * or mistyped template fails the file rather than quietly dropping a check.
 */
export function checkSameLayout(pages: readonly { name: string; sameLayoutAs?: string }[]): void {
  for (const { name, sameLayoutAs } of pages) {
    if (!sameLayoutAs) continue;
    const template = pages.find((other) => other.name === sameLayoutAs);
    if (!template || template.sameLayoutAs)
      throw new Error(`${name}: sameLayoutAs names "${sameLayoutAs}", which is not a page of its own layout`);
  }
}

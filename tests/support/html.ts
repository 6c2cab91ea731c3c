/**
 * A page's HTML without its scripts: what it renders. A page's messages now travel in its data (an inline
 * script), so "the page does not say X" must look at the rendered part only.
 */
export function renderedHtml(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
}

/** Questions and answers as <details>: open and close without JavaScript, keyboard operable. */
export function Faq({ items, headingId }: { items: { q: string; a: React.ReactNode }[]; headingId?: string }) {
  return (
    <div className="faq" role="group" aria-labelledby={headingId}>
      {items.map((item) => (
        <details key={item.q} className="faq-item">
          <summary>{item.q}</summary>
          <div className="faq-answer">{item.a}</div>
        </details>
      ))}
    </div>
  );
}

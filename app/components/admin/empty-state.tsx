// The back-office's "nothing here" panel: a title, a line of help, and an optional next step.
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="card card-pad empty-state">
      <h2 className="h3">{title}</h2>
      {children ? <p className="muted">{children}</p> : null}
      {action}
    </div>
  );
}

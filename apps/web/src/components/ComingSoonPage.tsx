type ComingSoonPageProps = {
  /** The screen's name, shown as its heading. */
  title: string;
};

/** Stands in for a screen that a later piece of work builds, so every route already resolves. */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <p>This screen is coming soon.</p>
    </div>
  );
}

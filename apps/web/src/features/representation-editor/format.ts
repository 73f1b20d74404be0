/** 'by Jane Officer, 3 Dec 2026, 14:05': who redacted and when, as the server stamped it. */
export function formatWhen(by: string | null | undefined, at: string | null | undefined): string {
  const parts: string[] = [];
  if (by) parts.push(`by ${by}`);
  if (at) {
    const date = new Date(at);
    parts.push(
      Number.isNaN(date.getTime())
        ? at
        : date.toLocaleString('en-GB', {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
          }),
    );
  }
  return parts.join(', ');
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CrashScreen } from './RouteErrorPage';

describe('the app-wide crash screen', () => {
  it("says the spec's 'Error occurred', never 'Something went wrong'", () => {
    const html = renderToStaticMarkup(<CrashScreen detail="x is undefined" />);
    expect(html).toContain('Error occurred');
    expect(html).not.toContain('Something went wrong');
  });
});

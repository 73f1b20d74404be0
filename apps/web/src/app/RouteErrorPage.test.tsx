import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CrashScreen } from './RouteErrorPage';

describe('the crash screen', () => {
  it("says 'Error occurred' with the message and a 'Try again' button, as the spec words it", () => {
    const html = renderToStaticMarkup(<CrashScreen detail="Cannot read the site" />);
    expect(html).toContain('<h1 class="result-title">Error occurred</h1>');
    expect(html).toContain('Cannot read the site');
    expect(html).toMatch(/<button[^>]*><span>Try again<\/span><\/button>/);
    expect(html).not.toMatch(/Something went wrong|Reload/);
  });

  it('falls back to the spec hint when the error has no message', () => {
    expect(renderToStaticMarkup(<CrashScreen detail="" />)).toContain('Please, try again or contact support');
  });
});

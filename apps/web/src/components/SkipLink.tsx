import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** GOV.UK habit: the first thing a keyboard user reaches jumps past the header and menu. */
export function SkipLink() {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Move focus without adding a history entry that the router would treat as navigation.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };

  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={handleClick}>
      Skip to main content
    </a>
  );
}

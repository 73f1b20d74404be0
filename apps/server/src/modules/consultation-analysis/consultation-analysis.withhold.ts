import { detectPersonalData, redactionPlaceholder, type AllowListValues } from '@planning/shared';

/**
 * A last guard on text that leaves for the public (the published representations, the
 * statement's quotes): personal data the officers have not redacted yet (a letter still waiting
 * for its review, a response that greets the writer by name) is withheld as if redacted. The
 * writer's and agent's names are looked for by name; the rest is the editor's own detector
 * (email addresses, telephone numbers, addresses, names after a cue). It only ever removes text.
 * What the council's allow list holds (issue 26 point 2), and the name of a writer who agreed to
 * its publication (point 6), stay.
 */
export function withheld(
  text: string,
  names: readonly (string | null | undefined)[] = [],
  allow: AllowListValues = [],
): string {
  if (text === '') return text;
  const found = detectPersonalData(text, {
    names: names.filter((name): name is string => Boolean(name?.trim())),
    allow,
  });
  let out = text;
  for (const item of [...found].sort((a, b) => b.from - a.from))
    out = `${out.slice(0, item.from)}${redactionPlaceholder(item.kind)}${out.slice(item.to)}`;
  return out;
}

/**
 * Email addresses written so that robots miss them (issue 26): "dave dot hughes61 at outlook dot
 * com", "p.kaur [at] sky [dot] com", "jo.bloggs@ gmail.com", "maria · santos @ gmail · com". The
 * last part must be a top-level domain, so "we met at the park" is never one.
 */

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9_%+'-]*[A-Za-z0-9])?";
const DOT = String.raw`(?:[ \t]*(?:\.|·|\[\.\]|\(\.\)|\[dot\]|\(dot\)|\{dot\}|<dot>)[ \t]*|[ \t]+dot[ \t]+)`;
const AT = String.raw`(?:[ \t]*(?:@|\[at\]|\(at\)|\{at\}|<at>)[ \t]*|[ \t]+at[ \t]+)`;
const TLD = '(?:com|org|net|uk|co|example|io|info|gov|ac|pl|ie|de|fr|me|biz|eu|edu|scot|wales|cymru|london)';
// Found from each "at" outwards: a pattern tried at every letter of a long letter was slow.
const AT_SIGN = new RegExp(AT, 'giu');
const DOMAIN_AFTER = new RegExp(`(?:${LABEL}${DOT}){1,3}${TLD}(?![\\p{L}\\p{N}-])`, 'iuy');
const LOCAL_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}._%+-])${LABEL}(?:${DOT}${LABEL}){0,3}$`, 'iu');

export function findObfuscatedEmails(text: string): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  for (const at of text.matchAll(AT_SIGN)) {
    DOMAIN_AFTER.lastIndex = at.index + at[0].length;
    const domain = DOMAIN_AFTER.exec(text);
    if (!domain) continue;
    const windowStart = Math.max(0, at.index - 80);
    const local = LOCAL_BEFORE.exec(text.slice(windowStart, at.index));
    if (!local) continue;
    const from = windowStart + local.index;
    const to = DOMAIN_AFTER.lastIndex;
    // A plain address is found by the strict pattern; this one must be written around.
    if (!/[ \t[\]()·{}<>]|dot|at/i.test(text.slice(from, to).replace(/@/, ''))) continue;
    found.push({ from, to });
  }
  return found;
}

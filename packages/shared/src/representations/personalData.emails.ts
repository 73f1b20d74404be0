/**
 * Email addresses written so that robots miss them (issue 26): "dave dot hughes61 at outlook dot
 * com", "p.kaur [at] sky [dot] com", "jo.bloggs@ gmail.com", "maria · santos @ gmail · com". The
 * last part must be a top-level domain, so "we met at the park" is never one.
 */

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9_%+'-]*[A-Za-z0-9])?";
const DOT = String.raw`(?:[ \t]*(?:\.|·|\[\.\]|\(\.\)|\[dot\]|\(dot\)|\{dot\}|<dot>)[ \t]*|[ \t]+dot[ \t]+)`;
const AT = String.raw`(?:[ \t]*(?:@|\[at\]|\(at\)|\{at\}|<at>)[ \t]*|[ \t]+at[ \t]+)`;
const TLD = '(?:com|org|net|uk|co|example|io|info|gov|ac|pl|ie|de|fr|me|biz|eu|edu|scot|wales|cymru|london)';
const OBFUSCATED = new RegExp(
  `(?<![\\p{L}\\p{N}._%+-])${LABEL}(?:${DOT}${LABEL}){0,3}${AT}(?:${LABEL}${DOT}){1,3}${TLD}(?![\\p{L}\\p{N}-])`,
  'giu',
);

export function findObfuscatedEmails(text: string): { from: number; to: number }[] {
  const found: { from: number; to: number }[] = [];
  for (const m of text.matchAll(OBFUSCATED)) {
    // A plain address is found by the strict pattern; this one must be written around.
    if (!/[ \t[\]()·{}<>]|dot|at/i.test(m[0].replace(/@/, ''))) continue;
    found.push({ from: m.index, to: m.index + m[0].length });
  }
  return found;
}

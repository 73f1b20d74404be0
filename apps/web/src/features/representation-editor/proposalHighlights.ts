import { Extension } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { proposalStands, type Proposal } from './proposals';

/**
 * The personal-data proposals shown in the text: decorations, not marks, so they are never saved.
 * They follow the text as it is edited, and one whose text changes or gets redacted goes.
 */
type Action = { set: Proposal[] } | { remove: string[] };

export const proposalKey = new PluginKey<DecorationSet>('personalDataProposals');

const decorationOf = (proposal: Proposal) =>
  Decoration.inline(
    proposal.from,
    proposal.to,
    {
      class: 'rep-proposal',
      'data-proposal-id': proposal.id,
      title: `Suggested redaction: ${proposal.kind}`,
    },
    { proposal },
  );

type Extent = { proposal: Proposal; decorations: Decoration[] };

/**
 * Each proposal's extent now: a proposal across blocks is held as one decoration per block (the
 * set splits it), so its pieces are gathered again by id.
 */
function extentsOf(set: DecorationSet): Extent[] {
  const byId = new Map<string, Extent>();
  for (const decoration of set.find()) {
    const proposal = (decoration.spec as { proposal: Proposal }).proposal;
    const known = byId.get(proposal.id);
    if (known) {
      known.proposal.from = Math.min(known.proposal.from, decoration.from);
      known.proposal.to = Math.max(known.proposal.to, decoration.to);
      known.decorations.push(decoration);
    } else {
      byId.set(proposal.id, {
        proposal: { ...proposal, from: decoration.from, to: decoration.to },
        decorations: [decoration],
      });
    }
  }
  return [...byId.values()];
}

function standing(doc: PMNode, set: DecorationSet): DecorationSet {
  const gone = extentsOf(set)
    .filter((extent) => !proposalStands(doc, extent.proposal))
    .flatMap((extent) => extent.decorations);
  return gone.length > 0 ? set.remove(gone) : set;
}

/** The plugin itself (the extension below adds it to the editor; tests use it on a bare state). */
export function proposalPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: proposalKey,
    state: {
      init: () => DecorationSet.empty,
      apply: (tr, set, _old, state) => {
        const action = tr.getMeta(proposalKey) as Action | undefined;
        let next = set.map(tr.mapping, tr.doc);
        if (action && 'set' in action) next = DecorationSet.create(tr.doc, action.set.map(decorationOf));
        if (action && 'remove' in action) {
          const ids = new Set(action.remove);
          next = next.remove(
            next.find(undefined, undefined, (spec) => ids.has((spec as { proposal: Proposal }).proposal.id)),
          );
        }
        return tr.docChanged || action ? standing(state.doc, next) : next;
      },
    },
    props: { decorations: (state) => proposalKey.getState(state) },
  });
}

export const ProposalHighlights = Extension.create({
  name: 'personalDataProposals',
  addProseMirrorPlugins: () => [proposalPlugin()],
});

/** The proposals still standing, at their current positions, in the order of the text. */
export function currentProposals(state: EditorState): Proposal[] {
  const set = proposalKey.getState(state);
  if (!set) return [];
  return extentsOf(set)
    .map((extent) => extent.proposal)
    .sort((a, b) => a.from - b.from);
}

export const setProposals = (tr: Transaction, proposals: Proposal[]) =>
  tr.setMeta(proposalKey, { set: proposals });
export const dropProposals = (tr: Transaction, ids: string[]) => tr.setMeta(proposalKey, { remove: ids });

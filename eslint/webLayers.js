import path from 'node:path';

// The web app's layers, top to bottom (STYLE.md, docs/ARCHITECTURE.md): a file may import its own
// layer or any layer below it, and a feature never imports another feature. The shell (`app/`)
// composes screens and may import anything. Relative imports are resolved against the file, so
// `../../layers/api` from a feature is seen as the feature `layers`, whatever its spelling.
const RANK = { app: 5, features: 4, shared: 3, platform: 2, components: 1, api: 0 };

/** The layer and unit (`features/sites`, `shared/documents`) of a file under apps/web/src. */
function placeOf(file) {
  const marker = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
  const at = file.indexOf(marker);
  if (at < 0) return undefined;
  const parts = file.slice(at + marker.length).split(path.sep);
  if (parts.length === 1) return { layer: 'app', unit: 'app' }; // main.tsx: the entry, on top
  const layer = parts[0];
  if (!(layer in RANK)) return undefined;
  const unit = layer === 'features' || layer === 'shared' ? `${layer}/${parts[1]}` : layer;
  return { layer, unit };
}

const oneWay = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Web app imports run one way: app > features > shared > platform > components, api',
    },
    schema: [],
    messages: {
      upward:
        "'{{from}}' may not import '{{to}}': imports run app > features > shared > platform > components > api.",
      sibling:
        "'{{from}}' may not import '{{to}}': a feature never imports another feature; move what both use into shared/<topic>/.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), source));
      if (!to || to.unit === from.unit) return;
      if (RANK[to.layer] > RANK[from.layer]) {
        context.report({ node, messageId: 'upward', data: { from: from.unit, to: to.unit } });
      } else if (from.layer === 'features' && to.layer === 'features') {
        context.report({ node, messageId: 'sibling', data: { from: from.unit, to: to.unit } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'one-way': oneWay } };

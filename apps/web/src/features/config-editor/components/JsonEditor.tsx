import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { JsonMark, RevealRequest } from './CodeMirrorJson';

// CodeMirror is about 150 kB: fetched only when a JSON editor first shows.
const CodeMirrorJson = lazy(() => import('./CodeMirrorJson'));

export type { JsonMark, RevealRequest };

/** The JSON editor of a config document (spec 03 §2 config editor), with its problems marked. */
export function JsonEditor(props: {
  value: string;
  onChange: (text: string) => void;
  marks: readonly JsonMark[];
  marksFor: string;
  label: string;
  readOnly?: boolean;
  reveal?: RevealRequest | undefined;
}) {
  return (
    <Suspense
      fallback={
        <div className="config-json config-json--loading" role="status" aria-label="Loading the JSON editor">
          <Spin />
        </div>
      }
    >
      <CodeMirrorJson {...props} />
    </Suspense>
  );
}

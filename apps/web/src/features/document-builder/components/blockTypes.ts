import type { DocumentConfig, DocumentEntity } from '@planning/shared';
import type { DraftProblem } from '../draft';

export type Entity<T extends DocumentEntity['type']> = Extract<DocumentEntity, { type: T }>;

export type BlockPropertiesProps = {
  documentId: string;
  entity: DocumentEntity;
  problems: readonly DraftProblem[];
  readOnly: boolean;
  freshId: () => string;
  /** A changed block; `field` groups typing in one field into one undo step. */
  onChange: (entity: DocumentEntity, field: string) => void;
  /** The whole document, and a change to it (a carousel adds and removes its slides). */
  config: DocumentConfig;
  onConfigChange: (change: (config: DocumentConfig) => DocumentConfig, group?: string) => void;
};

export type Typed<T extends DocumentEntity['type']> = BlockPropertiesProps & {
  entity: Entity<T>;
  problemOf: (field: string) => string | undefined;
};

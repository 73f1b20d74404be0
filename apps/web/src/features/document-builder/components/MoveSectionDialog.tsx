import { useState } from 'react';
import { Modal, Select } from 'antd';
import type { DocumentConfig } from '@planning/shared';
import { sectionTargets } from '../configOps';
import { Field } from './fields';

type MoveSectionDialogProps = {
  config: DocumentConfig;
  numbers: Map<string, string>;
  /** The sub-section to move; null while the dialog is closed. */
  sectionId: string | null;
  onMove: (targetId: string) => void;
  onClose: () => void;
};

const titleOf = (config: DocumentConfig, id: string) => {
  const entity = config.entities[id];
  return (entity && 'title' in entity ? entity.title?.trim() : '') || 'Untitled section';
};

/**
 * "Move to section…": the keyboard's way to move a sub-section into another section (the tree
 * does it by dragging). It goes to the end of that section's sub-sections, with all it holds.
 */
export function MoveSectionDialog({ config, numbers, sectionId, onMove, onClose }: MoveSectionDialogProps) {
  const [target, setTarget] = useState<string | undefined>(undefined);
  const targets = sectionId ? sectionTargets(config, sectionId) : [];
  const label = (id: string) => `${numbers.get(id) ? `${numbers.get(id)} ` : ''}${titleOf(config, id)}`;
  return (
    <Modal
      open={sectionId !== null}
      title="Move to another section"
      okText="Move"
      okButtonProps={{ disabled: target === undefined }}
      onOk={() => target && onMove(target)}
      onCancel={onClose}
      afterClose={() => setTarget(undefined)}
      destroyOnHidden
    >
      {sectionId && targets.length === 0 ? (
        <p>There is no other section to move {titleOf(config, sectionId)} into: add one first.</p>
      ) : (
        sectionId && (
          <Field
            label={`Move ${label(sectionId)} into`}
            hint="It goes after that section’s sub-sections, with its blocks and sub-sections."
          >
            {({ id, describedBy }) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                autoFocus
                value={target}
                placeholder="Choose a section"
                style={{ width: '100%' }}
                options={targets.map((option) => ({ value: option, label: label(option) }))}
                onChange={(value: string) => setTarget(value)}
              />
            )}
          </Field>
        )
      )}
    </Modal>
  );
}

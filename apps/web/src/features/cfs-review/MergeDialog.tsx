import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Modal, Radio, Select } from 'antd';
import type { ReviewSubmission } from '@planning/shared';
import { ApiError } from '../../api/client';
import { notifyError } from '../../platform/notices/notifyError';
import { lookupSites, mergeSubmissionSite } from './api';
import { mergeableSites } from './reviewRules';

type Choice = { id: string; label: string };

/**
 * Issue 27 point 4: one submitted site merged into a site already on the register (the same land):
 * the existing sites its boundary meets come first, any other is found by reference or name.
 */
export function MergeDialog({
  open,
  submission,
  onClose,
  onDone,
}: {
  open: boolean;
  submission: ReviewSubmission;
  onClose: () => void;
  onDone: (next: ReviewSubmission, into: { id: string; label: string }) => void;
}) {
  const candidates = mergeableSites(submission.sites);
  const [index, setIndex] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = candidates.find((one) => one.index === index) ?? candidates[0];
  const matches = useQuery({
    queryKey: ['cfs-review', 'site-lookup', text.trim()],
    queryFn: ({ signal }) => lookupSites(text.trim(), signal),
    enabled: open && text.trim().length >= 2 && chosen?.label !== text,
    placeholderData: keepPreviousData,
  });
  const merge = useMutation({
    mutationFn: (target: { siteIndex: number; site: Choice }) =>
      mergeSubmissionSite(submission.id, target.siteIndex, target.site.id),
    onSuccess: (next, target) => onDone(next, target.site),
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setProblem(error.message);
      else notifyError(error);
    },
  });
  const reset = () => {
    setIndex(null);
    setChosen(null);
    setText('');
    setProblem(null);
  };
  const confirm = () => {
    if (!current || !chosen) {
      setProblem('Choose the existing site');
      return;
    }
    setProblem(null);
    merge.mutate({ siteIndex: current.index, site: chosen });
  };

  return (
    <Modal
      open={open}
      title="Merge into an existing site"
      okText="Merge"
      okButtonProps={{ loading: merge.isPending, disabled: !chosen }}
      onOk={confirm}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
    >
      {!current ? (
        <p>Every site of this submission has been added or merged.</p>
      ) : (
        <>
          {candidates.length > 1 && (
            <div className="cfs-review__merge-field">
              <label htmlFor="cfs-merge-submitted">Submitted site</label>
              <Select
                id="cfs-merge-submitted"
                value={current.index}
                onChange={(next) => {
                  setIndex(next);
                  setChosen(null);
                }}
                options={candidates.map((one) => ({ value: one.index, label: one.name }))}
              />
            </div>
          )}
          <p>
            {current.name} becomes part of the existing site: linked to this submission, its availability
            filled from the answers where the site has none. Once every site is added or merged, the submitter
            is emailed that the submission was accepted.
          </p>
          {current.choices.length > 0 && (
            <fieldset className="cfs-review__merge-choices">
              <legend>Existing sites this land meets</legend>
              <Radio.Group
                value={chosen?.id ?? null}
                onChange={(event) => {
                  const picked = current.choices.find((one) => one.id === event.target.value) ?? null;
                  setChosen(picked);
                  setText('');
                }}
                options={current.choices.map((one) => ({ value: one.id, label: one.label }))}
              />
            </fieldset>
          )}
          <div className="cfs-review__merge-field">
            <label htmlFor="cfs-merge-search">
              {current.choices.length > 0 ? 'Or find another site' : 'Find the existing site'} by reference or
              name
            </label>
            <AutoComplete
              id="cfs-merge-search"
              value={text}
              options={(matches.data?.sites ?? []).map((site) => ({
                value: site.id,
                label: [site.id_unique, site.site_name].filter(Boolean).join(' '),
              }))}
              onSearch={(next) => {
                setText(next);
                if (chosen && !current.choices.some((one) => one.id === chosen.id)) setChosen(null);
              }}
              onSelect={(id, option) => {
                const picked = { id: String(id), label: String(option.label) };
                setChosen(picked);
                setText(picked.label);
              }}
              placeholder="For example HELAA/123 or Mill Lane"
            />
          </div>
          {chosen && (
            <p aria-live="polite">
              Merging into <strong>{chosen.label}</strong>
            </p>
          )}
          {problem && <Alert type="error" role="alert" showIcon title={problem} />}
        </>
      )}
    </Modal>
  );
}

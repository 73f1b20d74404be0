import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import {
  availabilityOptions,
  featureAccess,
  ownershipOptions,
  proposedUseOptions,
  submissionStatusLabels,
  type SiteSubmissions,
} from '@planning/shared';
import { useAccess } from '../../platform/session/hooks';
import { fetchSiteSubmissions, siteSubmissionsQueryKey } from './api';
import { answerRows, labelsOf } from './answers';
import './cfs.css';

type Submission = SiteSubmissions['submissions'][number];

const dash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '–');
const day = (value: string | null) =>
  value
    ? new Date(value).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      })
    : '–';

function SubmissionEntry({ submission, headingId }: { submission: Submission; headingId: string }) {
  const d = submission.site.details;
  const answers = answerRows(submission.topics, submission.site.answers);
  return (
    <article className="cfs-site-submission" aria-labelledby={headingId}>
      <h3 id={headingId} className="cfs-site-submission__title">
        <Link to={`/cfs/submissions/${submission.id}`}>{submission.reference ?? 'Submission'}</Link>
        {' – '}
        {submission.site.name || 'Unnamed site'}
      </h3>
      <p className="cfs-site-submission__meta">
        {submission.callName} · {submissionStatusLabels[submission.status]} · submitted{' '}
        {day(submission.submittedAt)}
      </p>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        items={[
          { key: 'submitter', label: 'Submitter', children: dash(submission.contact.name) },
          {
            key: 'email',
            label: 'Email',
            children: submission.contact.email ? (
              <a href={`mailto:${submission.contact.email}`}>{submission.contact.email}</a>
            ) : (
              '–'
            ),
          },
          { key: 'client', label: 'On behalf of', children: dash(submission.onBehalfOf?.name) },
          {
            key: 'ownership',
            label: 'Ownership',
            children: d.ownership ? ownershipOptions[d.ownership] : '–',
          },
          {
            key: 'availability',
            label: 'Available',
            children: d.availability ? availabilityOptions[d.availability] : '–',
          },
          {
            key: 'uses',
            label: 'Proposed uses',
            children: labelsOf(proposedUseOptions, d.proposedUses).join('; ') || '–',
          },
        ]}
      />
      <details className="cfs-site-submission__answers">
        <summary>Questionnaire answers ({answers.length})</summary>
        {answers.length === 0 ? (
          <p>No answers.</p>
        ) : (
          <dl>
            {answers.map((row) => (
              <div key={row.id}>
                <dt>{row.question}</dt>
                <dd>{row.answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </details>
    </article>
  );
}

/**
 * Issue 27 point 4: on a site's page, the call for sites submission it was accepted from or merged
 * from, its reference linking to the review and its answers readable. For staff with the cfs
 * review grant only (the submitter's details with it); without it nothing is asked for or shown.
 */
export function SiteSubmissionsSection({ siteId }: { siteId: string }) {
  const { permitted } = useAccess(featureAccess.cfsReview);
  const found = useQuery({
    queryKey: siteSubmissionsQueryKey(siteId),
    queryFn: ({ signal }) => fetchSiteSubmissions(siteId, signal),
    enabled: permitted,
    retry: false,
  });
  const submissions = found.data?.submissions ?? [];
  if (!permitted || submissions.length === 0) return null;
  return (
    <section className="cfs-site-submissions" aria-labelledby="cfs-site-submissions-heading">
      <h2 id="cfs-site-submissions-heading" className="cfs-site-submissions__heading">
        Call for sites submission{submissions.length === 1 ? '' : 's'}
      </h2>
      {submissions.map((submission, index) => (
        <SubmissionEntry
          key={`${submission.id}-${submission.site.id}`}
          submission={submission}
          headingId={`cfs-site-submission-${index}`}
        />
      ))}
    </section>
  );
}

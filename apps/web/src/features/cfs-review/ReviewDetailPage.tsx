import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import {
  availabilityOptions,
  cfsMergeMessages,
  cfsReviewMessages as R,
  constraintOptions,
  featureAccess,
  ownershipOptions,
  proposedUseOptions,
  rejectSubmissionSchema,
  siteMessages,
  type ReviewSubmission,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { LoadingSpin } from '../../components/LoadingSpin';
import { Permitted } from '../../platform/access/Permitted';
import { notifyError } from '../../platform/notices/notifyError';
import {
  acceptSubmission,
  fetchCall,
  fetchReviewSubmission,
  rejectSubmission,
  reviewQueryKeys,
  startReview,
} from './api';
import { answerRows, labelsOf } from '../../shared/cfs/answers';
import { MergeDialog } from './MergeDialog';
import { OutlineMap } from './OutlineMap';
import {
  formatDay,
  formatHectares,
  formatMoment,
  formatNumber,
  mergeableSites,
  reviewStatusLabel,
  siteChoiceLabel,
  statusColours,
  type ReviewStatus,
} from './reviewRules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import './cfsReview.css';

type Site = ReviewSubmission['sites'][number];
type Topics = Parameters<typeof answerRows>[0];

const dash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '–');
const list = (values: string[]) => (values.length > 0 ? values.join('; ') : '–');

function StatusTag({ status }: { status: ReviewSubmission['status'] }) {
  const label = status === 'draft' ? 'Draft' : reviewStatusLabel(status as ReviewStatus);
  return (
    <Tag
      className="cfs-review__status"
      style={{ color: statusColours[status], borderColor: statusColours[status] }}
    >
      {label}
    </Tag>
  );
}

/**
 * What the site's boundary meets: existing sites, other submissions and the same land as they are
 * now; constraint layers as they were when it arrived (issue 27 point 4), with when.
 */
function Overlaps({ overlaps }: { overlaps: Site['overlaps'] }) {
  const none =
    overlaps.sites.length === 0 &&
    overlaps.submissions.length === 0 &&
    overlaps.layers.length === 0 &&
    !overlaps.sameLandAs;
  if (none) return <p>The boundary meets no existing site, other submission or constraint layer.</p>;
  return (
    <ul className="cfs-review__overlaps">
      {overlaps.sameLandAs && (
        <li>
          <Tag color="purple">
            Same land as{' '}
            <Link to={`/cfs/submissions/${overlaps.sameLandAs.submissionId}`}>
              {overlaps.sameLandAs.reference ?? 'an earlier submission'}
            </Link>
          </Tag>{' '}
          ({overlaps.sameLandAs.site})
        </li>
      )}
      {overlaps.sites.length > 0 && (
        <li>
          Existing sites:{' '}
          {overlaps.sites
            .filter((site, index) => overlaps.sites.findIndex((other) => other.id === site.id) === index)
            .map((site, index) => (
              <span key={site.id}>
                {index > 0 && ', '}
                <Link to={`/site/${site.id}`}>{siteChoiceLabel(site)}</Link>
              </span>
            ))}
        </li>
      )}
      {overlaps.submissions.length > 0 && (
        <li>
          Other submissions:{' '}
          {overlaps.submissions.map((other, index) => (
            <span key={other.id}>
              {index > 0 && ', '}
              <Link to={`/cfs/submissions/${other.id}`}>{other.reference ?? 'Submission'}</Link>
            </span>
          ))}
        </li>
      )}
      {overlaps.layers.length > 0 && (
        <li>
          Constraint layers:{' '}
          {overlaps.layers
            .map(
              (layer) =>
                `${layer.title} (${layer.features} ${layer.features === 1 ? 'feature' : 'features'})`,
            )
            .join(', ')}
        </li>
      )}
    </ul>
  );
}

function SiteSection({ site, number, topics }: { site: Site; number: number; topics: Topics }) {
  const d = site.details;
  const answers = answerRows(topics, site.answers);
  const headingId = `cfs-review-site-${number}`;
  return (
    <section className="cfs-review__site" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId}>
        Site {number}: {site.name || 'Unnamed'}
      </Typography.Title>
      {site.siteId && (
        <p>
          Added as a site:{' '}
          <Link to={`/site/${site.siteId}`}>Open the site for {site.name || `site ${number}`}</Link>
        </p>
      )}
      <div className="cfs-review__site-body">
        <div className="cfs-review__site-map">
          {site.boundary ? (
            <OutlineMap
              height={260}
              label={`Boundary of site ${number}, ${site.name}`}
              outlines={[{ geometry: site.boundary, colour: statusColours.new, name: site.name }]}
            />
          ) : (
            <p>No boundary.</p>
          )}
        </div>
        <Descriptions
          size="small"
          column={1}
          bordered
          className="cfs-review__details"
          items={[
            { key: 'area', label: 'Area', children: formatHectares(site.areaHa) },
            {
              key: 'ownership',
              label: 'Ownership',
              children: d.ownership ? ownershipOptions[d.ownership] : '–',
            },
            { key: 'others', label: 'Other owners', children: dash(d.otherOwners) },
            {
              key: 'availability',
              label: 'Available',
              children: d.availability ? availabilityOptions[d.availability] : '–',
            },
            { key: 'current', label: 'Current use', children: dash(d.currentUse) },
            {
              key: 'uses',
              label: 'Proposed uses',
              children: list(labelsOf(proposedUseOptions, d.proposedUses)),
            },
            { key: 'homes', label: 'Homes', children: formatNumber(d.homes) },
            {
              key: 'floorspace',
              label: 'Floorspace',
              children:
                d.floorspaceM2 === null || d.floorspaceM2 === undefined
                  ? '–'
                  : `${formatNumber(d.floorspaceM2)} m²`,
            },
            {
              key: 'constraints',
              label: 'Constraints known',
              children: list(labelsOf(constraintOptions, d.constraintsKnown)),
            },
            { key: 'notes', label: 'About the constraints', children: dash(d.constraintNotes) },
          ]}
        />
      </div>
      <Typography.Title level={3}>Overlaps</Typography.Title>
      <Overlaps overlaps={site.overlaps} />
      {site.constraintsCheckedAt && (
        <p className="cfs-review__checked">
          Constraint layers as worked out when it was submitted, {formatMoment(site.constraintsCheckedAt)}.
        </p>
      )}
      <Typography.Title level={3}>Questionnaire answers</Typography.Title>
      {answers.length === 0 ? (
        <p>No answers.</p>
      ) : (
        <dl className="cfs-review__answers">
          {answers.map((row) => (
            <div key={row.id}>
              <dt>{row.question}</dt>
              <dd>{row.answer}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Reject: the reason the submitter is sent, required, the server's message on the field. */
function RejectDialog({
  open,
  onClose,
  submission,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  submission: ReviewSubmission;
  onDone: (next: ReviewSubmission) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: (text: string) => rejectSubmission(submission.id, text),
    onSuccess: (next) => {
      setReason('');
      onDone(next);
    },
    onError: (error) => {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'reason') : undefined;
      if (issue) setProblem(issue.message);
      else if (error instanceof ApiError && error.status !== 0) setProblem(error.message);
      else notifyError(error);
    },
  });
  const submit = () => {
    const parsed = rejectSubmissionSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? R.reasonRequired);
      return;
    }
    setProblem(null);
    reject.mutate(parsed.data.reason);
  };
  return (
    <Modal
      open={open}
      title={`Reject ${submission.reference ?? 'this submission'}`}
      okText="Reject"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label="Reason"
          htmlFor="cfs-reject-reason"
          extra="The submitter is emailed this reason."
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          required
        >
          <Input.TextArea
            id="cfs-reject-reason"
            rows={5}
            value={reason}
            aria-required
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Issue 27 point 4: one submission, its sites and overlaps, and the officer's decision. */
export function ReviewDetailPage() {
  const { submissionId = '' } = useParams();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [merging, setMerging] = useState(false);
  const [acceptProblem, setAcceptProblem] = useState<string | null>(null);
  const submission = useQuery({
    queryKey: reviewQueryKeys.submission(submissionId),
    queryFn: ({ signal }) => fetchReviewSubmission(submissionId, signal),
  });
  const callId = submission.data?.callId;
  const call = useQuery({
    queryKey: reviewQueryKeys.call(callId ?? ''),
    queryFn: ({ signal }) => fetchCall(callId!, signal),
    enabled: Boolean(callId),
    retry: false,
  });
  useDocumentTitle(
    submission.data
      ? `Submission ${submission.data.reference ?? ''} – Call for sites submissions`
      : undefined,
  );

  const settle = (next: ReviewSubmission) => {
    queryClient.setQueryData(reviewQueryKeys.submission(next.id), next);
    void queryClient.invalidateQueries({ queryKey: ['cfs-review', 'queue'] });
    void queryClient.invalidateQueries({ queryKey: ['cfs-review', 'analytics'] });
  };
  const review = useMutation({
    mutationFn: () => startReview(submissionId),
    onSuccess: (next) => {
      settle(next);
      void message.success(R.inReview);
    },
    onError: (error) => notifyError(error),
  });
  const accept = useMutation({
    mutationFn: () => acceptSubmission(submissionId),
    onSuccess: (next) => {
      setAccepting(false);
      setAcceptProblem(null);
      settle(next);
      void message.success(R.accepted(next.sites.filter((site) => site.siteId).length));
    },
    onError: (error) => {
      setAccepting(false);
      if (error instanceof ApiError && error.status === 409) setAcceptProblem(error.message);
      else notifyError(error);
    },
  });

  if (submission.isLoading) return <LoadingSpin label="Loading the submission" />;
  if (submission.error || !submission.data)
    return (
      <div className="page cfs-review">
        <Typography.Title level={1}>Submission</Typography.Title>
        <Alert type="error" showIcon title={submission.error?.message ?? 'Submission not found'} />
        <p>
          <Link to="/cfs/submissions">Back to the submissions</Link>
        </p>
      </div>
    );

  const s = submission.data;
  const awaiting = s.status === 'new' || s.status === 'in_review';
  const topics = call.data?.questionnaire.topics ?? [];
  const sitesWord =
    s.sites.length === 1 ? 'Its site becomes a site' : `Each of its ${s.sites.length} sites becomes a site`;

  return (
    <div className="page cfs-review">
      <p className="cfs-review__back">
        <Link to={`/cfs/submissions?callId=${s.callId}&status=${s.status === 'draft' ? 'new' : s.status}`}>
          Back to the submissions
        </Link>
      </p>
      <Typography.Title level={1}>Submission {s.reference ?? ''}</Typography.Title>
      <div className="cfs-review__summary">
        <StatusTag status={s.status} />
        <span>{s.callName}</span>
        <span>Submitted {formatDay(s.submittedAt)}</span>
      </div>
      {s.status === 'rejected' && s.decisionReason && (
        <Alert
          type="info"
          showIcon
          title="Not accepted"
          description={`The reason given: ${s.decisionReason}`}
        />
      )}
      {acceptProblem && (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={acceptProblem}
          description={
            acceptProblem === siteMessages.overlap
              ? 'This land overlaps an existing site. An officer must merge it with the existing site before it can be accepted.'
              : undefined
          }
        />
      )}
      {awaiting && (
        // Spec 01 §6: shown dimmed, saying why, to those who may read but not decide.
        <Permitted needs={featureAccess.cfsDecide}>
          <Space wrap className="cfs-review__actions">
            {s.status === 'new' && (
              <Button loading={review.isPending} onClick={() => review.mutate()}>
                Start review
              </Button>
            )}
            <Button type="primary" onClick={() => setAccepting(true)}>
              Accept
            </Button>
            {mergeableSites(s.sites).length > 0 && (
              <Button onClick={() => setMerging(true)}>Merge into an existing site</Button>
            )}
            <Button danger onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </Space>
        </Permitted>
      )}
      {s.status === 'accepted' && s.sites.some((site) => site.siteId) && (
        <section aria-labelledby="cfs-review-created">
          <Typography.Title level={2} id="cfs-review-created">
            Sites added
          </Typography.Title>
          <ul>
            {s.sites
              .filter((site) => site.siteId)
              .map((site) => (
                <li key={site.id}>
                  <Link to={`/site/${site.siteId}`}>{site.name || 'Site'}</Link>
                </li>
              ))}
          </ul>
        </section>
      )}
      <div className="cfs-review__people">
        <section aria-labelledby="cfs-review-submitter">
          <Typography.Title level={2} id="cfs-review-submitter">
            Submitter
          </Typography.Title>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'name', label: 'Name', children: dash(s.contact.name) },
              { key: 'organisation', label: 'Organisation', children: dash(s.contact.organisation) },
              {
                key: 'email',
                label: 'Email',
                children: s.contact.email ? <a href={`mailto:${s.contact.email}`}>{s.contact.email}</a> : '–',
              },
              { key: 'phone', label: 'Telephone', children: dash(s.contact.phone) },
              {
                key: 'address',
                label: 'Address',
                children: <span className="cfs-review__pre">{dash(s.contact.address)}</span>,
              },
            ]}
          />
        </section>
        <section aria-labelledby="cfs-review-client">
          <Typography.Title level={2} id="cfs-review-client">
            On behalf of
          </Typography.Title>
          {s.onBehalfOf ? (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'name', label: 'Name', children: dash(s.onBehalfOf.name) },
                { key: 'organisation', label: 'Organisation', children: dash(s.onBehalfOf.organisation) },
                {
                  key: 'address',
                  label: 'Address',
                  children: <span className="cfs-review__pre">{dash(s.onBehalfOf.address)}</span>,
                },
              ]}
            />
          ) : (
            <p>The submitter put the land forward for themselves.</p>
          )}
        </section>
      </div>
      {s.sites.map((site, index) => (
        <SiteSection key={site.id} site={site} number={index + 1} topics={topics} />
      ))}
      <Modal
        open={accepting}
        title={`Accept ${s.reference ?? 'this submission'}?`}
        okText="Accept"
        okButtonProps={{ loading: accept.isPending }}
        onOk={() => accept.mutate()}
        onCancel={() => setAccepting(false)}
      >
        <p>
          {sitesWord} of the council, named as submitted, and the submitter is emailed that it was accepted.
        </p>
      </Modal>
      <MergeDialog
        open={merging}
        submission={s}
        onClose={() => setMerging(false)}
        onDone={(next, into) => {
          setMerging(false);
          setAcceptProblem(null);
          settle(next);
          void message.success(cfsMergeMessages.merged(into.label));
        }}
      />
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        submission={s}
        onDone={(next) => {
          setRejecting(false);
          settle(next);
          void message.success(R.rejected);
        }}
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  availabilityOptions,
  BOUNDARY_FILE_LIMITS,
  boundaryFileMessages,
  cfsSubmissionMessages as M,
  constraintOptions,
  ownershipOptions,
  proposedUseOptions,
  SUBMISSION_LIMITS,
  type SubmissionProblem,
} from '@planning/shared';
import { BoundaryMap } from './boundary-map/BoundaryMap';
import { GridReferenceField } from './GridReferenceField';
import { CheckboxGroup, choicesOf, RadioGroup, TextArea, TextField } from './formParts';
import { TopicFields } from './QuestionFields';
import { uploadBoundaryFile } from './submissionApi';
import {
  MY_SUBMISSIONS,
  allQuestions,
  choiceProblem,
  boundaryText,
  emptySite,
  fieldError,
  problemsOn,
  siteNumberProblems,
  stepHref,
  submissionBase,
  type Answer,
  type SiteValues,
} from './submissionForm';
import { StepFrame, SaveButtons, type Editor } from './StepFrame';

/* Issue 27 point 2: a draft's sites: the list (add, remove) and each site's page with its boundary and questions. */

// ---------------------------------------------------------------------------------------------
// Sites.

const siteTitle = (site: SiteValues, index: number) =>
  `Site ${index + 1}${site.name.trim() ? `: ${site.name.trim()}` : ''}`;

export function SitesStep({ editor }: { editor: Editor }) {
  const { submission, values } = editor;
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const problems = problemsOn(editor.problems, 'sites');
  const full = values.sites.length >= SUBMISSION_LIMITS.sitesMax;
  useEffect(() => {
    if (removing !== null) document.getElementById('remove-site-question')?.focus();
  }, [removing]);
  const addSite = async () => {
    const next = { ...values, sites: [...values.sites, emptySite()] };
    if (await editor.persist(next)) void navigate(stepHref(submission.id, 'site', next.sites.length - 1));
  };
  const removeSite = async (index: number) => {
    const name = siteTitle(values.sites[index]!, index);
    const next = { ...values, sites: values.sites.filter((_, at) => at !== index) };
    if (await editor.persist(next)) {
      setRemoving(null);
      setSaid(`${name} removed`);
      requestAnimationFrame(() => document.getElementById('sites-add')?.focus());
    }
  };
  return (
    <StepFrame editor={editor} back={submissionBase(submission.id)} title="Your sites" problems={problems}>
      <p className="cfs-visually-hidden" role="status">
        {said}
      </p>
      {values.sites.length === 0 ? (
        <p className="calls-public__inset">You have not added any sites yet.</p>
      ) : (
        <ul className="cfs-site-list">
          {values.sites.map((site, index) => (
            <li key={index} className="cfs-site-list__item">
              <h2 className="cfs-heading-s">{siteTitle(site, index)}</h2>
              <p className="cfs-hint">{site.boundary ? boundaryText(site) : 'No boundary yet'}</p>
              {removing === index ? (
                <div className="cfs-confirm">
                  <p id="remove-site-question" tabIndex={-1}>
                    Remove {siteTitle(site, index)} and its answers?
                  </p>
                  <div className="cfs-button-group">
                    <button
                      type="button"
                      className="cfs-button cfs-button--warning"
                      disabled={editor.saving}
                      onClick={() => void removeSite(index)}
                    >
                      Yes, remove it
                    </button>
                    <button
                      type="button"
                      className="cfs-link-button"
                      onClick={() => {
                        setRemoving(null);
                        requestAnimationFrame(() => document.getElementById(`remove-site-${index}`)?.focus());
                      }}
                    >
                      No, keep it
                    </button>
                  </div>
                </div>
              ) : (
                <div className="cfs-actions">
                  <Link to={stepHref(submission.id, 'site', index)}>
                    Change<span className="cfs-visually-hidden"> {siteTitle(site, index)}</span>
                  </Link>
                  <button
                    type="button"
                    id={`remove-site-${index}`}
                    className="cfs-link-button"
                    onClick={() => setRemoving(index)}
                  >
                    Remove<span className="cfs-visually-hidden"> {siteTitle(site, index)}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {fieldError(problems, 'sites-add') && (
        <p className="cfs-error-message">
          <span className="cfs-visually-hidden">Error:</span> {fieldError(problems, 'sites-add')}
        </p>
      )}
      {full ? (
        <p className="cfs-hint">{M.tooMany(SUBMISSION_LIMITS.sitesMax)}.</p>
      ) : (
        <button
          type="button"
          id="sites-add"
          className="cfs-button cfs-button--secondary"
          disabled={editor.saving}
          onClick={() => void addSite()}
        >
          {values.sites.length === 0 ? 'Add a site' : 'Add another site'}
        </button>
      )}
      <div className="cfs-button-group">
        <Link className="cfs-button" to={stepHref(submission.id, 'documents')}>
          Continue
        </Link>
        <Link to={MY_SUBMISSIONS}>Come back later</Link>
      </div>
    </StepFrame>
  );
}

function BoundaryField({
  index,
  site,
  error,
  layerIds,
  onChange,
}: {
  index: number;
  layerIds: string[];
  site: SiteValues;
  error: string | undefined;
  onChange: (patch: Pick<SiteValues, 'boundary' | 'areaHa' | 'boundaryFile'>) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shown = uploadError ?? error;
  const describe = ['site-boundary-hint', shown && 'site-boundary-error'].filter(Boolean).join(' ');
  const upload = async (file: File | undefined) => {
    setUploadError(null);
    if (!file) return;
    if (file.size > BOUNDARY_FILE_LIMITS.maxMb * 1024 * 1024) {
      setUploadError(boundaryFileMessages.tooLarge(BOUNDARY_FILE_LIMITS.maxMb));
      return;
    }
    setUploading(true);
    try {
      const result = await uploadBoundaryFile(file);
      onChange({ boundary: result.boundary, areaHa: result.areaHa, boundaryFile: result.fileName });
    } catch (failure) {
      setUploadError(failure instanceof Error ? failure.message : boundaryFileMessages.unreadable);
    } finally {
      setUploading(false);
    }
  };
  return (
    <section
      aria-labelledby="site-boundary-heading"
      className={`cfs-field${shown ? ' cfs-field--error' : ''}`}
    >
      <h2 className="cfs-heading-m" id="site-boundary-heading">
        Boundary
      </h2>
      {/* Drawing on the map is one way to give the boundary (its area is the server's once saved); typed grid references and a file are the others. */}
      <BoundaryMap
        value={site.boundary}
        onChange={(next) => onChange({ boundary: next, areaHa: null, boundaryFile: null })}
        layerIds={layerIds}
        label={`Boundary of site ${index + 1}`}
      />
      <GridReferenceField
        siteNumber={index + 1}
        onBoundary={(boundary, areaHa) => {
          setUploadError(null);
          onChange({ boundary, areaHa, boundaryFile: null });
        }}
      />
      <label className="cfs-label cfs-boundary-upload" htmlFor="site-boundary">
        Upload a boundary file
      </label>
      <div className="cfs-hint" id="site-boundary-hint">
        A zipped shapefile, a GeoPackage, a KML or KMZ file, or GeoJSON, smaller than{' '}
        {BOUNDARY_FILE_LIMITS.maxMb} MB. Every area in the file becomes part of site {index + 1}.
      </div>
      {shown && (
        <p className="cfs-error-message" id="site-boundary-error">
          <span className="cfs-visually-hidden">Error:</span> {shown}
        </p>
      )}
      <input
        id="site-boundary"
        className={`cfs-file${shown ? ' cfs-input--error' : ''}`}
        type="file"
        accept=".zip,.gpkg,.kml,.kmz,.geojson,.json"
        aria-describedby={describe}
        aria-invalid={shown ? true : undefined}
        disabled={uploading}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {/* The map's own summary says the boundary as it changes; this says the upload's progress and failure. */}
      <p className="cfs-visually-hidden" aria-live="polite">
        {uploading ? 'Reading the boundary file' : (uploadError ?? '')}
      </p>
      <p className="cfs-boundary-status">
        {uploading
          ? 'Reading the boundary file…'
          : site.boundary
            ? boundaryText(site)
            : 'No boundary given yet.'}
      </p>
      {site.boundary && !uploading && (
        <button
          type="button"
          className="cfs-link-button"
          onClick={() => {
            onChange({ boundary: null, areaHa: null, boundaryFile: null });
          }}
        >
          Remove the boundary
        </button>
      )}
    </section>
  );
}

export function SiteStep({ editor, index }: { editor: Editor; index: number }) {
  const { submission, values, setValues, topics } = editor;
  const navigate = useNavigate();
  const location = useLocation();
  const site = values.sites[index]!;
  const [local, setLocal] = useState<SubmissionProblem[]>([]);
  const problems = [...local, ...problemsOn(editor.problems, 'site', index)].filter(
    (problem, at, list) => list.findIndex((other) => other.path === problem.path) === at,
  );
  const error = (fieldId: string) => fieldError(problems, fieldId, index);
  const patch = (change: Partial<SiteValues>) =>
    setValues((current) => ({
      ...current,
      sites: current.sites.map((one, at) => (at === index ? { ...one, ...change } : one)),
    }));
  const text =
    (key: 'name' | 'otherOwners' | 'currentUse' | 'homes' | 'floorspaceM2' | 'constraintNotes') =>
    (value: string) =>
      patch({ [key]: value });
  const onAnswer = (questionId: string, answer: Answer) =>
    patch({ answers: { ...site.answers, [questionId]: answer } });
  const hash = decodeURIComponent(location.hash.slice(1));
  const focusQuestion = hash.startsWith('question-') ? hash.slice('question-'.length) : null;
  /** The page's own checks: whole numbers, and no more boxes than a question allows. */
  const check = () => {
    const found = [
      ...siteNumberProblems(site, index),
      ...allQuestions(topics).flatMap((question) => {
        const message = choiceProblem(question, site.answers[question.id]);
        return message ? [{ path: `sites.${index}.answers.${question.id}`, message }] : [];
      }),
    ];
    setLocal(found);
    if (found.length > 0) {
      editor.showProblems(editor.problems);
      return false;
    }
    return true;
  };
  const ownerNote = (
    <TextArea
      id="site-otherOwners"
      label="Who else owns the land?"
      hint="Their names, and whether they support this submission."
      optional
      value={site.otherOwners}
      onChange={text('otherOwners')}
      error={error('site-otherOwners')}
    />
  );
  return (
    <StepFrame
      editor={editor}
      back={stepHref(submission.id, 'sites')}
      title={siteTitle(site, index)}
      problems={problems}
    >
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!check()) return;
          if (await editor.persist(values)) void navigate(stepHref(submission.id, 'sites'));
        }}
      >
        <TextField
          id="site-name"
          label="Site name"
          hint="The name people know it by, or its address. For example, Land at Hop Farm, Mill Lane."
          value={site.name}
          onChange={text('name')}
          error={error('site-name')}
        />
        <BoundaryField
          index={index}
          site={site}
          error={error('site-boundary')}
          layerIds={editor.layerIds}
          onChange={patch}
        />
        <h2 className="cfs-heading-m">About the land</h2>
        <RadioGroup
          id="site-ownership"
          legend="Who owns the land?"
          choices={choicesOf(ownershipOptions)}
          value={site.ownership}
          onChange={(value) => patch({ ownership: value })}
          error={error('site-ownership')}
          conditional={{ part: ownerNote, none: ownerNote }}
        />
        <RadioGroup
          id="site-availability"
          legend="When could the site be available for development?"
          choices={choicesOf(availabilityOptions)}
          value={site.availability}
          onChange={(value) => patch({ availability: value })}
          error={error('site-availability')}
        />
        <TextArea
          id="site-currentUse"
          label="What is the land used for now?"
          optional
          value={site.currentUse}
          onChange={text('currentUse')}
          error={error('site-currentUse')}
          maxLength={SUBMISSION_LIMITS.longTextMax}
        />
        <CheckboxGroup
          id="site-proposedUses"
          legend="What could the site be used for?"
          hint="Select all that apply."
          choices={choicesOf(proposedUseOptions)}
          value={site.proposedUses}
          onChange={(value) => patch({ proposedUses: value })}
          error={error('site-proposedUses')}
        />
        <TextField
          id="site-homes"
          label="How many homes could the site take?"
          optional
          inputMode="numeric"
          width="short"
          value={site.homes}
          onChange={text('homes')}
          error={error('site-homes')}
        />
        <TextField
          id="site-floorspaceM2"
          label="How much other floorspace could it take, in square metres?"
          hint="For offices, industry, shops or community uses."
          optional
          inputMode="numeric"
          width="short"
          suffix="m²"
          value={site.floorspaceM2}
          onChange={text('floorspaceM2')}
          error={error('site-floorspaceM2')}
        />
        <CheckboxGroup
          id="site-constraintsKnown"
          legend="Do you know of any of these constraints on the site?"
          hint="Select all that apply."
          optional
          choices={choicesOf(constraintOptions)}
          value={site.constraintsKnown}
          onChange={(value) => patch({ constraintsKnown: value })}
          error={error('site-constraintsKnown')}
        />
        <TextArea
          id="site-constraintNotes"
          label="Tell us about the constraints, and how they could be overcome"
          optional
          value={site.constraintNotes}
          onChange={text('constraintNotes')}
          error={error('site-constraintNotes')}
          maxLength={SUBMISSION_LIMITS.longTextMax}
        />
        {topics.map((topic) => (
          <TopicFields
            key={topic.id}
            topic={topic}
            focusQuestion={focusQuestion}
            answers={site.answers}
            onAnswer={onAnswer}
            errorOf={(questionId) => error(`question-${questionId}`)}
          />
        ))}
        <SaveButtons editor={editor} beforeLater={check} />
      </form>
    </StepFrame>
  );
}

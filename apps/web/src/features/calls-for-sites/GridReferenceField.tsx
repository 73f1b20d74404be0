import { useState } from 'react';
import { GRID_REFERENCE_LIMITS } from '@planning/shared';
import type { BoundaryShape } from './boundary-map/BoundaryMap';
import { areaText } from './submissionForm';

/**
 * Issue 27 point 7: the site's boundary typed as its corners' grid references, a way that needs
 * neither a pointer nor a GIS file (GOV.UK's details: closed until asked for). The corners replace
 * any boundary given, as an uploaded file does; the map then shows them.
 */
export function GridReferenceField({
  siteNumber,
  onBoundary,
}: {
  siteNumber: number;
  onBoundary: (boundary: BoundaryShape, areaHa: number) => void;
}) {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [said, setSaid] = useState('');
  const [reading, setReading] = useState(false);
  const id = 'site-gridReferences';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const handleUse = async () => {
    setSaid('');
    setReading(true);
    try {
      // With the drawing library's check of crossing edges: the map's chunk, fetched once.
      const { typedBoundary } = await import('./boundary-map/typedBoundary');
      const result = typedBoundary(text);
      if (!result.ok) {
        setProblems(result.problems);
        // The box is described by its errors: moving to it says them.
        requestAnimationFrame(() => document.getElementById(id)?.focus());
        return;
      }
      setProblems([]);
      onBoundary(result.boundary, result.areaHa);
      setSaid(
        `Boundary of site ${siteNumber} set from ${result.corners} corners: ${areaText(result.areaHa)}`,
      );
    } catch {
      setProblems(['The grid references could not be read. Try again']);
    } finally {
      setReading(false);
    }
  };
  return (
    <details className="cfs-details">
      <summary className="cfs-details__summary">
        <span className="cfs-details__summary-text">Enter grid references instead</span>
      </summary>
      <div className="cfs-details__text">
        <div className={`cfs-field${problems.length ? ' cfs-field--error' : ''}`}>
          <label className="cfs-label" htmlFor={id}>
            Grid references of the corners of site {siteNumber}
          </label>
          <div className="cfs-hint" id={hintId}>
            <p>
              Put each corner on its own line, in order around the edge of the site: an Ordnance Survey grid
              reference, like TQ 6210 5380, or an easting and northing in metres, like 562100, 153800.
            </p>
            <p>
              At least {GRID_REFERENCE_LIMITS.minCorners} corners. They replace any boundary already given.
            </p>
          </div>
          {problems.length > 0 && (
            <div className="cfs-error-message" id={errorId}>
              {problems.map((problem) => (
                <p key={problem} className="cfs-error-message__line">
                  <span className="cfs-visually-hidden">Error:</span> {problem}
                </p>
              ))}
            </div>
          )}
          <textarea
            id={id}
            className={`cfs-textarea cfs-textarea--grid${problems.length ? ' cfs-input--error' : ''}`}
            rows={5}
            value={text}
            spellCheck={false}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problems.length ? true : undefined}
            aria-describedby={problems.length ? `${hintId} ${errorId}` : hintId}
          />
        </div>
        <button
          type="button"
          className="cfs-button cfs-button--secondary"
          disabled={reading}
          onClick={() => void handleUse()}
        >
          Use these grid references
        </button>
        <p className="cfs-status-line" role="status">
          {said}
        </p>
      </div>
    </details>
  );
}

import { useSearchParams } from 'react-router';
import { NO_SITE_ASSESSMENT, noSiteAssessmentMessage } from './routeAccess';

/**
 * Says why a staff account landed on the public documents (see homeFor). Plain markup: the public
 * pages carry no antd.
 */
export function NoSiteAssessmentNotice() {
  const [params] = useSearchParams();
  if (params.get('notice') !== NO_SITE_ASSESSMENT) return null;
  return (
    <div className="public-callout" role="status">
      <p className="public-callout__title">{noSiteAssessmentMessage.title}</p>
      <p>{noSiteAssessmentMessage.detail}</p>
    </div>
  );
}

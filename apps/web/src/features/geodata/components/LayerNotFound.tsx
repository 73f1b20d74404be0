import { Link } from 'react-router';
import { Result } from 'antd';

export const layerNotFoundTexts = {
  heading: 'Layer not found',
  noId: 'The address names no layer: open one from the list of layers.',
  unknown: (id: string) => `There is no layer with the id “${id}”. It may have been deleted.`,
  back: 'Back to the layers',
} as const;

/** A layers admin screen whose ?layerId= names no layer of the council. */
export function LayerNotFound({ layerId }: { layerId: string }) {
  return (
    <div className="page geodata-page">
      <Result
        status="404"
        title={<h1 className="page__title">{layerNotFoundTexts.heading}</h1>}
        subTitle={layerId ? layerNotFoundTexts.unknown(layerId) : layerNotFoundTexts.noId}
        extra={<Link to="/admin/placemaker/geodata/layers">{layerNotFoundTexts.back}</Link>}
      />
    </div>
  );
}

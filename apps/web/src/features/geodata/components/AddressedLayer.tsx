import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert } from 'antd';
import type { Layer } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { FullPageSpin } from '../../../components/FullPageSpin';
import { fetchLayer, geodataQueryKeys } from '../api';
import { errorText } from '../errorText';
import { LayerNotFound } from './LayerNotFound';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The layer named by the address's ?layerId= (spec 03 §2 geodata/layers/edit and /view), handed
 * to `children` once loaded. No id, an id that is no layer's, or a layer of another council (the
 * server answers those 404) show as not found, not as an error.
 */
export function AddressedLayer({ children }: { children: (layer: Layer) => ReactNode }) {
  const [params] = useSearchParams();
  const layerId = params.get('layerId')?.trim() ?? '';
  const wellFormed = UUID.test(layerId);
  const layer = useQuery({
    queryKey: geodataQueryKeys.layer(layerId),
    queryFn: ({ signal }) => fetchLayer(layerId, signal),
    enabled: wellFormed,
  });
  const missing =
    !wellFormed ||
    (layer.error instanceof ApiError && (layer.error.status === 404 || layer.error.status === 400));
  if (missing) return <LayerNotFound layerId={layerId} />;
  if (layer.isError)
    return (
      <div className="page geodata-page">
        <Alert type="error" showIcon role="alert" message={errorText(layer.error)} />
      </div>
    );
  if (!layer.data) return <FullPageSpin label="Loading the layer" />;
  return children(layer.data);
}

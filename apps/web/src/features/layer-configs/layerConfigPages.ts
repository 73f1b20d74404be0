// The layer config editors, fetched together as one screen chunk (app/screens.ts).
export { LayersOrderPage } from './LayersOrderPage';
export { LayerTooltipsPage } from './LayerTooltipsPage';
export { MapInfoCardPage } from './MapInfoCardPage';

import { PLACE_SEARCH_LIMITS as L } from './limits';

/** Our words for place search (issue 27 point 2), on the map and from the API. */
export const placeSearchMessages = {
  label: 'Search for a place or postcode',
  hint: 'For example, a town, a village or a postcode like ME19 4AB',
  tooShort: `Enter at least ${L.minLength} letters or numbers of a place or postcode`,
  tooLong: `Enter a place or postcode of ${L.maxLength} characters or fewer`,
  searching: 'Searching…',
  noResults: 'No places found. Check the spelling, or try a nearby town or a postcode',
  failed: 'Places could not be searched just now. Try again, or move the map yourself',
  results: (count: number) => (count === 1 ? '1 place found' : `${count} places found`),
  kinds: { town: 'Town or village', postcode: 'Postcode', feature: 'Place' },
  placeFieldUnknown: 'Choose one of the layer’s fields to search',
  // The layer editor's setting (PUT /layers/{id} placeSearch).
  layerField: 'Found by the public place search',
  layerFieldHint:
    'Anyone can find this field’s values in the public maps’ place search. Leave it empty to keep them out.',
  layerFieldNone: 'Not searched',
  layerKind: 'The field holds',
  layerKinds: { name: 'Place names', postcode: 'Postcodes' },
} as const;
